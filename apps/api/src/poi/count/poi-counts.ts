/**
 * How many of a search's businesses an area holds. Positioned items count when they lie inside
 * the area (PostGIS, the points' GiST index); an establishment placed by its IRIS only (SIRENE
 * files by IRIS) counts for the share of its IRIS's surface inside the area, as census figures do,
 * and makes the figure an estimate. The work runs in the database (its own thread on the embedded
 * PGlite, the server on PostgreSQL), not on the event loop.
 */
import { sql, type Kysely } from 'kysely';
import type { AreaGeometry } from '@catchment/domain';
import type { Database } from '../../db/schema.js';
import { poiFilterWhere, type PoiFilter } from './poi-filter.js';

export interface PoiCount {
  count: number;
  /** Establishments placed by their IRIS contributed: the count is an estimate. */
  estimated: boolean;
}

export class PoiCounts {
  constructor(private readonly db: Kysely<Database>) {}

  async count(filter: PoiFilter, polygons: readonly AreaGeometry[]): Promise<PoiCount[]> {
    const results: PoiCount[] = [];
    for (const polygon of polygons) results.push(await this.countIn(filter, polygon));
    return results;
  }

  private async countIn(filter: PoiFilter, polygon: AreaGeometry): Promise<PoiCount> {
    const { rows } = await sql<{ positioned: string; by_iris: number | null; iris_items: boolean }>`
      WITH area AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(polygon)}), 4326) AS g)
      SELECT
        (SELECT count(*) FROM live_poi_items i, area
          WHERE ${poiFilterWhere(filter)} AND i.position IS NOT NULL AND ST_Intersects(i.position, area.g)) AS positioned,
        (SELECT sum(m.n * ST_Area(ST_Intersection(u.geometry, area.g)) / ST_Area(u.geometry))
          FROM (SELECT i.iris, count(*) AS n FROM live_poi_items i WHERE ${poiFilterWhere(filter)} AND i.position IS NULL GROUP BY i.iris) m
          JOIN live_territory_units u ON u.kind = 'fr_iris' AND u.code = m.iris AND NOT u.is_point AND u.area_m2 > 0, area
          WHERE ST_Intersects(u.geometry, area.g)) AS by_iris,
        EXISTS (SELECT 1 FROM live_poi_items i WHERE ${poiFilterWhere(filter)} AND i.position IS NULL) AS iris_items
      FROM area`.execute(this.db);
    const row = rows[0]!;
    const byIris = Number(row.by_iris ?? 0);
    return { count: Number(row.positioned) + Math.round(byIris), estimated: row.iris_items && byIris > 0 };
  }
}
