/**
 * The integrations page's CRM (HubSpot) section (SPEC §4 CRM connection: connected, not
 * configured, expired): a plan without `crm` is told 'You are not allowed to connect a CRM' with
 * the plans; a server without the HubSpot app says so; else Connect (the OAuth round trip through
 * /oauth/hubspot), or the connection with its HubSpot account, Add a list (the stepper),
 * Synchronise now, Disconnect (after a question) and its synchronised lists; an expired one is
 * reconnected. Coming back from a first connection opens the stepper.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, FEATURES } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { crmQueryKeys, deleteCrmConnection, getCrmConnections, getCrmTypes, synchronizeAll, type CrmConnectionView } from '../api/crm.js';
import { LockIcon } from '../plans/plan-lock.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { usePlansDialog } from '../plans/plans-dialog-context.js';
import { AddListDialog } from './add-list-dialog.js';
import { ConfirmDialog } from './confirm-dialog.js';
import type { IntegrationsArrival } from './oauth-callback-page.js';
import { SynchronizedListsView } from './synchronized-lists.js';
import { useCrmConnect } from './use-crm-connect.js';
import { useSynchronizedLists } from './use-synchronized-lists.js';

export function CrmSection() {
  const { t } = useTranslation();
  const access = usePlanAccess();
  const allowed = access?.may(FEATURES.crm) ?? false;
  const types = useQuery({ queryKey: crmQueryKeys.types, queryFn: ({ signal }) => getCrmTypes(signal), enabled: allowed, staleTime: 5 * 60_000 });
  const connections = useQuery({ queryKey: crmQueryKeys.connections, queryFn: ({ signal }) => getCrmConnections(signal), enabled: allowed });
  const configured = types.data?.find((type) => type.type === 'hubspot')?.configured;
  const hubspot = connections.data?.filter((connection) => connection.type === 'hubspot') ?? [];

  let state: string;
  let content;
  if (!access) [state, content] = ['loading', null];
  else if (!allowed) [state, content] = ['not-allowed', <NotAllowed />];
  else if (types.isPending || connections.isPending) [state, content] = ['loading', <p className="muted" data-testid="crm-loading">{t('app.loading')}</p>];
  else if (types.isError || connections.isError) {
    state = 'error';
    content = (
      <div className="form-error" role="alert" data-testid="crm-error">
        <p>{t('integrations.crm.loadError')}</p>
        <button type="button" className="button button-small" onClick={() => { void types.refetch(); void connections.refetch(); }}>{t('app.retry')}</button>
      </div>
    );
  } else if (configured === false && hubspot.length === 0) [state, content] = ['not-configured', <p className="crm-note" data-testid="crm-not-configured">{t('integrations.crm.notConfigured')}</p>];
  else if (hubspot.length === 0) [state, content] = ['not-connected', <Connect />];
  else [state, content] = [hubspot[0]!.state, hubspot.map((connection) => <Connection key={connection.id} connection={connection} />)];

  return (
    <section className="profile-section crm-section" aria-labelledby="crm-title" data-testid="crm-section" data-state={state}>
      <h2 id="crm-title">{t('integrations.crm.title')}</h2>
      <p className="muted">{t('integrations.crm.intro')}</p>
      {content}
    </section>
  );
}

/** SPEC §6: 'You are not allowed to connect a CRM', with the plan that allows it. */
function NotAllowed() {
  const { t } = useTranslation();
  const access = usePlanAccess();
  const openPlans = usePlansDialog();
  const plan = access?.lockOf(FEATURES.crm) ?? null;
  return (
    <div className="plan-lock crm-not-allowed" data-testid="crm-not-allowed" data-plan={plan ?? undefined}>
      <p className="plan-lock-title"><LockIcon size={18} /><strong>{t('errors.crmNotAllowed')}</strong></p>
      {plan && <p>{t('integrations.crm.upgrade', { plan: t(`plans.${plan}`) })}</p>}
      <div className="plan-lock-actions">
        <button type="button" className="button button-primary" data-testid="crm-see-plans" onClick={() => openPlans({ plan, feature: FEATURES.crm })}>
          {t('planLock.seePlans')}
        </button>
      </div>
    </div>
  );
}

function Connect() {
  const { t } = useTranslation();
  const connect = useCrmConnect('hubspot');
  return (
    <div className="crm-connect" data-testid="crm-connect">
      <p>{t('integrations.crm.connectIntro')}</p>
      <button type="button" className="button button-primary" disabled={connect.starting} onClick={() => void connect.start()} data-testid="crm-connect-button">
        {connect.starting ? t('integrations.crm.redirecting') : t('integrations.crm.connect')}
      </button>
      {connect.error && <p className="form-error" role="alert" data-testid="crm-connect-error">{connect.error}</p>}
    </div>
  );
}

