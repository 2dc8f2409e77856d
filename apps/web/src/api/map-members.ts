/**
 * A map's members (SPEC §3 Map authorised users, §6): registered users its owner shares it with by
 * e-mail, who then edit it too. The owner and the members see the list; only the owner changes it.
 */
import type { MapMember } from '@catchment/domain';
import { apiRequest } from './client.js';

export function listMapMembers(mapId: number, signal?: AbortSignal): Promise<MapMember[]> {
  return apiRequest<MapMember[]>('GET', `/v2/maps/${mapId}/clients`, undefined, { signal });
}

/** Makes the registered user of `email` a member (the server answers the member, even when they were one already). */
export function addMapMember(mapId: number, email: string): Promise<MapMember> {
  return apiRequest<MapMember>('POST', `/v2/maps/${mapId}/clients`, { email });
}

export function removeMapMember(mapId: number, clientId: number): Promise<void> {
  return apiRequest<void>('DELETE', `/v2/maps/${mapId}/clients/${clientId}`);
}
