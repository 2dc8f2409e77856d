/**
 * What is derived from all the live units together, rebuilt in the transaction that makes an
 * import live or removes a dataset (dataset-loader.ts), so that every figure computed afterwards sees it:
 * - which units are live: of their dataset's live version, and not replaced by a unit of the same
 *   kind and code from a dataset taking precedence (settled for the kinds and codes of the changed
 *   dataset's units only: an import of 163 communes does not go over the demo's 210,000 units);
 * - parents: a unit of a nesting kind published without its parent's code (a ZIP code without its
 *   county) gets the parent whose boundary holds its label point, so its figures are not added on
 *   top of its parent's;
 * - finer data: a unit is left out of a measure's figure when a finer unit nesting in it (at any
 *   depth) has that measure (a commune with IRIS figures counts through its IRIS);
 * - national data: the measures a national kind has per country (a worldwide GeoNames city is left
 *   out of a measure its country's national kind has);
 * - the kinds loaded, with their counts and sources.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { UNIT_KINDS } from '@catchment/domain';
import type { Database } from '../../db/schema.js';

/** Depth of nesting followed upwards: IRIS → commune → département is 2. */
const MAX_NESTING = 4;

/** `changedDatasetId`: the dataset whose version moved or that was removed (its units still there). */
export async function rebuildDerivedData(trx: Transaction<Database> | Kysely<Database>, changedDatasetId: string): Promise<void> {
  await settleLiveUnits(trx, changedDatasetId);
  await linkMissingParents(trx, changedDatasetId);
  await sql`DELETE FROM territory_finer_data`.execute(trx);
  await sql`
    INSERT INTO territory_finer_data (kind, code, measure)
    WITH RECURSIVE ancestors (kind, code, measure, depth) AS (
      SELECT u.parent_kind, u.parent_code, m.key, 1
      FROM live_territory_units u, jsonb_object_keys(u.measures) AS m(key)
      WHERE u.parent_code IS NOT NULL
      UNION
      SELECT p.parent_kind, p.parent_code, a.measure, a.depth + 1
      FROM ancestors a JOIN live_territory_units p ON p.kind = a.kind AND p.code = a.code
      WHERE p.parent_code IS NOT NULL AND a.depth < ${MAX_NESTING}
    )
    SELECT DISTINCT kind, code, measure FROM ancestors WHERE kind IS NOT NULL`.execute(trx);
  await sql`DELETE FROM territory_kind_summary`.execute(trx);
  await sql`
    INSERT INTO territory_kind_summary (kind, units, points, sources)
    SELECT u.kind, count(*)::int, count(*) FILTER (WHERE u.is_point)::int, array_agg(DISTINCT d.source ORDER BY d.source)
    FROM live_territory_units u JOIN territory_datasets d ON d.id = u.dataset_id
    GROUP BY u.kind`.execute(trx);
  await sql`DELETE FROM territory_national_data`.execute(trx);
  const worldwide = Object.values(UNIT_KINDS).filter((info) => info.country === 'ww').map((info) => info.kind);
  await sql`
    INSERT INTO territory_national_data (country, measure)
    SELECT DISTINCT u.country, m.key
    FROM live_territory_units u, jsonb_object_keys(u.measures) AS m(key)
    WHERE NOT (u.kind = ANY(${worldwide}::text[]))`.execute(trx);
}

/**
 * Only where the change can give a parent: to the changed dataset's units, and to the units whose
 * parent is of a kind the dataset holds (hundreds of ZIP codes lie in no county: they are not
 * looked for again at each import of communes).
 */
async function linkMissingParents(trx: Transaction<Database> | Kysely<Database>, datasetId: string): Promise<void> {
  await sql`
    UPDATE territory_units child SET parent_code = (
      SELECT p.code FROM territory_unit_parts part
      JOIN live_territory_units p ON p.id = part.unit_id
      WHERE part.kind = child.parent_kind AND NOT p.is_point
        AND part.geometry && child.label_point AND ST_Intersects(part.geometry, child.label_point)
      LIMIT 1)
    WHERE child.live AND child.parent_code IS NULL AND child.parent_kind IS NOT NULL
      AND (child.dataset_id = ${datasetId}
        OR child.parent_kind IN (SELECT DISTINCT kind FROM territory_units WHERE dataset_id = ${datasetId}))`.execute(trx);
}

/**
 * Sets `live` on every unit sharing a kind and code with a unit of the dataset: among the units of
 * their dataset's live version, those of the highest precedence, then of the latest version, are
 * live (all of them when tied, as two units of one file under the same code); every other is not.
 */
async function settleLiveUnits(trx: Transaction<Database> | Kysely<Database>, datasetId: string): Promise<void> {
  // Materialised, so that the planner starts from the dataset's few kinds and codes rather than
  // ranking every live unit and keeping those.
  await sql`
    WITH touched AS MATERIALIZED (
      SELECT DISTINCT kind, code FROM territory_units WHERE dataset_id = ${datasetId}
    ), candidates AS MATERIALIZED (
      SELECT u.id, u.kind, u.code, u.precedence, u.version, u.live, d.id IS NOT NULL AS of_live_version
      FROM touched t
      JOIN territory_units u ON u.kind = t.kind AND u.code = t.code
      LEFT JOIN territory_datasets d ON d.id = u.dataset_id AND d.version = u.version
    ), settled AS (
      SELECT id, live, of_live_version
        AND rank() OVER (PARTITION BY kind, code, of_live_version ORDER BY precedence DESC, version DESC) = 1 AS now_live
      FROM candidates
    )
    UPDATE territory_units u SET live = settled.now_live
    FROM settled
    WHERE u.id = settled.id AND settled.live <> settled.now_live`.execute(trx);
}
