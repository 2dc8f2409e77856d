/**
 * What the "where to open" layer reads from the database: the live territorial units that have a
 * population around the grid (migration 004's tables, found through the index of their parts), and
 * the positions of a business search's items there (the competitors).
 */
import { sql, type Kysely } from 'kysely';
import type { AdministrativeKind, GridBBox } from '@catchment/domain';
import type { Database } from '../../db/schema.js';
import { poiFilterWhere, type PoiFilter } from '../../poi/count/poi-filter.js';

export interface PopulatedUnit {
  kind: AdministrativeKind;
  code: string;
  country: string;
  population: number;
  /** The boundary as GeoJSON text; null for a unit known by its position only. */
  geometry: string | null;
  /** Its position, or its boundary's label point. */
  x: number;
  y: number;
  /** A finer unit nesting in it has the population: it is counted through that one (the census's rule). */
  finer: boolean;
}

const envelope = ([west, south, east, north]: GridBBox) => sql`ST_MakeEnvelope(${west}, ${south}, ${east}, ${north}, 4326)`;

export class ReachabilityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The live units of the kinds, with a population, whose boundary or position meets the box. */
  async populatedUnits(box: GridBBox, kinds: readonly AdministrativeKind[]): Promise<PopulatedUnit[]> {
    if (kinds.length === 0) return [];
    const { rows } = await sql<PopulatedUnit>`
      WITH met AS (
        SELECT DISTINCT part.unit_id FROM territory_unit_parts part
        WHERE part.kind = ANY(${kinds}::text[]) AND part.geometry && ${envelope(box)}
      )
      SELECT u.kind, u.code, u.country, (u.measures->>'population')::float8 AS population,
        CASE WHEN u.is_point THEN NULL ELSE ST_AsGeoJSON(u.geometry, 6) END AS geometry,
        ST_X(u.label_point) AS x, ST_Y(u.label_point) AS y,
        EXISTS (SELECT 1 FROM territory_finer_data f WHERE f.kind = u.kind AND f.code = u.code AND f.measure = 'population') AS finer
      FROM live_territory_units u JOIN met ON met.unit_id = u.id
      WHERE (u.measures->>'population') IS NOT NULL`.execute(this.db);
    return rows.map((row) => ({ ...row, population: Number(row.population), x: Number(row.x), y: Number(row.y) }));
  }

  /** Positions of the search's items inside the box (items placed by their IRIS only have none), at most `limit`. */
  async competitorPositions(filter: PoiFilter, box: GridBBox, limit: number): Promise<[number, number][]> {
    const { rows } = await sql<{ x: number; y: number }>`
      SELECT ST_X(i.position) AS x, ST_Y(i.position) AS y FROM live_poi_items i
      WHERE ${poiFilterWhere(filter)} AND i.position IS NOT NULL AND i.position && ${envelope(box)}
      LIMIT ${limit}`.execute(this.db);
    return rows.map((row) => [Number(row.x), Number(row.y)]);
  }
}
