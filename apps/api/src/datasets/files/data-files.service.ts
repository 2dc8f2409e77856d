/**
 * Uploaded files (SPEC §7 Data files, §5 import file rules): received as they stream in and
 * refused past DATA_FILE_MAX_BYTES at that moment, read as a table (table-file.ts, in a compute
 * thread), previewed page by page, deleted by their owner or once DATA_FILE_LIFETIME_HOURS have
 * passed without an import. Only the account that uploaded a file sees it.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DATA_FILE_LIFETIME_HOURS, DATA_FILE_MAX_BYTES, DomainError, FEATURES,
  type DataFilePreview, type DataFileView, type Locale,
} from '@catchment/domain';
import type { PlanAccess } from '../../plans/plan-access.js';
import type { DataFileStore } from './data-file-store.js';
import type { DataFileRow, DataFilesRepository } from './data-files.repository.js';
import { UnreadableTable, type TableSummary } from './table-file.js';

/** Reads an upload as a table into its rows file (a compute thread's task). */
export type TableReader = (source: string, target: string, locale: Locale) => Promise<TableSummary>;

/** Whether the upload's stream failed at the size limit (the multipart reader's error, or its stream cut short). */
export type IsSizeLimitError = (error: unknown, stream: Readable) => boolean;

export const dataFileTooLarge = () => new DomainError('dataFileTooLarge', { details: { maxMegabytes: DATA_FILE_MAX_BYTES / (1024 * 1024) } });

export function toDataFileView(row: DataFileRow): DataFileView {
  return {
    id: row.id,
    filename: row.filename,
    format: row.format,
    encoding: row.encoding,
    delimiter: row.delimiter,
    columns: row.columns,
    renamedColumns: row.renamed_columns,
    rowCount: row.row_count,
    sizeBytes: row.size_bytes,
    createdAt: row.created_at.toISOString(),
  };
}

export class DataFilesService {
  constructor(
    private readonly files: DataFilesRepository,
    private readonly store: DataFileStore,
    private readonly plans: PlanAccess,
    private readonly readTable: TableReader,
    private readonly isSizeLimitError: IsSizeLimitError,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async upload(clientId: number, filename: string, stream: Readable, locale: Locale): Promise<DataFileView> {
    await this.plans.require(clientId, FEATURES.dataImport);
    await this.sweep();
    const id = randomUUID();
    let sizeBytes: number;
    try {
      sizeBytes = await this.store.receive(id, stream);
    } catch (error) {
      throw this.isSizeLimitError(error, stream) ? dataFileTooLarge() : error;
    }
    try {
      const summary = await this.readTable(this.store.uploadPath(id), this.store.rowsPath(id), locale);
      if (summary.rowCount === 0) throw new DomainError('dataFileEmpty');
      return toDataFileView(await this.files.insert({ id, clientId, filename: filename.slice(0, 255), sizeBytes, summary }));
    } catch (error) {
      await this.store.remove([id]);
      if (error instanceof UnreadableTable) throw new DomainError(error.reason === 'empty' ? 'dataFileEmpty' : 'dataFileInvalid');
      throw error;
    }
  }

  /** The file as read and a page of its rows (the import wizard's preview). */
  async preview(clientId: number, id: string, offset: number, limit: number): Promise<DataFilePreview> {
    const file = await this.owned(clientId, id);
    const rows = offset < file.row_count ? await this.store.rows(id, offset, limit) : [];
    return { ...toDataFileView(file), rows: rows.map((row) => file.columns.map((_, i) => row[i] ?? '')), offset };
  }

  async remove(clientId: number, id: string): Promise<void> {
    if (!(await this.files.delete(clientId, id))) throw new DomainError('dataFileNotFound');
    await this.store.remove([id]);
  }

  /** Deletes the uploads older than their lifetime (at each upload: no timer to keep). */
  async sweep(): Promise<void> {
    const expired = await this.files.deleteOlderThan(new Date(this.now().getTime() - DATA_FILE_LIFETIME_HOURS * 3_600_000));
    await this.store.remove(expired);
  }

  private async owned(clientId: number, id: string): Promise<DataFileRow> {
    const file = await this.files.find(clientId, id);
    if (!file) throw new DomainError('dataFileNotFound');
    return file;
  }
}
