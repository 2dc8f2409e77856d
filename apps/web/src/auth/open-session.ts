/**
 * The session record (SPEC §4): after a login or a sign-up, the browser's fingerprint and its
 * approximate place go to POST /Clients/{id}/session; a logout deletes it before logging out.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@catchment/domain';
import { closeSession, describeSession } from '../api/account.js';
import { fetchConfig } from '../api/config.js';
import { queryKeys } from '../api/query-keys.js';
import { currentBrowserTraits, fingerprintOf } from './browser-fingerprint.js';
import { locateByIp } from './ip-location.js';

export async function openSession(queryClient: QueryClient, clientId: number, locale: Locale): Promise<void> {
  const config = await queryClient.fetchQuery({ queryKey: queryKeys.config, queryFn: ({ signal }) => fetchConfig(signal), staleTime: Infinity })
    .catch(() => undefined);
  const { lng, lat } = await locateByIp({ url: config?.ipLocationUrl, locale });
  await describeSession(clientId, { fingerprint: fingerprintOf(currentBrowserTraits()), lng, lat });
}

/** Ends the session record; the logout that follows happens whatever this answers. */
export async function endSession(clientId: number): Promise<void> {
  await closeSession(clientId).catch(() => undefined);
}
