/** An account's datasets and their rows, as stored (migration 016). */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { DATASET_COLOR_PALETTE, type PlacementPrecision } from '@catchment/domain';
import type { ClientDatasetsTable, Database } from '../db/schema.js';
import { ColumnCounter, type ColumnCount } from './column-counts.js';

export type DatasetRow = Selectable<ClientDatasetsTable>;

export interface NewDataset {
  clientId: number;
  name: string;
  color: string;
  source: 'file' | 'hubspot';
  columns: string[];
  operationColumn: string | null;
  /** The rows it will hold: they count against the plan's pins while it imports. */
  rowCount: number;
}

/** A row as placed (or not: no position) by the import. */
export interface PlacedRow {
  rowNumber: number;
  cells: string[];
  position: { lng: number; lat: number } | null;
  precision: PlacementPrecision | null;
}

/** A map whose datasets' version moved on. */
export interface MapDatasetsTouched { id: number; version: number; datasets_version: number }

/** Rows written per statement when a dataset's rows are replaced. */
const REPLACE_BATCH_ROWS = 500;

export interface ImportOutcome {
  pointCount: number;
  notGeocodedCount: number;
  precisions: Partial<Record<PlacementPrecision, number>>;
  /** Per column, its filled cells and the numbers among them (which columns are numeric); kept as they were when absent. */
  columnCounts?: ColumnCount[];
}

