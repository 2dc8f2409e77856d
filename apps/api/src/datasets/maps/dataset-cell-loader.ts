/**
 * How a compute thread reads a dataset's rows for its cache (dataset-cell-cache.ts), through the
 * thread's own connections: the rows never cross the API's event loop. A cell's points come as one
 * well-known-binary multipoint (float64 as stored: the rows found inside a polygon are those
 * PostGIS finds), the column's cells in the same order beside them; the dataset's version is read
 * in the same snapshot.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { pointsOfWkb } from '../../poi/count/wkb-points.js';
import { CELL_DEGREES, type Cell } from '../../territories/unit-cache/cell-grid.js';
import type { DatasetCellLoader, LoadedCell } from './dataset-cell-cache.js';

export class DatabaseDatasetCellLoader implements DatasetCellLoader {
  constructor(private readonly db: Kysely<Database>) {}

  cells(datasetId: number, column: number | null, cells: readonly Cell[]): Promise<{ version: number | undefined; cells: Map<string, LoadedCell> }> {
    return this.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
      const dataset = await trx.selectFrom('client_datasets').select('version').where('id', '=', datasetId).executeTakeFirst();
      // Each cell's box through the rows' GiST index, then the cell's own half-open bounds (closed
      // west and south, as cell-grid.ts cuts): a row on the edge between two cells is in one.
      const { rows } = await sql<{ key: string; points: Uint8Array; texts: (string | null)[] | null }>`
        SELECT c.key, ST_AsBinary(ST_Collect(r.position ORDER BY r.id)) AS points,
          ${column === null ? sql`NULL` : sql`array_agg(r.cells->>${column}::int ORDER BY r.id)`} AS texts
        FROM unnest(${cells.map((cell) => cell.key)}::text[], ${cells.map((cell) => cell.bbox[0])}::float8[], ${cells.map((cell) => cell.bbox[1])}::float8[]) AS c(key, x, y)
        JOIN client_dataset_rows r ON r.dataset_id = ${datasetId} AND r.position && ST_MakeEnvelope(c.x, c.y, c.x + ${CELL_DEGREES}, c.y + ${CELL_DEGREES}, 4326)
          AND ST_X(r.position) >= c.x AND ST_X(r.position) < c.x + ${CELL_DEGREES} AND ST_Y(r.position) >= c.y AND ST_Y(r.position) < c.y + ${CELL_DEGREES}
        GROUP BY c.key`.execute(trx);
      return {
        version: dataset?.version,
        cells: new Map(rows.map((row) => [row.key, { points: pointsOfWkb(row.points), ...(row.texts ? { texts: row.texts } : {}) }])),
      };
    });
  }
}
