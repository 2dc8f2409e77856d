/**
 * How a compute thread reads a search's points from the database for its cache (poi-cell-cache.ts),
 * through the thread's own connections: the points never cross the API's event loop. A cell's points
 * come as one well-known-binary multipoint (float64 as stored: the counts equal PostGIS's on the
 * same rows), read straight into a typed array.
 */
import { sql, type Kysely } from 'kysely';
import type { SearchFilter } from '@catchment/domain';
import type { Database } from '../../db/schema.js';
import { CELL_DEGREES, type Cell } from '../../territories/unit-cache/cell-grid.js';
import type { PoiCellLoader } from './poi-cell-cache.js';
import { poiFilterWhere } from './poi-filter.js';
import { pointsOfWkb } from './wkb-points.js';

export class DatabasePoiCellLoader implements PoiCellLoader {
  constructor(private readonly db: Kysely<Database>) {}

  async points(filter: SearchFilter, cells: readonly Cell[]): Promise<Map<string, Float64Array>> {
    // Each cell's box through the points' GiST index; a point on the edge between two cells is met
    // by both boxes and kept by the one it belongs to (cells are closed west and south).
    const { rows } = await sql<{ key: string; x: number; y: number; points: Uint8Array }>`
      SELECT c.key, c.x, c.y, ST_AsBinary(ST_Collect(i.position)) AS points
      FROM unnest(${cells.map((cell) => cell.key)}::text[], ${cells.map((cell) => cell.bbox[0])}::float8[], ${cells.map((cell) => cell.bbox[1])}::float8[]) AS c(key, x, y)
      JOIN live_poi_items i ON i.position && ST_MakeEnvelope(c.x, c.y, c.x + ${CELL_DEGREES}, c.y + ${CELL_DEGREES}, 4326)
      WHERE ${poiFilterWhere(filter)}
      GROUP BY c.key, c.x, c.y`.execute(this.db);
    return new Map(rows.map((row) => [row.key, keepWithin(pointsOfWkb(row.points), row.x, row.y)]));
  }

  async irisCounts(filter: SearchFilter): Promise<Map<string, number>> {
    const { rows } = await sql<{ iris: string; n: number }>`
      SELECT i.iris, count(*)::int AS n FROM live_poi_items i
      WHERE ${poiFilterWhere(filter)} AND i.position IS NULL AND i.iris IS NOT NULL
      GROUP BY i.iris`.execute(this.db);
    return new Map(rows.map((row) => [row.iris, Number(row.n)]));
  }
}

/** The points of [x, x + CELL_DEGREES) × [y, y + CELL_DEGREES) among those given (x0, y0, x1, y1, …). */
function keepWithin(points: Float64Array, x: number, y: number): Float64Array {
  const within = (i: number) => points[i]! < x + CELL_DEGREES && points[i + 1]! < y + CELL_DEGREES && points[i]! >= x && points[i + 1]! >= y;
  let kept = 0;
  for (let i = 0; i < points.length; i += 2) if (within(i)) kept += 1;
  if (kept * 2 === points.length) return points;
  const result = new Float64Array(kept * 2);
  let at = 0;
  for (let i = 0; i < points.length; i += 2) {
    if (!within(i)) continue;
    result[at++] = points[i]!;
    result[at++] = points[i + 1]!;
  }
  return result;
}
