/** Map-level calls under /v2/maps (SPEC §7, Maps). Folder and area calls belong to the editor's sync. */
import type { DistanceUnit, MapDocument, MapExportFormat, MapSort, MapSummary } from '@catchment/domain';
import { apiDownload, apiRequest } from './client.js';

export interface MapList { items: MapSummary[]; total: number; page: number; limit: number }

export interface ListMapsParams { sortBy: MapSort; search?: string; page: number; limit: number }

export function listMaps(params: ListMapsParams, signal?: AbortSignal): Promise<MapList> {
  const query = new URLSearchParams({ sortBy: params.sortBy, page: String(params.page), limit: String(params.limit) });
  if (params.search) query.set('search', params.search);
  return apiRequest<MapList>('GET', `/v2/maps?${query.toString()}`, undefined, { signal });
}

/** A map by its numeric id or its accessId. */
export function fetchMap(id: string | number, signal?: AbortSignal): Promise<MapDocument> {
  return apiRequest<MapDocument>('GET', `/v2/maps/${encodeURIComponent(String(id))}`, undefined, { signal });
}

export function createMap(body: { title?: string; public?: boolean } = {}): Promise<MapDocument> {
  return apiRequest<MapDocument>('POST', '/v2/maps', body);
}

export function renameMap(id: number, title: string): Promise<MapSummary> {
  return apiRequest<MapSummary>('PATCH', `/v2/maps/${id}`, { title });
}

/** Makes the map public (anybody with its link reads it) or private (its owner and members only); the owner only. */
export function setMapPublic(id: number, isPublic: boolean): Promise<MapSummary> {
  return apiRequest<MapSummary>('PATCH', `/v2/maps/${id}`, { public: isPublic });
}

export function deleteMap(id: number): Promise<void> {
  return apiRequest<void>('DELETE', `/v2/maps/${id}`);
}

export function cloneMap(id: number): Promise<MapDocument> {
  return apiRequest<MapDocument>('POST', `/v2/maps/${id}/clone`);
}

export function fetchAccessId(id: number): Promise<{ id: number; accessId: string }> {
  return apiRequest<{ id: number; accessId: string }>('GET', `/v2/maps/${id}/accessid`);
}

/** A PNG picture of the map's visible areas on the basemap, drawn by the server (GET /v2/maps/{id}/screenshot). */
export function downloadMapPicture(id: string): Promise<{ blob: Blob; filename: string }> {
  return apiDownload('GET', `/v2/maps/${encodeURIComponent(id)}/screenshot`);
}

/** The map's areas as a KML or GeoJSON file; `unit` is the one the KML descriptions give distances in. */
export function downloadMapAreas(id: string, format: MapExportFormat, unit: DistanceUnit): Promise<{ blob: Blob; filename: string }> {
  return apiDownload('GET', `/v2/maps/${encodeURIComponent(id)}/export?format=${format}&unit=${unit}`);
}
