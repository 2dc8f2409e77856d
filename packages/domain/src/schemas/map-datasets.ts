/**
 * A map's own datasets (SPEC §7 Map datasets): which of the users' datasets a map shows, in what
 * order, shown or hidden, and what is asked of their rows (one row, tiles, figures in polygons, the
 * export). The order and every change go under the version of the map's list of datasets, as
 * business searches do theirs.
 */
import { z } from 'zod';
import { AGGREGATE_METHODS, type AggregateMethod } from '../enums.js';
import { areaGeometry, label, mapIdParam } from './common.js';
import type { ClientDatasetView, PlacementPrecision } from './datasets.js';
import { SEARCH_COUNT_MAX_POLYGONS } from './searches.js';

/** A positive id its column can hold: a dataset's is a 32-bit serial, a row's a 64-bit one read as a JavaScript number. */
const positiveId = (message: 'validation.datasetId' | 'validation.datasetItemId', max: number) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(max, { error: message });
const datasetId = positiveId('validation.datasetId', 2_147_483_647);

export const mapDatasetParams = mapIdParam.extend({ datasetId });
export const mapDatasetItemParams = mapDatasetParams.extend({ itemId: positiveId('validation.datasetItemId', Number.MAX_SAFE_INTEGER) });
export const mapDatasetTileParams = mapDatasetParams.extend({
  z: z.coerce.number().int().min(0).max(22),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});
/** `lastSyncKey` only makes the URL new when the dataset changed, so that caches let the old tiles go. */
export const mapDatasetTileQuery = z.object({ lastSyncKey: z.string().max(100).optional() });

const datasetsVersion = z.number({ error: 'validation.datasetsVersion' }).int().positive({ error: 'validation.datasetsVersion' });
const column = z.string().min(1, { error: 'validation.required' }).max(255, { error: 'validation.tooLong' });

/** Rows an export takes at most; above, the user exports fewer or smaller areas. */
export const DATASET_EXPORT_MAX_ROWS = 50_000;

/** At most this many datasets added in one call. */
export const MAP_DATASETS_BULK_MAX = 50;

/** POST /v2/maps/{id}/datasets/bulk: datasets of the caller's own to show on the map (those there already stay as they are). */
export const addMapDatasetsBody = z.object({
  datasets: z.array(z.object({ datasetId })).min(1, { error: 'validation.required' }).max(MAP_DATASETS_BULK_MAX, { error: 'validation.tooManyValues' }),
  version: datasetsVersion.optional(),
});

/** PATCH /v2/maps/{id}/datasets/{datasetId}: shown or hidden, and the column this map aggregates by default (null: the dataset's). */
export const updateMapDatasetBody = z.object({
  hidden: z.boolean().optional(),
  operationColumn: column.nullable().optional(),
  version: datasetsVersion.optional(),
});
export const deleteMapDatasetQuery = z.object({
  version: z.coerce.number({ error: 'validation.datasetsVersion' }).int().positive({ error: 'validation.datasetsVersion' }).optional(),
});
/** PUT …/order: just before or after another of the map's datasets, named by its link's id. */
export const orderMapDatasetBody = z.object({
  version: datasetsVersion,
  referenceClientDatasetToMapV2Id: z.number().int().positive(),
  before: z.boolean(),
});

const polygons = z.array(areaGeometry).min(1, { error: 'validation.noAreas' }).max(SEARCH_COUNT_MAX_POLYGONS, { error: 'validation.tooManyAreas' });

/** POST …/aggregation: one figure per polygon; `operationColumn` defaults to the map's choice, then the dataset's. */
export const datasetAggregationBody = z.object({
  polygons,
  operationColumn: column.optional(),
  aggregateMethod: z.enum(AGGREGATE_METHODS, { error: 'validation.aggregateMethod' }),
});

/** POST …/report: the rows inside each polygon, one sheet each, named by `labels` (else Area 1, 2, …). */
export const datasetReportBody = z.object({
  polygons,
  labels: z.array(label).max(SEARCH_COUNT_MAX_POLYGONS, { error: 'validation.tooManyAreas' }).optional(),
});

/** One of a map's datasets: the link's own fields, and the dataset as its owner sees it. */
export interface MapDatasetView {
  /** The link's id (referenceClientDatasetToMapV2Id of an order). */
  id: number;
  datasetId: number;
  hidden: boolean;
  /** This map's choice of column for sums and averages; null: the dataset's own. */
  operationColumn: string | null;
  addedBy: number | null;
  dataset: ClientDatasetView;
}

export interface MapDatasetList { version: number; datasets: MapDatasetView[] }

/** PATCH …/{datasetId}: the link as it is now, and the map's datasets' version the change moved to (no GET needed to catch up). */
export interface MapDatasetUpdated extends MapDatasetView { datasetsVersion: number }

/** DELETE …/{datasetId}: the map's datasets' version the removal moved to. */
export interface MapDatasetRemoved { datasetsVersion: number }

/** GET …/{datasetId}/{itemId}: one row, its cells by column name. */
export interface MapDatasetItem {
  id: number;
  rowNumber: number;
  fields: Record<string, string>;
  /** [longitude, latitude], or null when the row could not be placed. */
  position: [number, number] | null;
  precision: PlacementPrecision | null;
}

/** The aggregation's answer: one value per polygon, in their order (null: an average of no numbers). */
export interface DatasetAggregation { aggregateMethod: AggregateMethod; operationColumn: string | null; values: (number | null)[] }
