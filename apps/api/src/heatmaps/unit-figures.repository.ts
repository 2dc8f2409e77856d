/**
 * What a map's searches and datasets hold in each unit of a level, for the heatmaps of indicators
 * reading them: one spatial join grouped by unit code per measure, in the database. The points are
 * those an area's figures count (the search's filter of poi-filter.ts on the live items, the
 * dataset's placed rows) and a point is in a unit where PostGIS's ST_Intersects says so, as the
 * compute threads' point test does for an area (point-cell.ts). Units known only by a point hold
 * nothing and are left out; every other unit of the scope is in the answer, with 0 where nothing is.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AdministrativeKind } from '@catchment/domain';
import type { Database } from '../db/schema.js';
import { figuresOfCells, type AreaFigures } from '../datasets/maps/area-figures.js';
import { poiFilterWhere, type PoiFilter } from '../poi/count/poi-filter.js';

/** The units asked for: those of a kind with a surface, in a country (all without one), or only `codes`. */
export interface UnitScope {
  kind: AdministrativeKind;
  country: string | undefined;
  codes?: readonly string[];
}

/** The condition on a unit of live_territory_units aliased `u` to be in the scope. */
function inScope({ kind, country, codes }: UnitScope): RawBuilder<boolean> {
  return sql<boolean>`u.kind = ${kind} AND NOT u.is_point
    ${country === undefined ? sql`` : sql`AND u.country = ${country}`}
    ${codes === undefined ? sql`` : sql`AND u.code = ANY(${[...codes]}::text[])`}`;
}

/**
 * The query of UnitFiguresRepository.poiCounts: each unit's code and count. Its steps are fixed
 * (materialized) rather than left to the planner, which, without statistics (the embedded database
 * never gathers any), would count a search's establishments again for every unit: the units in
 * scope; the positioned businesses inside each (through the items' spatial index); the
 * establishments placed by their IRIS counted once per IRIS; the units each of those IRIS meets
 * (through the units' parts' spatial index); the share of the IRIS inside the unit, 1 for the IRIS
 * itself or one inside the unit and 0 for one that only touches it, the overlay computed only where
 * they truly overlap (the costliest step by far).
 */
export function poiCountsQuery(scope: UnitScope, filter: PoiFilter): RawBuilder<{ code: string; n: number }> {
  return sql<{ code: string; n: number }>`
    WITH units AS MATERIALIZED (
      SELECT u.id, u.code, u.geometry FROM live_territory_units u WHERE ${inScope(scope)}
    ), positioned AS (
      SELECT u.code, count(*)::float8 AS n
      FROM units u JOIN live_poi_items i ON i.position && u.geometry AND ST_Intersects(i.position, u.geometry)
      WHERE ${poiFilterWhere(filter)}
      GROUP BY u.code
    ), by_iris AS MATERIALIZED (
      SELECT i.iris, count(*)::float8 AS n FROM live_poi_items i
      WHERE ${poiFilterWhere(filter)} AND i.position IS NULL AND i.iris IS NOT NULL
      GROUP BY i.iris
    ), placed AS MATERIALIZED (
      SELECT r.id, r.geometry, b.n FROM by_iris b
      JOIN live_territory_units r ON r.kind = 'fr_iris' AND r.code = b.iris AND NOT r.is_point AND r.area_m2 > 0
    ), estimated AS (
      SELECT u.code, sum(p.n * CASE WHEN u.id = p.id OR ST_CoveredBy(p.geometry, u.geometry) THEN 1
        ELSE LEAST(1, ST_Area(ST_Intersection(p.geometry, u.geometry)) / ST_Area(p.geometry)) END) AS n
      FROM placed p
      CROSS JOIN LATERAL (
        SELECT DISTINCT part.unit_id FROM territory_unit_parts part
        WHERE part.kind = ${scope.kind} AND part.geometry && p.geometry AND ST_Intersects(part.geometry, p.geometry)
      ) met
      JOIN units u ON u.id = met.unit_id
      WHERE u.id = p.id OR NOT ST_Touches(u.geometry, p.geometry)
      GROUP BY u.code
    )
    SELECT u.code, coalesce(p.n, 0) + floor(coalesce(e.n, 0) + 0.5) AS n
    FROM units u
    LEFT JOIN positioned p ON p.code = u.code
    LEFT JOIN estimated e ON e.code = u.code`;
}

export class UnitFiguresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * How many of a search's businesses each unit holds: the positioned ones inside, plus, as an
   * area's count estimates them (area-poi-count.ts), the establishments placed by their IRIS only
   * weighed by the share of their IRIS inside the unit, the estimate rounded as Math.round does.
   */
  async poiCounts(scope: UnitScope, filter: PoiFilter): Promise<Map<string, number>> {
    const { rows } = await poiCountsQuery(scope, filter).execute(this.db);
    return new Map(rows.map((row) => [row.code, Number(row.n)]));
  }

  /**
   * A dataset's placed rows in each unit: how many, and the sum and mean of the numbers of the
   * column of that index (figuresOfCells: read and added up as an area's are); `column` null: a
   * count only.
   */
  async datasetFigures(scope: UnitScope, datasetId: number, column: number | null): Promise<Map<string, AreaFigures>> {
    const { rows } = await sql<{ code: string; n: number; texts: (string | null)[] | null }>`
      SELECT u.code, count(r.id)::int AS n,
        ${column === null ? sql`NULL` : sql`array_agg(r.cells->>${column}::int ORDER BY r.id) FILTER (WHERE r.id IS NOT NULL)`} AS texts
      FROM live_territory_units u
      LEFT JOIN client_dataset_rows r ON r.dataset_id = ${datasetId} AND r.position IS NOT NULL AND r.position && u.geometry AND ST_Intersects(r.position, u.geometry)
      WHERE ${inScope(scope)}
      GROUP BY u.code`.execute(this.db);
    return new Map(rows.map((row) => [row.code, figuresOfCells(Number(row.n), column === null ? null : row.texts ?? [])]));
  }
}
