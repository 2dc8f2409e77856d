/**
 * Loads a territorial dataset file (what an importer or the demo build writes: territory-dataset.ts
 * in packages/geodata) into the database, the data of record:
 * 1. its units are written in batches under a new version, out of sight (the staging: every batch
 *    is a short statement, so other queries keep their turn, on PGlite too);
 * 2. one short transaction makes that version the dataset's live one and rebuilds what is derived
 *    from the live units (territory-derived.ts): every process sees the new data at once, or none;
 * 3. the units of the previous version are deleted, in batches.
 * A file whose units are those already live (same content hash) changes nothing. A failed or
 * killed load leaves the live version as it was; its staged rows go with the older versions when the
 * next load of the dataset goes live (a concurrent, newer load's rows are never touched: only
 * versions older than the one going live are deleted).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Position } from 'geojson';
import { sql, type Kysely } from 'kysely';
import { UNIT_KINDS, unionGeometries, type AdministrativeKind, type AreaGeometry } from '@catchment/domain';
import {
  labelPosition, placeNameKey, readDatasetHeader, readTerritoryUnits, type TerritoryDatasetHeader, type TerritoryUnitRecord,
} from '@catchment/geodata';
import type { Database } from '../../db/schema.js';
import { deleteDatasetVersions, lockPublications, writeInBatches } from '../../db/versioned-datasets.js';
import { dataVersionsMoved } from '../../db/data-versions-signal.js';
import { rebuildDerivedData } from './territory-derived.js';

/**
 * A batch (one INSERT) ends at this many units or this many coordinates, whichever comes first:
 * large enough to be quick, small enough that a statement stays short (a few tens of milliseconds)
 * and other queries keep their turn: thousands of points, or a few hundred boundaries.
 */
const BATCH_UNITS = 2_000;
const BATCH_POSITIONS = 50_000;
/** Points of a unit's part in the spatial index. */
const PART_POINTS = 255;

export interface LoadedDatasetReport {
  id: string;
  units: number;
  kinds: AdministrativeKind[];
  /** The data version now live, or, when `unchanged`, the one that already was. */
  version: number;
  unchanged: boolean;
}

export interface LoadOptions {
  onProgress?: (progress: { phase: string; fraction: number }) => void;
}

export async function loadDatasetFile(db: Kysely<Database>, file: string, options: LoadOptions = {}): Promise<LoadedDatasetReport> {
  const header = await readDatasetHeader(file);
  const contentHash = await unitsHash(file);
  const live = await sql<{ version: number; content_hash: string }>`
    SELECT version, content_hash FROM territory_datasets WHERE id = ${header.id}`.execute(db);
  const current = live.rows[0];
  if (current?.content_hash === contentHash) {
    return { id: header.id, units: header.units, kinds: header.kinds, version: Number(current.version), unchanged: true };
  }
  const version = Number((await sql<{ v: string }>`SELECT nextval('territory_version_seq') AS v`.execute(db)).rows[0]!.v);
  try {
    await stageUnits(db, header, file, version, options);
    await publish(db, header, contentHash, version);
  } catch (error) {
    await deleteDatasetVersions(db, 'territory_units', header.id, (column) => sql`${column} = ${version}`).catch(() => {});
    throw error;
  }
  await deleteDatasetVersions(db, 'territory_units', header.id, (column) => sql`${column} < ${version}`);
  return { id: header.id, units: header.units, kinds: header.kinds, version, unchanged: false };
}

/** The dataset ids in the database, with their source and counts (for the command line and checks). */
export async function listLoadedDatasets(db: Kysely<Database>) {
  return (await sql<{ id: string; source: string; units: number; kinds: string[]; version: number; imported_at: Date }>`
    SELECT id, source, units, kinds, version, imported_at FROM territory_datasets ORDER BY imported_at`.execute(db)).rows;
}

/** Takes a dataset out of the data (its units go with it); false when there is no such dataset. */
export async function removeDataset(db: Kysely<Database>, datasetId: string): Promise<boolean> {
  const removed = await db.transaction().execute(async (trx) => {
    await lockPublications(trx, 'territories');
    const deleted = await sql`DELETE FROM territory_datasets WHERE id = ${datasetId}`.execute(trx);
    if (Number(deleted.numAffectedRows ?? 0) === 0) return false;
    // The data version must still move on, so that caches keyed on it are not reused.
    await sql`UPDATE territory_data_state SET version = nextval('territory_version_seq')`.execute(trx);
    await rebuildDerivedData(trx, datasetId);
    return true;
  });
  if (removed) dataVersionsMoved();
  if (removed) await deleteDatasetVersions(db, 'territory_units', datasetId, (column) => sql`${column} IS NOT NULL`);
  return removed;
}

