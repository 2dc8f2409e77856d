/**
 * What is derived from all the live units together, rebuilt in the transaction that makes an
 * import live (dataset-loader.ts), so that every figure computed afterwards sees it:
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

export async function rebuildDerivedData(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  await linkMissingParents(trx);
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

async function linkMissingParents(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  await sql`
    UPDATE territory_units child SET parent_code = (
      SELECT p.code FROM territory_unit_parts part
      JOIN live_territory_units p ON p.id = part.unit_id
      WHERE part.kind = child.parent_kind AND NOT p.is_point
        AND part.geometry && child.label_point AND ST_Intersects(part.geometry, child.label_point)
      LIMIT 1)
    WHERE child.parent_code IS NULL AND child.parent_kind IS NOT NULL
      AND child.id IN (SELECT id FROM live_territory_units WHERE parent_code IS NULL AND parent_kind IS NOT NULL)`.execute(trx);
}
