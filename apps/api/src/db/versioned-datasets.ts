/**
 * What the loaders of versioned data share (territories: territories/data/dataset-loader.ts,
 * businesses and POI: poi/data/poi-loader.ts, addresses: geocoding/data/address-loader.ts). A
 * dataset's rows are written under a new version, out of sight, in short batches; one short
 * transaction, under an advisory lock, makes that version live; then the rows of the other
 * versions are deleted, in batches too. A load whose content hash is the live one's changes nothing.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import { dataVersionsMoved } from './data-versions-signal.js';

/** Advisory lock keys of the publications (migrate.ts uses 727001). */
export const PUBLISH_LOCKS = { territories: 727_002, poi: 727_003, addresses: 727_004 } as const;

/** The tables whose rows carry a dataset id and a version. */
export type VersionedTable = 'territory_units' | 'poi_items' | 'addresses' | 'address_streets';

export interface VersionLoad<Staged> {
  /** Whose publications take turns (one advisory lock per kind). */
  kind: keyof typeof PUBLISH_LOCKS;
  /** The sequence the new version is drawn from. */
  sequence: string;
  datasetId: string;
  /** Where the load stages rows: they are deleted if it fails, and their older versions once it is live. */
  tables: readonly VersionedTable[];
  /** Writes the rows under the version, out of sight (short statements). */
  stage: (version: number) => Promise<Staged>;
  /** Makes the version live, inside the transaction that holds the kind's lock. */
  publish: (trx: Transaction<Database>, staged: Staged, version: number) => Promise<void>;
}

/**
 * One load of a dataset under a new version: staged, then published in one transaction; a failure
 * anywhere leaves the live version as it was and deletes what was staged; once live, the rows of
 * older versions are deleted (not those of a newer load running beside it).
 */
export async function loadNewVersion<Staged>(db: Kysely<Database>, load: VersionLoad<Staged>): Promise<{ version: number; staged: Staged }> {
  const version = Number((await sql<{ v: string }>`SELECT nextval(${load.sequence}::regclass) AS v`.execute(db)).rows[0]!.v);
  let staged: Staged;
  try {
    staged = await load.stage(version);
    await db.transaction().execute(async (trx) => {
      await lockPublications(trx, load.kind);
      await load.publish(trx, staged, version);
    });
    dataVersionsMoved();
  } catch (error) {
    for (const table of load.tables) await deleteDatasetVersions(db, table, load.datasetId, (column) => sql`${column} = ${version}`).catch(() => {});
    throw error;
  }
  for (const table of load.tables) await deleteDatasetVersions(db, table, load.datasetId, (column) => sql`${column} < ${version}`);
  return { version, staged };
}

/**
 * The content hash of an import: of its files' names and bytes (in the order given) after a
 * header naming the import and what it makes of them (a new version of an importer makes the
 * same files a new content, to be imported again).
 */
export async function importContentHash(header: string, files: string[]): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${header}\n`);
  for (const file of files) {
    hash.update(`${basename(file)}\n`);
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) hash.update(chunk);
  }
  return hash.digest('hex');
}

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
  db: Kysely<Database>, table: VersionedTable, datasetId: string,
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