async function stageUnits(db: Kysely<Database>, header: TerritoryDatasetHeader, file: string, version: number, options: LoadOptions): Promise<void> {
  const precedence = header.source === 'demo' ? 0 : 1;
  let written = 0;
  await writeInBatches(knownKinds(readTerritoryUnits(file)), { maxItems: BATCH_UNITS, weight: (unit) => positionCount(unit.geometry), maxWeight: BATCH_POSITIONS }, async (batch) => {
    await insertBatch(db, header.id, version, precedence, batch);
    written += batch.length;
    options.onProgress?.({ phase: 'database', fraction: header.units > 0 ? written / header.units : 1 });
  });
}

async function* knownKinds(units: AsyncIterable<TerritoryUnitRecord>): AsyncGenerator<TerritoryUnitRecord> {
  for await (const unit of units) if (UNIT_KINDS[unit.kind]) yield unit;
}

async function insertBatch(db: Kysely<Database>, datasetId: string, version: number, precedence: number, units: TerritoryUnitRecord[]): Promise<void> {
  const rows = units.map((unit) => {
    const [labelX, labelY] = labelPosition(unit.geometry);
    return {
      kind: unit.kind,
      code: unit.code,
      name: unit.name,
      name_key: placeNameKey(unit.name),
      country: unit.country,
      parent_kind: UNIT_KINDS[unit.kind].parentKind ?? null,
      parent_code: unit.parentCode ?? null,
      related: unit.related ?? null,
      geometry: JSON.stringify(wellFormed(unit.geometry)),
      label_x: labelX,
      label_y: labelY,
      measures: unit.values ?? {},
    };
  });
  const inserted = await sql<{ id: string; valid: boolean }>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
        kind text, code text, name text, name_key text, country text, parent_kind text, parent_code text,
        related text[], geometry text, label_x float8, label_y float8, measures jsonb)
    ), shaped AS (
      SELECT input.*, ST_SetSRID(ST_GeomFromGeoJSON(geometry), 4326) AS shape FROM input
    )
    INSERT INTO territory_units (dataset_id, version, precedence, kind, code, name, name_key, country, parent_kind, parent_code,
      related, geometry, is_point, area_m2, label_point, measures)
    SELECT ${datasetId}, ${version}, ${precedence}, kind, code, name, name_key, country, parent_kind, parent_code,
      related, shape, GeometryType(shape) = 'POINT',
      CASE WHEN GeometryType(shape) = 'POINT' THEN 0 ELSE ST_Area(shape::geography) END,
      ST_SetSRID(ST_MakePoint(label_x, label_y), 4326), measures
    FROM shaped
    RETURNING id, ST_IsValid(geometry) AS valid`.execute(db);
  if (inserted.rows.length !== units.length) throw new Error(`${units.length - inserted.rows.length} units of a batch were not written`);
  const withoutSurface = new Set(await repairInvalidBoundaries(db, inserted.rows.filter((row) => !row.valid).map((row) => row.id)));
  // Cut into parts for the spatial index, now that every boundary is valid (or has no surface: no part).
  await sql`
    INSERT INTO territory_unit_parts (unit_id, kind, geometry)
    SELECT u.id, u.kind, part FROM territory_units u, LATERAL ST_Subdivide(u.geometry, ${PART_POINTS}) AS part
    WHERE u.id = ANY(${inserted.rows.map((row) => row.id).filter((id) => !withoutSurface.has(id))}::bigint[])`.execute(db);
}

function positionCount(geometry: TerritoryUnitRecord['geometry']): number {
  if (geometry.type === 'Point') return 1;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let count = 0;
  for (const polygon of polygons) for (const ring of polygon) count += ring.length;
  return count;
}

/**
 * Rings closed and of at least 4 points, polygons with an outer ring: GEOS refuses anything else
 * with an exception (see repairInvalidBoundaries on what an exception does on PGlite), where a
 * ring crossing itself is only reported invalid, and repaired.
 */
export function wellFormed(geometry: TerritoryUnitRecord['geometry']): TerritoryUnitRecord['geometry'] {
  if (geometry.type === 'Point') return geometry;
  const polygon = (rings: Position[][]) => rings.map(closedRing).filter((ring) => ring.length >= 4);
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).map(polygon).filter((rings) => rings.length > 0);
  if (polygons.length === 0) throw new Error('a boundary without any ring of 3 distinct points');
  return polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons };
}

function closedRing(ring: Position[]): Position[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring;
}

/**
 * Boundaries PostGIS finds invalid (rings crossing themselves or each other, as published in some
 * open data) are rebuilt here as the union of their own polygons, which resolves the crossings.
 * Not with ST_MakeValid: on PGlite, a GEOS error inside a statement ends its result early without
 * raising (a partial insert, a short answer), so only valid geometries are given to GEOS there.
 */
async function repairInvalidBoundaries(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const withoutSurface: string[] = [];
  const { rows } = await sql<{ id: string; geometry: string }>`
    SELECT id, ST_AsGeoJSON(geometry) AS geometry FROM territory_units WHERE id = ANY(${ids}::bigint[])`.execute(db);
  for (const row of rows) {
    const geometry = JSON.parse(row.geometry) as AreaGeometry;
    const polygons: AreaGeometry[] = geometry.type === 'Polygon' ? [geometry] : geometry.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }));
    const repaired = unionGeometries(polygons);
    if (repaired) {
      await sql`UPDATE territory_units SET geometry = ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(repaired)}), 4326) WHERE id = ${row.id}`.execute(db);
    } else {
      // No surface at all (a sliver of a low-resolution source): kept as published, with no surface
      // and no part in the index, so no area ever meets it and no GEOS function ever reads it.
      await sql`UPDATE territory_units SET area_m2 = 0 WHERE id = ${row.id}`.execute(db);
      withoutSurface.push(row.id);
    }
  }
  const repairedIds = ids.filter((id) => !withoutSurface.includes(id));
  const still = await sql<{ n: number }>`SELECT count(*)::int AS n FROM territory_units WHERE id = ANY(${repairedIds}::bigint[]) AND NOT ST_IsValid(geometry)`.execute(db);
  if (still.rows[0]!.n > 0) throw new Error(`${still.rows[0]!.n} boundaries stay invalid after repair`);
  return withoutSurface;
}

/** Makes `version` the dataset's live one, unless a later load already went live (then this one is dropped). */
async function publish(db: Kysely<Database>, header: TerritoryDatasetHeader, contentHash: string, version: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPublications(trx, 'territories');
    const updated = await sql`
      INSERT INTO territory_datasets (id, source, files, kinds, units, content_hash, version, imported_at)
      VALUES (${header.id}, ${header.source}, ${JSON.stringify(header.files)}::jsonb, ${header.kinds}::text[], ${header.units},
        ${contentHash}, ${version}, now())
      ON CONFLICT (id) DO UPDATE SET source = EXCLUDED.source, files = EXCLUDED.files, kinds = EXCLUDED.kinds, units = EXCLUDED.units,
        content_hash = EXCLUDED.content_hash, version = EXCLUDED.version, imported_at = EXCLUDED.imported_at
      WHERE territory_datasets.version < EXCLUDED.version`.execute(trx);
    if (Number(updated.numAffectedRows ?? 0) === 0) throw new Error(`A later import of ${header.id} went live first; this one was dropped`);
    await sql`UPDATE territory_data_state SET version = ${version}`.execute(trx);
    await rebuildDerivedData(trx, header.id);
  });
  dataVersionsMoved();
}

/** Of the units' lines only: the header's import date must not make the same data look new. */
async function unitsHash(file: string): Promise<string> {
  // The bytes after the header line, as written: no parsing, so a start that finds the demo's
  // datasets already loaded only reads them.
  const hash = createHash('sha256');
  let inHeader = true;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    if (inHeader) {
      const end = chunk.indexOf(0x0a);
      if (end < 0) continue;
      inHeader = false;
      hash.update(chunk.subarray(end + 1));
    } else {
      hash.update(chunk);
    }
  }
  return hash.digest('hex');
}
