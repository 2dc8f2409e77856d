/**
 * "How to call": the business count with the demo key as a curl command on this app's origin
 * (app-key-curl.ts), over one of the server's catalogues, and what the keyed calls answer.
 */
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../app/copy-button.js';
import { useCatalogues } from '../searches/use-searches.js';
import { businessCountCurl, businessCountExampleFor } from './app-key-curl.js';

export function HowToCall({ demoKey }: { demoKey: string }) {
  const { t } = useTranslation();
  const catalogues = useCatalogues();
  const command = useRef<HTMLElement>(null);
  const curl = useMemo(
    () => businessCountCurl(window.location.origin, demoKey, businessCountExampleFor(catalogues.data ?? [])),
    [demoKey, catalogues.data],
  );

  return (
    <div className="how-to-call" data-testid="how-to-call" aria-labelledby="how-to-call-title">
      <div className="how-to-call-head">
        <h3 id="how-to-call-title">{t('integrations.howToCall.title')}</h3>
        <CopyButton text={curl} selectOnFailure={command} label={t('integrations.howToCall.copy')} testId="how-to-call-copy" />
      </div>
      <p className="muted">{t('integrations.howToCall.intro')}</p>
      <pre className="how-to-call-command"><code ref={command} data-testid="how-to-call-command">{curl}</code></pre>
      <ul className="how-to-call-notes">
        <li>{t('integrations.howToCall.answer')} <code>{'{"counts":[…],"estimated":[…]}'}</code></li>
        <li>
          {t('integrations.howToCall.suggestions')} <code>…/searches/autocompleteNames</code> {t('integrations.howToCall.or')}{' '}
          <code>…/searches/autocompleteCategories</code> {t('integrations.howToCall.withBody')} <code>{'{"datasetName":"…","text":"…"}'}</code>
        </li>
        <li>{t('integrations.howToCall.errors')}</li>
      </ul>
    </div>
  );
}
