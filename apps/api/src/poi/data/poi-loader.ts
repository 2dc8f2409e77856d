/**
 * Loads the items of one business/POI dataset (an OpenStreetMap extract, a SIRENE file) into
 * poi_items, the data of record, as territorial datasets are loaded (db/versioned-datasets.ts):
 * 1. the items are written in batches under a new version, out of sight;
 * 2. one short transaction makes that version the dataset's live one and moves
 *    poi_data_state.version on (caches of counts and tiles key on it): every process sees the new
 *    items at once, or none;
 * 3. the items of the other versions are deleted, in batches.
 * A dataset whose content hash is the live one's changes nothing (its items are not even read).
 * A failed or killed load leaves the live version as it was; its staged rows go when the next load
 * of the dataset goes live (only versions older than the one going live are deleted then).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { placeNameKey, type PoiItem } from '@catchment/geodata';
import type { Database } from '../../db/schema.js';
import { deleteDatasetVersions, loadNewVersion, lockPublications, writeInBatches } from '../../db/versioned-datasets.js';
import { dataVersionsMoved } from '../../db/data-versions-signal.js';

/** Items of one INSERT: a few hundred kilobytes of JSON, a statement of some tens of milliseconds. */
const BATCH_ITEMS = 2_000;

export interface PoiDatasetInput {
  /** `osm-pois--andorra`, `sirene--stocketablissement-utf8`. */
  id: string;
  source: 'osm-pois' | 'sirene';
  /** The files it was read from (names only), as `npm run data -- datasets` shows them. */
  files: string[];
  /** Of the files' content and of what the import makes of it (see poi-import.ts). */
  contentHash: string;
  /** The items; asked for only when the content changed. */
  items: () => Promise<AsyncIterable<PoiItem>>;
  /** How many items to expect, for the progress bar; unknown when the source is read as it loads. */
  expectedItems?: () => number | undefined;
}

export interface LoadedPoiDataset {
  id: string;
  items: number;
  catalogues: string[];
  /** The POI data version now live, or, when `unchanged`, the one that already was. */
  version: number;
  unchanged: boolean;
}

export interface PoiLoadOptions {
  onProgress?: (progress: { phase: string; fraction: number }) => void;
}

export async function loadPoiDataset(db: Kysely<Database>, input: PoiDatasetInput, options: PoiLoadOptions = {}): Promise<LoadedPoiDataset> {
  const live = (await sql<{ version: string; content_hash: string; items: number; catalogues: string[] }>`
    SELECT version, content_hash, items, catalogues FROM poi_datasets WHERE id = ${input.id}`.execute(db)).rows[0];
  if (live?.content_hash === input.contentHash) {
    return { id: input.id, items: live.items, catalogues: live.catalogues, version: Number(live.version), unchanged: true };
  }
  const { version, staged } = await loadNewVersion(db, {
    kind: 'poi',
    sequence: 'poi_version_seq',
    datasetId: input.id,
    tables: ['poi_items'],
    stage: async (version) => {
      const staged = await stageItems(db, input, version, options);
      if (staged.items === 0) throw new Error(`${input.files.join(', ')}: no business or point of interest found; the live data is unchanged`);
      return staged;
    },
    publish: (trx, staged, version) => publish(trx, input, staged, version),
  });
  return { id: input.id, ...staged, version, unchanged: false };
}

async function stageItems(db: Kysely<Database>, input: PoiDatasetInput, version: number, options: PoiLoadOptions) {
  const catalogues = new Set<string>();
  let written = 0;
  const items = await writeInBatches(await input.items(), { maxItems: BATCH_ITEMS }, async (batch) => {
    for (const item of batch) catalogues.add(item.catalogue);
    await insertBatch(db, input.id, version, batch);
    written += batch.length;
    const expected = input.expectedItems?.();
    if (expected) options.onProgress?.({ phase: 'database', fraction: Math.min(1, written / expected) });
  });
  return { items, catalogues: [...catalogues].sort() };
}

