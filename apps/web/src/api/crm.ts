/**
 * CRM connections (SPEC §7 CRM, /crm/connections): which CRMs this server can connect, the
 * authorize URL (first connection or reconnection), the code exchanged for the connection, its
 * remote lists, their properties and samples, and the lists synchronised as datasets.
 */
import type {
  CrmAuthorizeView, CrmConnectionView, CrmPropertyView, CrmRemoteListPage, CrmSampleView, CrmSynchronizedListView, CrmSynchronizeListBody, CrmType, CrmTypeView,
} from '@catchment/domain';
import { apiDownload, apiRequest } from './client.js';

export type {
  CrmConnectionView, CrmPropertyView, CrmRemoteListPage, CrmRemoteListView, CrmSampleView, CrmSynchronizedListView, CrmType, CrmTypeView,
} from '@catchment/domain';

const connections = '/crm/connections';
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** react-query keys of the CRM screens: a change of the connections refreshes their lists too. */
export const crmQueryKeys = {
  all: ['crm'] as const,
  types: ['crm', 'types'] as const,
  connections: ['crm', 'connections'] as const,
  synchronizedLists: (connectionId: number) => ['crm', 'synchronized-lists', connectionId] as const,
  remoteLists: (connectionId: number, search: string, page: number) => ['crm', 'remote-lists', connectionId, search, page] as const,
  properties: (connectionId: number, listId: string) => ['crm', 'properties', connectionId, listId] as const,
  samples: (connectionId: number, listId: string, properties: readonly string[]) => ['crm', 'samples', connectionId, listId, properties] as const,
};

export function getCrmTypes(signal?: AbortSignal): Promise<CrmTypeView[]> {
  return apiRequest<CrmTypeView[]>('GET', '/crm/types', undefined, withSignal(signal));
}

export function getCrmConnections(signal?: AbortSignal): Promise<CrmConnectionView[]> {
  return apiRequest<CrmConnectionView[]>('GET', connections, undefined, withSignal(signal));
}

/** Where to send the user to grant access: a new connection, or the reconnection of `connectionId`. */
export function crmAuthorizeUrl(type: CrmType, redirectUri: string, state: string, connectionId?: number): Promise<CrmAuthorizeView> {
  const path = connectionId === undefined ? `${connections}/${type}` : `${connections}/${connectionId}/reconnect`;
  return apiRequest<CrmAuthorizeView>('POST', path, { redirectUri, state });
}

/** The code the CRM sent back, exchanged for a new connection. */
export function createCrmConnection(type: CrmType, code: string, redirectUri: string): Promise<CrmConnectionView> {
  return apiRequest<CrmConnectionView>('POST', `${connections}/create`, { type, code, redirectUri });
}

/** The code of a reconnection: new tokens for the connection (the same CRM account). */
export function renewCrmConnection(connectionId: number, code: string, redirectUri: string): Promise<CrmConnectionView> {
  return apiRequest<CrmConnectionView>('PATCH', `${connections}/${connectionId}`, { code, redirectUri });
}

export function deleteCrmConnection(connectionId: number): Promise<void> {
  return apiRequest<void>('DELETE', `${connections}/${connectionId}`);
}

export function getRemoteLists(connectionId: number, search: string, page: number, limit: number, signal?: AbortSignal): Promise<CrmRemoteListPage> {
  const query = new URLSearchParams({ search, page: String(page), limit: String(limit) });
  return apiRequest<CrmRemoteListPage>('GET', `${connections}/${connectionId}/remotelists?${query}`, undefined, withSignal(signal));
}

export function getRemoteListProperties(connectionId: number, listId: string, signal?: AbortSignal): Promise<CrmPropertyView[]> {
  return apiRequest<CrmPropertyView[]>('GET', `${connections}/${connectionId}/remotelists/${encodeURIComponent(listId)}/properties`, undefined, withSignal(signal));
}

export function getRemoteListSamples(connectionId: number, listId: string, properties: readonly string[], signal?: AbortSignal): Promise<CrmSampleView[]> {
  const query = new URLSearchParams({ properties: properties.join(','), limit: '5' });
  return apiRequest<CrmSampleView[]>('GET', `${connections}/${connectionId}/remotelists/${encodeURIComponent(listId)}/samples?${query}`, undefined, withSignal(signal));
}

export function getSynchronizedLists(connectionId: number, signal?: AbortSignal): Promise<CrmSynchronizedListView[]> {
  return apiRequest<CrmSynchronizedListView[]>('GET', `${connections}/${connectionId}/synchronizedlists`, undefined, withSignal(signal));
}

/** A remote list synchronised as a new dataset; its first synchronisation starts at once ('active'). */
export function synchronizeList(connectionId: number, body: CrmSynchronizeListBody): Promise<CrmSynchronizedListView> {
  return apiRequest<CrmSynchronizedListView>('POST', `${connections}/${connectionId}/synchronizedlists`, body);
}

/** Synchronises every list of the connection again now (those not under way already), or only the list `listId`; answers the lists. */
export function synchronizeAll(connectionId: number, listId?: number): Promise<CrmSynchronizedListView[]> {
  return apiRequest<CrmSynchronizedListView[]>('GET', `${connections}/${connectionId}/synchronize${listId === undefined ? '' : `?listId=${listId}`}`);
}

/** The records the last synchronisation could not place, as CSV. */
export function downloadNotPlacedReport(connectionId: number, listId: number): Promise<{ blob: Blob; filename: string }> {
  return apiDownload('GET', `${connections}/${connectionId}/synchronizedlists/${listId}/report`);
}

export function deleteSynchronizedList(connectionId: number, listId: number): Promise<void> {
  return apiRequest<void>('DELETE', `${connections}/${connectionId}/synchronizedlists/${listId}`);
}
