/**
 * The data versions a count is for, read at every count: another API process or the command line
 * may have imported or removed data a moment ago, and the caches of points (the API process's and
 * the threads') key on the version. Both in one statement: one round trip, one connection, and the
 * two versions of one snapshot. Both tables hold one row (a singleton key), so their cross join is
 * one row, and cheaper for the planner than two scalar subqueries (bench:poi measures the query).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface CountVersions {
  /** poi_data_state.version: the business data. */
  poiVersion: number;
  /** territory_data_state.version: the IRIS boundaries that estimates weigh by. */
  territoryVersion: number;
}

export async function countVersions(db: Kysely<Database>): Promise<CountVersions> {
  const { rows } = await sql<{ poi: string; territory: string }>`
    SELECT p.version AS poi, t.version AS territory FROM poi_data_state p, territory_data_state t`.execute(db);
  return { poiVersion: Number(rows[0]!.poi), territoryVersion: Number(rows[0]!.territory) };
}
