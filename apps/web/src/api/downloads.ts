/**
 * Download jobs (SPEC §7; apps/api/src/downloads): the files the user ordered (exports, reports),
 * made by jobs on the server; their list, their file, marked downloaded, retried, deleted.
 */
import type { Country, DownloadJobView, DownloadStarted, ReportOrderBody } from '@catchment/domain';
import { apiDownload, apiRequest } from './client.js';

export type { DownloadJobView } from '@catchment/domain';

const base = (clientId: number) => `/Clients/${clientId}/jobs/downloads`;

export const downloadsQueryKey = (clientId: number) => ['downloads', clientId] as const;

export const fetchDownloads = (clientId: number, signal?: AbortSignal) => apiRequest<DownloadJobView[]>('GET', base(clientId), undefined, { signal });

/** The file of a completed download. */
export const fetchDownloadFile = (clientId: number, id: string) => apiDownload('GET', `${base(clientId)}/${id}/file`);

export const markDownloaded = (clientId: number, id: string) => apiRequest<DownloadJobView>('PATCH', `${base(clientId)}/${id}`, { isDownloaded: true });

export const retryDownload = (clientId: number, id: string) => apiRequest<DownloadJobView>('POST', `${base(clientId)}/${id}/retry`);

export const deleteDownload = (clientId: number, id: string) => apiRequest<void>('DELETE', `${base(clientId)}/${id}`);

/** Orders the divisions export of areas as a download job: its file will be in My downloads. */
export const orderDivisionsDownload = (mapId: string, areaIds: string[], country: Country | null) =>
  apiRequest<DownloadStarted>('POST', `/v2/maps/${mapId}/xlsxreport/divisions?async=1`, { areaIds, ...(country ? { country } : {}) });

/** The completed downloads not downloaded yet: the header's badge. */
export const notDownloadedCount = (downloads: readonly DownloadJobView[]): number =>
  downloads.filter((download) => download.status === 'completed' && !download.isDownloaded).length;

/** Orders the market-study report of areas of the map (POST /v2/maps/{id}/report): the PDF comes to My downloads. */
export const orderReport = (mapId: string, order: ReportOrderBody) =>
  apiRequest<DownloadStarted>('POST', `/v2/maps/${mapId}/report`, order);
