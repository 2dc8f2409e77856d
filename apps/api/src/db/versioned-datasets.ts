/**
 * What the loaders of versioned data share (territories: territories/data/dataset-loader.ts,
 * businesses and POI: poi/data/poi-loader.ts). A dataset's rows are written under a new version,
 * out of sight, in short batches; one short transaction, under an advisory lock, makes that
 * version live; then the rows of the other versions are deleted, in batches too.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Advisory lock keys of the publications (migrate.ts uses 727001). */
export const PUBLISH_LOCKS = { territories: 727_002, poi: 727_003 } as const;

/**
 * One publication of a kind at a time, across processes: two servers loading the demo at once on
 * an empty PostgreSQL would otherwise rebuild the derived tables side by side and collide on
 * their keys. Held until the transaction ends.
 */
export async function lockPublications(trx: Transaction<Database>, kind: keyof typeof PUBLISH_LOCKS): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${PUBLISH_LOCKS[kind]})`.execute(trx);
}

const DELETE_BATCH = 2_000;

/** Deletes a dataset's rows of the versions `which` selects, a batch per statement. */
export async function deleteDatasetVersions(
  db: Kysely<Database>, table: 'territory_units' | 'poi_items', datasetId: string,
  which: (column: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<void> {
  for (;;) {
    const deleted = await sql`
      DELETE FROM ${sql.table(table)} WHERE id IN (
        SELECT id FROM ${sql.table(table)} WHERE dataset_id = ${datasetId} AND ${which(sql.ref('version'))} LIMIT ${DELETE_BATCH})`.execute(db);
    if (Number(deleted.numAffectedRows ?? 0) < DELETE_BATCH) return;
  }
}

export interface BatchLimits<T> {
  /** A batch ends at this many items… */
  maxItems: number;
  /** …or when the items' weight (coordinates, bytes) reaches maxWeight, whichever comes first. */
  weight?: (item: T) => number;
  maxWeight?: number;
}

/**
 * Hands the items to `write` in batches, each written before the next is read: every statement
 * stays short, so other queries keep their turn (on PGlite too). Returns how many were written.
 */
export async function writeInBatches<T>(items: AsyncIterable<T>, limits: BatchLimits<T>, write: (batch: T[]) => Promise<void>): Promise<number> {
  let batch: T[] = [];
  let weight = 0;
  let written = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await write(batch);
    written += batch.length;
    batch = [];
    weight = 0;
  };
  for await (const item of items) {
    batch.push(item);
    if (limits.weight) weight += limits.weight(item);
    if (batch.length >= limits.maxItems || (limits.maxWeight !== undefined && weight >= limits.maxWeight)) await flush();
  }
  await flush();
  return written;
}
