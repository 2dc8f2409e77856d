/** One app key of the integrations page: its kind and purpose, state, the key to copy, its figures, Revoke. */
import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppKeyView } from '@catchment/domain';
import { CopyButton } from '../app/copy-button.js';
import { useLocale } from '../i18n/index.js';

interface AppKeyCardProps {
  appKey: AppKeyView;
  onRevoke(): void;
}

export function AppKeyCard({ appKey, onRevoke }: AppKeyCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const value = useRef<HTMLElement>(null);
  const { kind, active } = appKey;
  const name = t(`integrations.appKeys.kinds.${kind}.name`);
  const titleId = `app-key-${kind}-title`;

  return (
    <li className="app-key" data-testid="app-key" data-kind={kind} data-active={active} aria-labelledby={titleId}>
      <div className="app-key-head">
        <h3 id={titleId} data-testid="app-key-name">{name}</h3>
        <span className={`badge ${active ? 'badge-success' : 'badge-warning'}`} data-testid="app-key-state">
          {t(active ? 'integrations.appKeys.active' : 'integrations.appKeys.asleep')}
        </span>
      </div>
      <p className="muted app-key-purpose" data-testid="app-key-purpose">{t(`integrations.appKeys.kinds.${kind}.purpose`)}</p>
      {!active && (
        <p className="app-key-asleep" role="note" data-testid="app-key-asleep">
          {t('integrations.appKeys.asleepNote')}{' '}
          <Link to="/profile/subscription" data-testid="app-key-see-plans">{t('integrations.appKeys.seePlans')}</Link>
        </p>
      )}
      <div className="app-key-value">
        <code ref={value} data-testid="app-key-value">{appKey.key}</code>
        <CopyButton text={appKey.key} selectOnFailure={value} label={t('integrations.appKeys.copyKey', { name })} testId="app-key-copy" />
      </div>
      <dl className="app-key-facts">
        <div className="app-key-fact">
          <dt>{t('integrations.appKeys.callsThisMonth')}</dt>
          <dd data-testid="app-key-calls">{new Intl.NumberFormat(locale).format(appKey.callsThisMonth)}</dd>
        </div>
        <div className="app-key-fact">
          <dt>{t('integrations.appKeys.allowance')}</dt>
          <dd data-testid="app-key-allowance">{t('integrations.appKeys.perMinute', { count: appKey.requestsPerMinute, formatted: new Intl.NumberFormat(locale).format(appKey.requestsPerMinute) })}</dd>
        </div>
        <div className="app-key-fact">
          <dt>{t('integrations.appKeys.created')}</dt>
          <dd data-testid="app-key-created">{new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(appKey.createdAt))}</dd>
        </div>
      </dl>
      <div className="app-key-actions">
        {active && (
          <a className="button button-small" href={`/app/extractor?key=${encodeURIComponent(appKey.key)}`} target="_blank" rel="noopener" data-testid="app-key-extractor">
            {t('integrations.appKeys.openExtractor')}
          </a>
        )}
        <button type="button" className="button button-small button-danger-ghost" data-testid="app-key-revoke" onClick={onRevoke}>
          {t('integrations.appKeys.revoke')}
        </button>
      </div>
    </li>
  );
}