export class DatasetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` with the account's datasets locked against other imports (its client row, FOR
   * UPDATE): the pins left are read and spent by one import at a time, across API processes.
   */
  withAccountLocked<T>(clientId: number, work: (tx: DatasetsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      await tx.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().execute();
      return work(new DatasetsRepository(tx as Transaction<Database>));
    });
  }

  /** Points the account's datasets hold: placed rows, and the rows of datasets still importing. */
  async pinsUsed(clientId: number): Promise<number> {
    const row = await this.db.selectFrom('client_datasets')
      .select(sql<string>`coalesce(sum(CASE status WHEN 'importing' THEN row_count WHEN 'ready' THEN point_count ELSE 0 END), 0)`.as('used'))
      .where('client_id', '=', clientId).executeTakeFirstOrThrow();
    return Number(row.used);
  }

  create(dataset: NewDataset): Promise<DatasetRow> {
    return this.db.insertInto('client_datasets').values({
      client_id: dataset.clientId,
      name: dataset.name,
      color: dataset.color,
      source: dataset.source,
      columns: JSON.stringify(dataset.columns),
      operation_column: dataset.operationColumn,
      row_count: dataset.rowCount,
    }).returningAll().executeTakeFirstOrThrow();
  }

  find(clientId: number, id: number): Promise<DatasetRow | undefined> {
    return this.db.selectFrom('client_datasets').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  }

  findById(id: number): Promise<DatasetRow | undefined> {
    return this.db.selectFrom('client_datasets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The account's datasets, newest first. */
  list(clientId: number): Promise<DatasetRow[]> {
    return this.db.selectFrom('client_datasets').selectAll().where('client_id', '=', clientId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  /** The colour a new dataset of the account takes: the palette's colours in turn. */
  async nextColor(clientId: number): Promise<string> {
    const row = await this.db.selectFrom('client_datasets').select((eb) => eb.fn.countAll<string>().as('n')).where('client_id', '=', clientId).executeTakeFirstOrThrow();
    return DATASET_COLOR_PALETTE[Number(row.n) % DATASET_COLOR_PALETTE.length]!;
  }

  async insertRows(datasetId: number, rows: readonly PlacedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insertInto('client_dataset_rows').values(rows.map((row) => ({
      dataset_id: datasetId,
      row_number: row.rowNumber,
      cells: JSON.stringify(row.cells),
      position: row.position ? sql`ST_SetSRID(ST_MakePoint(${row.position.lng}, ${row.position.lat}), 4326)` : null,
      precision: row.precision,
    }))).execute();
  }

  async setProgress(id: number, progress: number): Promise<void> {
    await this.db.updateTable('client_datasets').set({ progress, updated_at: new Date() }).where('id', '=', id).where('status', '=', 'importing').execute();
  }

  /** Ready: its counts set, its version moved on (cached aggregations of it are stale). */
  async finish(id: number, outcome: ImportOutcome): Promise<DatasetRow | undefined> {
    return this.db.updateTable('client_datasets').set({
      status: 'ready', progress: 1, error: null,
      point_count: outcome.pointCount, not_geocoded_count: outcome.notGeocodedCount, precisions: JSON.stringify(outcome.precisions),
      ...(outcome.columnCounts && { column_counts: JSON.stringify(outcome.columnCounts) }),
      version: sql`version + 1`, updated_at: new Date(),
    }).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /**
   * Rows added to a ready dataset (by hand or a script): numbered after its last, counted in its
   * points (placed by their coordinates) and its columns' counts, its version moved on. Under the
   * account's lock (withAccountLocked), which keeps two additions from counting over each other.
   */
  async appendPlaced(id: number, rows: readonly { cells: string[]; position: { lng: number; lat: number } }[]): Promise<DatasetRow> {
    const dataset = await this.db.selectFrom('client_datasets').select(['columns', 'column_counts']).where('id', '=', id).executeTakeFirstOrThrow();
    const columnCounts = new ColumnCounter(dataset.columns.length, dataset.column_counts).add(rows).result();
    const last = await this.db.selectFrom('client_dataset_rows').select((eb) => eb.fn.max('row_number').as('last')).where('dataset_id', '=', id).executeTakeFirst();
    const first = Number(last?.last ?? 0) + 1;
    await this.insertRows(id, rows.map((row, i) => ({ rowNumber: first + i, cells: row.cells, position: row.position, precision: 'coordinates' })));
    return this.db.updateTable('client_datasets').set({
      row_count: sql`row_count + ${rows.length}`,
      point_count: sql`point_count + ${rows.length}`,
      precisions: sql`jsonb_set(precisions, '{coordinates}', to_jsonb(coalesce((precisions->>'coordinates')::int, 0) + ${rows.length}))`,
      column_counts: JSON.stringify(columnCounts),
      version: sql`version + 1`, updated_at: new Date(),
    }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * The dataset's rows replaced by `rows`, its row count and counts set, ready, its version moved
   * on: one transaction, so that readers (tiles, figures, a map's list) see the old rows until the
   * new ones are all there (a CRM list synchronised again).
   */
  replaceRows(id: number, rows: readonly PlacedRow[], outcome: ImportOutcome): Promise<DatasetRow | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const datasets = new DatasetsRepository(tx as Transaction<Database>);
      await datasets.clearRows(id);
      for (let start = 0; start < rows.length; start += REPLACE_BATCH_ROWS) await datasets.insertRows(id, rows.slice(start, start + REPLACE_BATCH_ROWS));
      await tx.updateTable('client_datasets').set({ row_count: rows.length }).where('id', '=', id).execute();
      return datasets.finish(id, outcome);
    });
  }

  /** Datasets of `source` still importing and unchanged since `before` (no progress written): candidates for the lost imports' sweep. */
  importingUnchangedSince(source: DatasetRow['source'], before: Date): Promise<DatasetRow[]> {
    return this.db.selectFrom('client_datasets').selectAll()
      .where('status', '=', 'importing').where('source', '=', source).where('updated_at', '<', before).orderBy('id').execute();
  }

  /**
   * Failed with `error` if it is still importing (else nothing: its import ended meanwhile); its
   * rows go, and with its status its pins are free. The dataset if it was.
   */
  async failIfImporting(id: number, error: string): Promise<DatasetRow | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const failed = await tx.updateTable('client_datasets').set({ status: 'failed', error, updated_at: new Date() })
        .where('id', '=', id).where('status', '=', 'importing').returningAll().executeTakeFirst();
      if (failed) await tx.deleteFrom('client_dataset_rows').where('dataset_id', '=', id).execute();
      return failed;
    });
  }

  /** Failed: its rows go (a retry imports them again), the reason stays for the user to read. */
  async fail(id: number, error: string): Promise<void> {
    await this.db.deleteFrom('client_dataset_rows').where('dataset_id', '=', id).execute();
    await this.db.updateTable('client_datasets').set({ status: 'failed', error, updated_at: new Date() }).where('id', '=', id).execute();
  }

  /** Rows already written by an attempt that stopped (a crash), before the job runs again. */
  async clearRows(id: number): Promise<void> {
    await this.db.deleteFrom('client_dataset_rows').where('dataset_id', '=', id).execute();
  }

  async update(clientId: number, id: number, changes: { name?: string; color?: string; operationColumn?: string | null }): Promise<DatasetRow | undefined> {
    return this.db.updateTable('client_datasets').set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.color !== undefined && { color: changes.color }),
      ...(changes.operationColumn !== undefined && { operation_column: changes.operationColumn }),
      updated_at: new Date(),
    }).where('id', '=', id).where('client_id', '=', clientId).returningAll().executeTakeFirst();
  }

  /**
   * The maps that show the dataset move their datasets' version on (what they show of it changed:
   * its rows, name or colour, or it is going); their ids and versions, to tell their viewers.
   */
  touchMapsShowing(id: number): Promise<MapDatasetsTouched[]> {
    return this.db.updateTable('maps').set((eb) => ({ datasets_version: eb('datasets_version', '+', 1) }))
      .where('id', 'in', (eb) => eb.selectFrom('map_datasets').select('map_id').where('dataset_id', '=', id))
      .returning(['id', 'version', 'datasets_version']).execute();
  }

  /** Deletes the account's dataset (its rows and its places on maps go with it); the maps that showed it, or undefined if it had none such. */
  async remove(clientId: number, id: number): Promise<MapDatasetsTouched[] | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const datasets = new DatasetsRepository(tx as Transaction<Database>);
      if (!(await datasets.find(clientId, id))) return undefined;
      const touched = await datasets.touchMapsShowing(id);
      await tx.deleteFrom('client_datasets').where('id', '=', id).execute();
      return touched;
    });
  }

  /** The rows the import could not place, in the file's order (the "not geocoded" report). */
  notPlaced(id: number): Promise<{ row_number: number; cells: string[] }[]> {
    return this.db.selectFrom('client_dataset_rows').select(['row_number', 'cells'])
      .where('dataset_id', '=', id).where('position', 'is', null).orderBy('row_number').execute();
  }
}
