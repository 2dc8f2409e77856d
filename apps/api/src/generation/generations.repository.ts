/** SQL of map generations (migration 030) and of the dataset rows a generation starts from. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { GenerationFailure, GenerationRecipe, Locale } from '@catchment/domain';
import type { Database, MapGenerationsTable } from '../db/schema.js';

/** One row to make an area from: its number in the source (from 1), name, colour, and where it is. */
export interface GenerationRowSpec {
  row: number;
  label: string;
  color: string;
  position?: [number, number];
  address?: string;
}

/** The recipe every area of the generation gets, and the language of its labels and messages. */
export interface StoredRecipe extends GenerationRecipe { locale: Locale }

export interface GenerationRecord {
  id: string;
  clientId: number;
  mapId: number | null;
  folderUuid: string;
  status: Selectable<MapGenerationsTable>['status'];
  recipe: StoredRecipe;
  rows: GenerationRowSpec[];
  total: number;
  processed: number;
  created: number;
  failures: GenerationFailure[];
  error: string | null;
  jobId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewGeneration { id: string; clientId: number; mapId: number; folderUuid: string; recipe: StoredRecipe; rows: GenerationRowSpec[] }

/** How far a generation got: rows dealt with, areas made, rows without an area. */
export interface GenerationTally { processed: number; created: number; failures: GenerationFailure[] }

/** A row of a dataset as a generation reads it. */
export interface DatasetSourceRow { rowNumber: number; cells: string[]; position: [number, number] | null }

const toRecord = (row: Selectable<MapGenerationsTable>): GenerationRecord => ({
  id: row.id,
  clientId: row.client_id,
  mapId: row.map_id,
  folderUuid: row.folder_uuid,
  status: row.status,
  recipe: row.recipe as StoredRecipe,
  rows: row.rows as GenerationRowSpec[],
  total: row.total,
  processed: row.processed,
  created: row.created,
  failures: row.failures as GenerationFailure[],
  error: row.error,
  jobId: row.job_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const UNFINISHED = ['waiting', 'running'] as const;

export class GenerationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(generation: NewGeneration): Promise<GenerationRecord> {
    const row = await this.db.insertInto('map_generations').values({
      id: generation.id,
      client_id: generation.clientId,
      map_id: generation.mapId,
      folder_uuid: generation.folderUuid,
      status: 'waiting',
      recipe: JSON.stringify(generation.recipe),
      rows: JSON.stringify(generation.rows),
      total: generation.rows.length,
    }).returningAll().executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async setJob(id: string, jobId: string): Promise<void> {
    await this.db.updateTable('map_generations').set({ job_id: jobId }).where('id', '=', id).execute();
  }

  async find(id: string): Promise<GenerationRecord | undefined> {
    const row = await this.db.selectFrom('map_generations').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** Marks a waiting or running generation as running (a retried job takes it up again); undefined once it has ended. */
  async start(id: string): Promise<GenerationRecord | undefined> {
    const row = await this.db.updateTable('map_generations').set({ status: 'running', updated_at: sql`now()` })
      .where('id', '=', id).where('status', 'in', UNFINISHED).returningAll().executeTakeFirst();
    return row && toRecord(row);
  }

  async saveProgress(id: string, tally: GenerationTally): Promise<void> {
    await this.db.updateTable('map_generations')
      .set({ processed: tally.processed, created: tally.created, failures: JSON.stringify(tally.failures), updated_at: sql`now()` })
      .where('id', '=', id).where('status', 'in', UNFINISHED).execute();
  }

  async finish(id: string, tally: GenerationTally): Promise<void> {
    await this.db.updateTable('map_generations')
      .set({ status: 'done', processed: tally.processed, created: tally.created, failures: JSON.stringify(tally.failures), updated_at: sql`now()` })
      .where('id', '=', id).where('status', 'in', UNFINISHED).execute();
  }

  /** Ends an unfinished generation with the code of why it stopped; false when it had ended already. */
  async fail(id: string, code: string): Promise<boolean> {
    const result = await this.db.updateTable('map_generations').set({ status: 'failed', error: code, updated_at: sql`now()` })
      .where('id', '=', id).where('status', 'in', UNFINISHED).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Which of these area uuids exist already (made by an earlier attempt of the same generation). */
  async existingAreas(uuids: readonly string[]): Promise<Set<string>> {
    if (uuids.length === 0) return new Set();
    const rows = await this.db.selectFrom('areas').select('uuid').where('uuid', 'in', uuids).execute();
    return new Set(rows.map((row) => row.uuid));
  }

  /** The dataset's rows in the file's order, at most `limit`, with the count of all of them. */
  async datasetRows(datasetId: number, limit: number): Promise<{ rows: DatasetSourceRow[]; count: number }> {
    const { rows } = await sql<{ row_number: number; cells: string[]; x: number | null; y: number | null; count: string }>`
      SELECT row_number, cells, ST_X(position) AS x, ST_Y(position) AS y, count(*) OVER () AS count
      FROM client_dataset_rows WHERE dataset_id = ${datasetId}
      ORDER BY row_number, id LIMIT ${limit}`.execute(this.db);
    return {
      rows: rows.map((row) => ({ rowNumber: row.row_number, cells: row.cells, position: row.x === null ? null : [row.x, row.y!] })),
      count: Number(rows[0]?.count ?? 0),
    };
  }
}
