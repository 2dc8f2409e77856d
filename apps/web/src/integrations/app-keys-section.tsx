/**
 * The integrations page's app keys (SPEC §3 User appKeys, §7): each key of the account with what
 * it is for, the key to copy, whether it answers (a paid key sleeps while the plan is free), this
 * month's calls, its calls a minute and its date; Revoke (after a confirmation, which then shows
 * the key that replaces it); and how to call with the demo key.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppKeyView } from '@catchment/domain';
import { getAppKeys } from '../api/app-keys.js';
import { queryKeys } from '../api/query-keys.js';
import { AppKeyCard } from './app-key-card.js';
import { HowToCall } from './how-to-call.js';
import { RevokeAppKeyDialog } from './revoke-app-key-dialog.js';

export function AppKeysSection({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const keys = useQuery({ queryKey: queryKeys.appKeys(clientId), queryFn: ({ signal }) => getAppKeys(clientId, signal) });
  const [revoking, setRevoking] = useState<AppKeyView | null>(null);
  const demoKey = keys.data?.find((appKey) => appKey.kind === 'demo');

  return (
    <section className="profile-section app-keys" aria-labelledby="app-keys-title" data-testid="app-keys-section" aria-busy={keys.isFetching || undefined}>
      <h2 id="app-keys-title">{t('integrations.appKeys.title')}</h2>
      <p className="muted">{t('integrations.appKeys.intro')}</p>
      {keys.isPending && <p className="muted" data-testid="app-keys-loading">{t('app.loading')}</p>}
      {keys.isError && (
        <div className="form-error app-keys-error" role="alert" data-testid="app-keys-error">
          <p>{t('integrations.appKeys.loadError')}</p>
          <button type="button" className="button button-small" disabled={keys.isFetching} onClick={() => void keys.refetch()}>{t('app.retry')}</button>
        </div>
      )}
      {keys.data && (
        <ul className="app-key-list" data-testid="app-key-list">
          {keys.data.map((appKey) => <AppKeyCard key={appKey.key} appKey={appKey} onRevoke={() => setRevoking(appKey)} />)}
        </ul>
      )}
      {demoKey && <HowToCall demoKey={demoKey.key} />}
      <RevokeAppKeyDialog clientId={clientId} appKey={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}