function Connection({ connection }: { connection: CrmConnectionView }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const reconnect = useCrmConnect(connection.type);
  const expired = connection.state === 'expired';
  const synchronized = useSynchronizedLists(connection.id, true);
  const arrival = (location.state ?? {}) as IntegrationsArrival;
  const [adding, setAdding] = useState(false);
  const [disconnecting, setDisconnecting] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Back from a first connection: on to its first list (once: the arrival is forgotten).
  useEffect(() => {
    if (arrival.connected !== connection.id) return;
    setAdding(true);
    void navigate('.', { replace: true, state: null });
  }, [arrival.connected, connection.id]);

  // A synchronisation HubSpot refused since the last (re)connection: the connection is expired now, read it again.
  const expiredSince = synchronized.lists?.find((list) => list.lastError === ERROR_CODES.crmConnectionExpired && list.updatedAt > connection.updatedAt)?.updatedAt;
  useEffect(() => {
    if (expiredSince && !expired) void queryClient.invalidateQueries({ queryKey: crmQueryKeys.connections });
  }, [expiredSince, expired]);

  const synchronizeNow = async () => {
    setSyncing(true);
    setError(null);
    try {
      queryClient.setQueryData(crmQueryKeys.synchronizedLists(connection.id), await synchronizeAll(connection.id));
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === ERROR_CODES.crmConnectionExpired) void queryClient.invalidateQueries({ queryKey: crmQueryKeys.connections });
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : t('integrations.crm.lists.synchronizeError'));
    } finally {
      setSyncing(false);
    }
  };

  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(connection.createdAt));
  const lists = synchronized.lists ?? [];
  return (
    <div className="crm-connection" data-testid="crm-connection" data-state={connection.state}>
      <div className="crm-connection-head">
        <span className="crm-logo" aria-hidden="true">H</span>
        <div className="crm-connection-name">
          <h3>{t('integrations.crm.hubspot')}</h3>
          <p className="muted" data-testid="crm-account">{t('integrations.crm.account', { account: connection.remoteAccountId, date: since })}</p>
        </div>
        <span className={expired ? 'badge crm-status crm-status-failed' : 'badge crm-status crm-status-success'} data-testid="crm-connection-state">
          {t(expired ? 'integrations.crm.expired' : 'integrations.crm.connected')}
        </span>
      </div>
      {expired && (
        <div className="crm-expired" role="alert" data-testid="crm-expired">
          <p>{t('integrations.crm.expiredNote')}</p>
          <button type="button" className="button button-primary" disabled={reconnect.starting} onClick={() => void reconnect.start(connection.id)} data-testid="crm-reconnect">
            {reconnect.starting ? t('integrations.crm.redirecting') : t('integrations.crm.reconnect')}
          </button>
          {reconnect.error && <p className="form-error" role="alert">{reconnect.error}</p>}
        </div>
      )}
      {arrival.reconnected === connection.id && !expired && <p className="crm-note" role="status" data-testid="crm-reconnected">{t('integrations.crm.reconnected')}</p>}
      <div className="crm-connection-actions">
        <button type="button" className="button button-primary" disabled={expired} onClick={() => setAdding(true)} data-testid="crm-add-list">{t('integrations.crm.addList')}</button>
        <button type="button" className="button" disabled={expired || syncing || lists.length === 0 || lists.every((list) => list.status === 'active')}
          onClick={() => void synchronizeNow()} data-testid="crm-synchronize-all">
          {t('integrations.crm.synchronizeNow')}
        </button>
        <button type="button" className="button button-danger-ghost" onClick={() => setDisconnecting(true)} data-testid="crm-disconnect">{t('integrations.crm.disconnect')}</button>
      </div>
      {error && <p className="form-error" role="alert" data-testid="crm-connection-error">{error}</p>}
      <h3 className="crm-lists-title">{t('integrations.crm.lists.title')}</h3>
      <SynchronizedListsView connectionId={connection.id} synchronized={synchronized} expired={expired} />
      {adding && <AddListDialog connectionId={connection.id} onClose={() => setAdding(false)} />}
      <ConfirmDialog open={disconnecting} testId="crm-disconnect-dialog"
        title={t('integrations.crm.disconnectTitle')} consequence={t('integrations.crm.disconnectConsequence')}
        confirmLabel={t('integrations.crm.disconnect')} errorMessage={t('integrations.crm.disconnectError')}
        onConfirm={async () => {
          await deleteCrmConnection(connection.id);
          await queryClient.invalidateQueries({ queryKey: crmQueryKeys.all });
        }}
        onClose={() => setDisconnecting(false)} />
    </div>
  );
}
