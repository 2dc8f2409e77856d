/** Own data: importing an uploaded file as a dataset (SPEC §7 Data files, Datasets), and a dataset as the API shows it. */
import { z } from 'zod';
import { DATASET_COLOR_PALETTE } from '../constants.js';
import { clientIdParam } from './auth.js';
import { lngLat } from './common.js';

/** One of the datasets' palette (SPEC §9), in any case. */
export const datasetColor = z.string().transform((value) => value.toLowerCase()).refine(
  (value) => (DATASET_COLOR_PALETTE as readonly string[]).includes(value), { error: 'validation.datasetColor' },
);

const column = z.string().min(1, { error: 'validation.required' }).max(255, { error: 'validation.tooLong' });

/** Address parts, each the name of the column holding it. */
export const addressColumns = z.object({
  street: column.optional(),
  housenumber: column.optional(),
  postcode: column.optional(),
  city: column.optional(),
  country: column.optional(),
  /** The whole address in one column ("Hauptstraße 11, 95463 Bindlach"); the parts above, when given, win. */
  line: column.optional(),
}).refine((address) => Object.values(address).some(Boolean), { error: 'validation.addressColumns' });
export type AddressColumns = z.output<typeof addressColumns>;

/**
 * POST /Clients/{id}/dataFiles/{fileId}/import: where each row's position is (two coordinate
 * columns, one "latitude, longitude" column, or address columns to geocode), its name and colour.
 */
export const importDataFileBody = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }),
  color: datasetColor.optional(),
  latitudeColumn: column.optional(),
  longitudeColumn: column.optional(),
  latLngColumn: column.optional(),
  address: addressColumns.optional(),
  /** The numeric column summed or averaged per area by default. */
  operationColumn: column.optional(),
}).superRefine((body, ctx) => {
  const byColumns = body.latitudeColumn !== undefined || body.longitudeColumn !== undefined;
  const ways = [byColumns, body.latLngColumn !== undefined, body.address !== undefined].filter(Boolean).length;
  if (ways !== 1) ctx.addIssue({ code: 'custom', path: ['latitudeColumn'], message: 'validation.positionColumns' });
  else if (byColumns && (body.latitudeColumn === undefined || body.longitudeColumn === undefined)) {
    ctx.addIssue({ code: 'custom', path: [body.latitudeColumn === undefined ? 'latitudeColumn' : 'longitudeColumn'], message: 'validation.required' });
  }
});
export type ImportDataFileBody = z.output<typeof importDataFileBody>;

export const datasetParams = clientIdParam.extend({
  datasetId: z.coerce.number({ error: 'validation.datasetId' }).int().positive({ error: 'validation.datasetId' }),
});

/** PATCH /Clients/{id}/datasets/{datasetId}: its name, colour, or default column. */
export const updateDatasetBody = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }).optional(),
  color: datasetColor.optional(),
  operationColumn: column.nullable().optional(),
});

/** At most this many rows added in one call (a file is uploaded instead). */
export const DATASET_ITEMS_MAX = 1_000;

/** A row added by hand or by a script: its fields by column name, and its position. */
export const datasetItem = z.object({
  fields: z.record(column, z.string().max(10_000, { error: 'validation.tooLong' })).default({}),
  position: lngLat,
});
const datasetItems = z.array(datasetItem).max(DATASET_ITEMS_MAX, { error: 'validation.tooManyItems' });

/** POST /Clients/{id}/datasets: a dataset made without a file (its columns, and rows if any). */
export const createDatasetBody = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }),
  color: datasetColor.optional(),
  columns: z.array(column).min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooManyItems' })
    .refine((columns) => new Set(columns).size === columns.length, { error: 'validation.duplicateColumn' }),
  operationColumn: column.optional(),
  items: datasetItems.default([]),
});

export type CreateDatasetBody = z.output<typeof createDatasetBody>;
export type DatasetItem = z.output<typeof datasetItem>;

/** POST /Clients/{id}/datasets/{datasetId}: rows added to a dataset. */
export const addDatasetItemsBody = z.object({ items: datasetItems.min(1, { error: 'validation.required' }) });

export type DatasetStatus = 'importing' | 'ready' | 'failed';
/** How a row was placed: by its coordinates, or by the geocoder at one of its precisions. */
export type PlacementPrecision = 'coordinates' | 'housenumber' | 'street' | 'postcode' | 'city';

/** An account's dataset. */
export interface ClientDatasetView {
  id: number;
  name: string;
  color: string;
  source: 'file' | 'hubspot';
  columns: string[];
  operationColumn: string | null;
  status: DatasetStatus;
  /** 0–1 while importing. */
  progress: number;
  error: string | null;
  rowCount: number;
  /** Rows placed on the map. */
  pointCount: number;
  notGeocodedCount: number;
  /** Placed rows per precision. */
  precisions: Partial<Record<PlacementPrecision, number>>;
  /**
   * The columns that hold numbers (four filled cells in five at least, read as the import reads
   * them), in the columns' order: those to offer for sums and averages. Empty until imported.
   */
  numericColumns: string[];
  version: number;
  createdAt: string;
  updatedAt: string;
}
