/**
 * The users of a subscription (SPEC §7, Clients calls): GET, POST and DELETE
 * /Clients/{id}/subscribers with {email}, POST …/subscribers/owner (the ownership's transfer), and
 * HEAD /Clients/email/{email}, which tells whether an e-mail belongs to a registered user before
 * one is added (SPEC §5).
 */
import type { SubscribersResponse } from '@catchment/domain';
import { ApiError, apiRequest } from './client.js';

const subscribersPath = (clientId: number) => `/Clients/${clientId}/subscribers`;

export function getSubscribers(clientId: number, signal?: AbortSignal): Promise<SubscribersResponse> {
  return apiRequest<SubscribersResponse>('GET', subscribersPath(clientId), undefined, signal ? { signal } : {});
}

/** Gives a licence (owner): 404 SUBSCRIBER_UNKNOWN, 409 SUBSCRIBER_HAS_LICENCE or LICENCES_EXHAUSTED otherwise. */
export function addSubscriber(clientId: number, email: string): Promise<SubscribersResponse> {
  return apiRequest<SubscribersResponse>('POST', subscribersPath(clientId), { email });
}

/** Takes a licence back (owner); 409 OWNER_LICENCE for the owner's own. */
export function removeSubscriber(clientId: number, email: string): Promise<SubscribersResponse> {
  return apiRequest<SubscribersResponse>('DELETE', subscribersPath(clientId), { email });
}

/** Makes another user of the subscription its owner; the caller keeps a licence without admin rights. */
export function transferOwnership(clientId: number, email: string): Promise<SubscribersResponse> {
  return apiRequest<SubscribersResponse>('POST', `${subscribersPath(clientId)}/owner`, { email });
}

/**
 * Whether a registered user has this e-mail: true or false, or null when the server could not
 * say (too many checks in a minute, a network failure): adding them then lets the server decide.
 */
export async function emailHasAccount(email: string): Promise<boolean | null> {
  try {
    await apiRequest<void>('HEAD', `/Clients/email/${encodeURIComponent(email)}`);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    return null;
  }
}
