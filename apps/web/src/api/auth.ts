/** Session and account calls (SPEC §7, Auth and clients). */
import type { LoginBody, SignupBody, User } from '@catchment/domain';
import { apiRequest } from './client.js';
import { cancelSessionExpiry } from './session-expiry.js';

/** The logged-in user; null (or a 401, thrown) for a visitor. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  return (await apiRequest<User | undefined>('GET', '/auth/me', undefined, { signal })) ?? null;
}

export function login(body: LoginBody): Promise<User> {
  return apiRequest<User>('POST', '/auth/login', body);
}

export function signup(body: SignupBody): Promise<User> {
  return apiRequest<User>('POST', '/Clients', body);
}

export async function logout(): Promise<void> {
  await apiRequest<void>('POST', '/auth/logout');
  cancelSessionExpiry();
}
