/**
 * Starting the OAuth round trip of a CRM connection (crm-oauth-flow.ts): a random state kept in
 * this tab, the authorize URL asked for (a first connection, or a reconnection), then the user sent
 * to the CRM, which sends them back to /oauth/{type}.
 */
import { useState } from 'react';
import { useHref } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type CrmType } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { crmAuthorizeUrl } from '../api/crm.js';
import { randomOAuthState, rememberOAuthFlow } from './crm-oauth-flow.js';

/** Where the CRM sends the user back: the app's /oauth/{type} page on this origin. */
export function useOAuthRedirectUri(type: CrmType): string {
  const path = useHref(`/oauth/${type}`);
  return new URL(path, window.location.origin).toString();
}

export interface CrmConnect {
  /** Sends the user to the CRM; `connectionId` reconnects that connection. */
  start(connectionId?: number): Promise<void>;
  starting: boolean;
  error: string | null;
}

export function useCrmConnect(type: CrmType): CrmConnect {
  const { t } = useTranslation();
  const redirectUri = useOAuthRedirectUri(type);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async (connectionId?: number) => {
    setStarting(true);
    setError(null);
    const state = randomOAuthState();
    try {
      const { url } = await crmAuthorizeUrl(type, redirectUri, state, connectionId);
      rememberOAuthFlow(window.sessionStorage, { state, type, connectionId: connectionId ?? null, startedAt: Date.now() });
      window.location.assign(url);
    } catch (caught) {
      setStarting(false);
      setError(caught instanceof ApiError && (caught.status < 500 || caught.code === ERROR_CODES.crmCannotConnect) ? caught.message : t('integrations.crm.connectError'));
    }
  };
  return { start, starting, error };
}
