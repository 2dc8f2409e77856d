/**
 * Own datasets (SPEC §7 Datasets, Map datasets; apps/api/src/datasets): the account's datasets
 * (list, one, rename or recolour, delete, the CSV of the rows an import could not place), and a
 * map's (its list with the version every write sends, add, show or hide and its column, take off,
 * one row, figures in polygons, the XLSX of the rows in areas, tiles).
 */
import type {
  AggregateMethod, AreaGeometry, ClientDatasetView, DatasetAggregation, MapDatasetItem, MapDatasetList, MapDatasetView,
} from '@catchment/domain';
import { apiDownload, apiRequest } from './client.js';

export type { ClientDatasetView, DatasetAggregation, MapDatasetItem, MapDatasetList, MapDatasetView, PlacementPrecision } from '@catchment/domain';

const accountBase = (clientId: number) => `/Clients/${clientId}/datasets`;

export const fetchDatasets = (clientId: number, signal?: AbortSignal) => apiRequest<ClientDatasetView[]>('GET', accountBase(clientId), undefined, { signal });

export const fetchDataset = (clientId: number, datasetId: number, signal?: AbortSignal) =>
  apiRequest<ClientDatasetView>('GET', `${accountBase(clientId)}/${datasetId}`, undefined, { signal });

export const updateDataset = (clientId: number, datasetId: number, changes: { name?: string; color?: string }) =>
  apiRequest<ClientDatasetView>('PATCH', `${accountBase(clientId)}/${datasetId}`, changes);

export const deleteDataset = (clientId: number, datasetId: number) => apiRequest<void>('DELETE', `${accountBase(clientId)}/${datasetId}`);

/** The rows the import could not place, as CSV. */
export const downloadNotPlacedReport = (clientId: number, datasetId: number) => apiDownload('GET', `${accountBase(clientId)}/${datasetId}/report`);

const mapBase = (mapId: string) => `/v2/maps/${mapId}/datasets`;

export const fetchMapDatasets = (mapId: string, signal?: AbortSignal) => apiRequest<MapDatasetList>('GET', mapBase(mapId), undefined, { signal });

/** Puts the caller's datasets on the map (those on it already stay); the list and its version. */
export const addMapDatasets = (mapId: string, datasetIds: number[], version: number) =>
  apiRequest<MapDatasetList>('POST', `${mapBase(mapId)}/bulk`, { datasets: datasetIds.map((datasetId) => ({ datasetId })), version });

/** Hides or shows a dataset on the map, or sets this map's column for sums (null: the dataset's own). */
export const updateMapDataset = (mapId: string, datasetId: number, changes: { hidden?: boolean; operationColumn?: string | null }, version: number) =>
  apiRequest<MapDatasetView>('PATCH', `${mapBase(mapId)}/${datasetId}`, { ...changes, version });

export const removeMapDataset = (mapId: string, datasetId: number, version: number) =>
  apiRequest<void>('DELETE', `${mapBase(mapId)}/${datasetId}?version=${version}`);

export const fetchMapDatasetItem = (mapId: string, datasetId: number, itemId: number, signal?: AbortSignal) =>
  apiRequest<MapDatasetItem>('GET', `${mapBase(mapId)}/${datasetId}/${itemId}`, undefined, { signal });

export interface AggregationRequest {
  polygons: AreaGeometry[];
  aggregateMethod: AggregateMethod;
  operationColumn?: string;
}

export const aggregateMapDataset = (mapId: string, datasetId: number, request: AggregationRequest, signal?: AbortSignal) =>
  apiRequest<DatasetAggregation>('POST', `${mapBase(mapId)}/${datasetId}/aggregation`, request, { signal });

/** The XLSX of the dataset's rows inside each polygon, one sheet each, named by the labels. */
export const downloadMapDatasetReport = (mapId: string, datasetId: number, polygons: AreaGeometry[], labels: string[]) =>
  apiDownload('POST', `${mapBase(mapId)}/${datasetId}/report`, { polygons, labels });

/**
 * Tile URL template of a dataset's points, absolute as MapLibre needs it. The dataset's version is
 * its lastSyncKey: new rows load new tiles, anything else keeps them.
 */
export function mapDatasetTilesUrl(mapId: string, dataset: Pick<ClientDatasetView, 'id' | 'version'>): string {
  return `${window.location.origin}/api${mapBase(mapId)}/${dataset.id}/tiles/{z}/{x}/{y}.pbf?lastSyncKey=${dataset.version}`;
}
