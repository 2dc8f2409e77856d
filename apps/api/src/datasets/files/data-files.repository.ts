/** The rows of uploaded files (migration 015); the files themselves are data-file-store.ts's. */
import type { Kysely, Selectable } from 'kysely';
import type { DataFilesTable, Database } from '../../db/schema.js';
import type { TableSummary } from './table-file.js';

export type DataFileRow = Selectable<DataFilesTable>;

export interface NewDataFile { id: string; clientId: number; filename: string; sizeBytes: number; summary: TableSummary }

export class DataFilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(file: NewDataFile): Promise<DataFileRow> {
    return this.db.insertInto('data_files').values({
      id: file.id,
      client_id: file.clientId,
      filename: file.filename,
      format: file.summary.format,
      encoding: file.summary.encoding,
      delimiter: file.summary.delimiter,
      size_bytes: file.sizeBytes,
      columns: JSON.stringify(file.summary.columns),
      renamed_columns: JSON.stringify(file.summary.renamed),
      row_count: file.summary.rowCount,
    }).returningAll().executeTakeFirstOrThrow();
  }

  /** The account's upload of this id, if it has one. */
  find(clientId: number, id: string): Promise<DataFileRow | undefined> {
    return this.db.selectFrom('data_files').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  }

  async delete(clientId: number, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('data_files').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Removes the uploads made before `before`; their ids, for their files to go too. */
  async deleteOlderThan(before: Date): Promise<string[]> {
    const rows = await this.db.deleteFrom('data_files').where('created_at', '<', before).returning('id').execute();
    return rows.map((row) => row.id);
  }
}
