/**
 * The account's app keys (SPEC §3 User appKeys, §7): GET /Clients/{id}/appKeys lists them (a demo
 * key always, a paid key with a paid plan, issued on first reading), DELETE …/appKeys/{key}
 * revokes one at once; the next reading holds a new key of its kind.
 */
import type { AppKeyView } from '@catchment/domain';
import { apiRequest } from './client.js';

export type { AppKeyView } from '@catchment/domain';

const appKeysPath = (clientId: number) => `/Clients/${clientId}/appKeys`;

export function getAppKeys(clientId: number, signal?: AbortSignal): Promise<AppKeyView[]> {
  return apiRequest<AppKeyView[]>('GET', appKeysPath(clientId), undefined, signal ? { signal } : {});
}

/** 404 APP_KEY_NOT_FOUND when the account holds no such live key (revoked already, in another tab). */
export function revokeAppKey(clientId: number, key: string): Promise<void> {
  return apiRequest<void>('DELETE', `${appKeysPath(clientId)}/${encodeURIComponent(key)}`);
}
