/**
 * /oauth/{crmType} (SPEC §2, not indexed): where the CRM sends the user back after they granted
 * (or refused) access. The state must be the one this tab kept when the flow started
 * (crm-oauth-flow.ts), else nothing is called; the code is exchanged for a new connection (POST
 * /crm/connections/create) or for a reconnection's new tokens (PATCH /crm/connections/{id}), then
 * the user is back on the integrations page, where a first connection opens the add-list stepper.
 * Every failure is said in the user's language with the way back.
 */
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, FEATURES } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { createCrmConnection, crmQueryKeys, renewCrmConnection } from '../api/crm.js';
import { loginPath } from '../api/session-expiry.js';
import { useNoIndex, usePageTitle } from '../app/page-title.js';
import { useSession } from '../auth/use-session.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { usePlansDialog } from '../plans/plans-dialog-context.js';
import { forgetOAuthFlow, readOAuthReturn, type CrmOAuthReturn } from './crm-oauth-flow.js';
import { useOAuthRedirectUri } from './use-crm-connect.js';
import '../auth/account.css';

/** What the integrations page is told when the user comes back (location state). */
export interface IntegrationsArrival {
  /** A first connection: the add-list stepper opens on it. */
  connected?: number;
  reconnected?: number;
}

export function OAuthCallbackPage() {
  const { t } = useTranslation();
  usePageTitle('titles.integrations');
  useNoIndex();
  const { crmType = '' } = useParams();
  const location = useLocation();
  const { status, user } = useSession();
  // Read once, on arrival: the flow is forgotten below, and a reload finds nothing to exchange.
  const [answer] = useState<CrmOAuthReturn>(() => readOAuthReturn(window.sessionStorage, crmType, new URLSearchParams(location.search)));
  useEffect(() => forgetOAuthFlow(window.sessionStorage), []);

  if (status === 'unknown') return <Frame state="pending"><Pending /></Frame>;
  if (!user) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  if (answer.kind !== 'granted') {
    const message = answer.kind === 'refused'
      ? t('oauth.refused', { reason: answer.description ?? answer.error })
      : t(answer.kind === 'mismatch' ? 'oauth.mismatch' : 'oauth.incomplete');
    return <Frame state={answer.kind}><Failure message={message} /></Frame>;
  }
  return <Exchange answer={answer} />;
}

function Exchange({ answer }: { answer: Extract<CrmOAuthReturn, { kind: 'granted' }> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { flow, code } = answer;
  const redirectUri = useOAuthRedirectUri(flow.type);
  // A query rather than a mutation: React runs effects twice in development, and a code is good once.
  const exchange = useQuery({
    queryKey: ['crm-oauth-exchange', code],
    queryFn: () => (flow.connectionId === null ? createCrmConnection(flow.type, code, redirectUri) : renewCrmConnection(flow.connectionId, code, redirectUri)),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  useEffect(() => {
    const connection = exchange.data;
    if (!connection) return;
    void queryClient.invalidateQueries({ queryKey: crmQueryKeys.all });
    const arrival: IntegrationsArrival = flow.connectionId === null ? { connected: connection.id } : { reconnected: connection.id };
    void navigate('/profile/integrations', { replace: true, state: arrival });
  }, [exchange.data]);

  if (exchange.isError) {
    const error = exchange.error;
    const notAllowed = error instanceof ApiError && error.code === ERROR_CODES.crmNotAllowed;
    // The server's message is in the user's language; a 5xx other than "cannot connect" says little.
    const message = error instanceof ApiError && (error.status < 500 || error.code === ERROR_CODES.crmCannotConnect) ? error.message : t('oauth.failed');
    return <Frame state={notAllowed ? 'not-allowed' : 'failed'}><Failure message={message} notAllowed={notAllowed} /></Frame>;
  }
  return <Frame state="pending"><Pending reconnecting={flow.connectionId !== null} /></Frame>;
}

function Frame({ state, children }: { state: string; children: React.ReactNode }) {
  return (
    <main className="centered-page">
      <section className="card auth-card link-outcome" aria-live="polite" data-testid="oauth-callback" data-state={state}>{children}</section>
    </main>
  );
}

function Pending({ reconnecting = false }: { reconnecting?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="link-outcome-pending">
      <div className="spinner" aria-hidden="true" />
      <p>{t(reconnecting ? 'oauth.reconnecting' : 'oauth.connecting')}</p>
    </div>
  );
}

function Failure({ message, notAllowed = false }: { message: string; notAllowed?: boolean }) {
  const { t } = useTranslation();
  const openPlans = usePlansDialog();
  const access = usePlanAccess();
  const plan = access?.lockOf(FEATURES.crm) ?? null;
  return (
    <>
      <h1>{t('oauth.failedTitle')}</h1>
      <p className="form-error" role="alert" data-testid="oauth-error">{message}</p>
      <div className="card-actions">
        {notAllowed && plan && (
          <button type="button" className="button button-primary" data-testid="oauth-see-plans" onClick={() => openPlans({ plan, feature: FEATURES.crm })}>
            {t('planLock.seePlans')}
          </button>
        )}
        <Link className={notAllowed ? 'button' : 'button button-primary'} to="/profile/integrations" data-testid="oauth-back">{t('oauth.back')}</Link>
      </div>
    </>
  );
}
