/**
 * How a compute thread reads the units of grid cells from the database (migration 004's tables),
 * through the thread's own connections: the thread that parses and measures the units also
 * fetches them, so they never cross the API's event loop.
 */
import type pg from 'pg';
import { CELL_DEGREES, type Cell } from './cell-grid.js';
import type { UnitCellLoader, UnitRecord } from './unit-region-cache.js';

export class DatabaseUnitCellLoader implements UnitCellLoader {
  /** `pool`: the compute thread's connections (thread-database.ts). */
  constructor(private readonly pool: pg.Pool) {}

  async unitIdsOf(cells: readonly Cell[]): Promise<Map<string, string[]>> {
    // Parts (ST_Subdivide) meeting the cell by bounding box: every unit that may meet an area
    // within the cell, found through the parts' GiST index; only the live units.
    const { rows } = await this.pool.query<{ key: string; ids: string[] }>(`
      SELECT c.key, array_agg(DISTINCT part.unit_id::text) AS ids
      FROM unnest($1::text[], $2::float8[], $3::float8[]) AS c(key, x, y)
      JOIN territory_unit_parts part ON part.geometry && ST_MakeEnvelope(c.x, c.y, c.x + $4, c.y + $4, 4326)
      WHERE EXISTS (SELECT 1 FROM live_territory_units u WHERE u.id = part.unit_id)
      GROUP BY c.key`, [cells.map((cell) => cell.key), cells.map((cell) => cell.bbox[0]), cells.map((cell) => cell.bbox[1]), CELL_DEGREES]);
    return new Map(rows.map((row) => [row.key, row.ids]));
  }

  async units(ids: readonly string[]): Promise<UnitRecord[]> {
    const { rows } = await this.pool.query<UnitRecord>(`
      SELECT u.id::text AS id, u.kind, u.code, u.country, u.measures AS values, ST_AsBinary(u.geometry) AS geometry,
        (SELECT array_agg(f.measure) FROM territory_finer_data f WHERE f.kind = u.kind AND f.code = u.code) AS finer
      FROM territory_units u WHERE u.id = ANY($1::bigint[])`, [ids]);
    return rows;
  }
}
