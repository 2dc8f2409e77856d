/** SQL of a dataset's rows as a map shows them: one row, the rows inside a polygon (the export), the points of its tiles. */
import { sql, type Kysely } from 'kysely';
import type { AreaGeometry, PlacementPrecision } from '@catchment/domain';
import type { Database } from '../../db/schema.js';
import type { TilePoints } from '../../poi/searches/search-tiles.js';

export interface DatasetRowDetail {
  id: number;
  rowNumber: number;
  cells: string[];
  position: [number, number] | null;
  precision: PlacementPrecision | null;
}

interface StoredRow { id: string; row_number: number; cells: string[]; x: number | null; y: number | null; precision: PlacementPrecision | null }

const detail = (row: StoredRow): DatasetRowDetail => ({
  id: Number(row.id), rowNumber: row.row_number, cells: row.cells, position: row.x === null ? null : [row.x, row.y!], precision: row.precision,
});

export class DatasetRowsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One row of the dataset; undefined when it has no row of that id. */
  async find(datasetId: number, rowId: number): Promise<DatasetRowDetail | undefined> {
    const { rows } = await sql<StoredRow>`
      SELECT id, row_number, cells, ST_X(position) AS x, ST_Y(position) AS y, precision
      FROM client_dataset_rows WHERE dataset_id = ${datasetId} AND id = ${rowId}`.execute(this.db);
    return rows[0] && detail(rows[0]);
  }

  /** The placed rows inside a polygon (ST_Intersects: its boundary included), in the file's order, at most `limit`. */
  async inside(datasetId: number, polygon: AreaGeometry, limit: number): Promise<DatasetRowDetail[]> {
    const { rows } = await sql<StoredRow>`
      SELECT id, row_number, cells, ST_X(position) AS x, ST_Y(position) AS y, precision
      FROM client_dataset_rows
      WHERE dataset_id = ${datasetId} AND position IS NOT NULL AND ST_Intersects(position, ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(polygon)}), 4326))
      ORDER BY row_number, id LIMIT ${limit}`.execute(this.db);
    return rows.map(detail);
  }

  /** The dataset's placed rows as tiles draw them (search-tiles.ts), labelled by the column of that index (none: no label). */
  tilePoints(datasetId: number, labelColumn: number | undefined): TilePoints {
    return {
      from: sql`client_dataset_rows i`,
      where: sql`i.dataset_id = ${datasetId}`,
      name: labelColumn === undefined ? sql`NULL::text` : sql`i.cells->>${labelColumn}::int`,
    };
  }
}