async function insertBatch(db: Kysely<Database>, datasetId: string, version: number, items: PoiItem[]): Promise<void> {
  const rows = items.map((item) => ({
    catalogue: item.catalogue,
    ref: item.ref,
    name: item.name,
    name_key: item.name ? placeNameKey(item.name) || null : null,
    categories: item.categories,
    tags: item.tags,
    naf: item.naf,
    headcount: item.headcount,
    brand: item.brand,
    address: item.address,
    opening_hours: item.openingHours,
    website: item.website,
    details: item.details,
    country: item.country,
    lon: item.position?.[0] ?? null,
    lat: item.position?.[1] ?? null,
    iris: item.iris,
  }));
  const inserted = await sql`
    INSERT INTO poi_items (dataset_id, version, catalogue, ref, name, name_key, categories, tags, naf, headcount, brand, address,
      opening_hours, website, details, country, position, iris)
    SELECT ${datasetId}, ${version}, catalogue, ref, name, name_key, categories, tags, naf, headcount, brand, address,
      opening_hours, website, details, country,
      CASE WHEN lon IS NULL OR lat IS NULL THEN NULL ELSE ST_SetSRID(ST_MakePoint(lon, lat), 4326) END, iris
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
      catalogue text, ref text, name text, name_key text, categories text[], tags text[], naf text, headcount text, brand text,
      address text, opening_hours text, website text, details jsonb, country text, lon float8, lat float8, iris text)`.execute(db);
  if (Number(inserted.numAffectedRows ?? 0) !== items.length) throw new Error(`${items.length - Number(inserted.numAffectedRows ?? 0)} items of a batch were not written`);
}

/** Makes `version` the dataset's live one, unless a later load already went live (then this one is dropped). */
async function publish(trx: Transaction<Database>, input: PoiDatasetInput, staged: { items: number; catalogues: string[] }, version: number): Promise<void> {
  const updated = await sql`
    INSERT INTO poi_datasets (id, source, files, catalogues, items, content_hash, version, imported_at)
    VALUES (${input.id}, ${input.source}, ${JSON.stringify(input.files)}::jsonb, ${staged.catalogues}::text[], ${staged.items},
      ${input.contentHash}, ${version}, now())
    ON CONFLICT (id) DO UPDATE SET source = EXCLUDED.source, files = EXCLUDED.files, catalogues = EXCLUDED.catalogues,
      items = EXCLUDED.items, content_hash = EXCLUDED.content_hash, version = EXCLUDED.version, imported_at = EXCLUDED.imported_at
    WHERE poi_datasets.version < EXCLUDED.version`.execute(trx);
  if (Number(updated.numAffectedRows ?? 0) === 0) throw new Error(`A later import of ${input.id} went live first; this one was dropped`);
  await sql`UPDATE poi_data_state SET version = ${version}`.execute(trx);
}

export interface PoiDatasetRow {
  id: string;
  source: string;
  files: string[];
  catalogues: string[];
  items: number;
  version: number;
  imported_at: Date;
}

/** The POI datasets in the database (for the command line and checks). */
export async function listPoiDatasets(db: Kysely<Database>): Promise<PoiDatasetRow[]> {
  const { rows } = await sql<Omit<PoiDatasetRow, 'version'> & { version: string }>`
    SELECT id, source, files, catalogues, items, version, imported_at FROM poi_datasets ORDER BY imported_at`.execute(db);
  return rows.map((row) => ({ ...row, version: Number(row.version) }));
}

/** Takes a POI dataset out of the data (its items go with it); false when there is no such dataset. */
export async function removePoiDataset(db: Kysely<Database>, datasetId: string): Promise<boolean> {
  const removed = await db.transaction().execute(async (trx) => {
    await lockPublications(trx, 'poi');
    const deleted = await sql`DELETE FROM poi_datasets WHERE id = ${datasetId}`.execute(trx);
    if (Number(deleted.numAffectedRows ?? 0) === 0) return false;
    // The data version must still move on, so that caches keyed on it are not reused.
    await sql`UPDATE poi_data_state SET version = nextval('poi_version_seq')`.execute(trx);
    return true;
  });
  if (removed) dataVersionsMoved();
  if (removed) await deleteDatasetVersions(db, 'poi_items', datasetId, (column) => sql`${column} IS NOT NULL`);
  return removed;
}

/** The POI data version: moved on by every import that goes live and every dataset removed. */
export async function poiDataVersion(db: Kysely<Database>): Promise<number> {
  return Number((await sql<{ version: string }>`SELECT version FROM poi_data_state`.execute(db)).rows[0]!.version);
}
