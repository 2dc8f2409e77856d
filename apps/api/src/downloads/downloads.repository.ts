/** Download jobs as stored (migration 022): the user's record of each file ordered. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DownloadJobsTable } from '../db/schema.js';

export type DownloadRow = Selectable<DownloadJobsTable>;

export interface NewDownload { id: string; clientId: number; kind: string; title: string; params: unknown }

export interface DownloadFile { fileName: string; size: number; contentType: string }

export class DownloadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(download: NewDownload): Promise<void> {
    await this.db.insertInto('download_jobs').values({
      id: download.id, client_id: download.clientId, kind: download.kind, title: download.title, params: JSON.stringify(download.params),
    }).execute();
  }

  /** The account's downloads, newest first. */
  list(clientId: number): Promise<DownloadRow[]> {
    return this.db.selectFrom('download_jobs').selectAll().where('client_id', '=', clientId)
      .orderBy('created_at', 'desc').orderBy('id').execute();
  }

  /** One download of the account; undefined when it has none of that id. */
  get(clientId: number, id: string): Promise<DownloadRow | undefined> {
    return this.db.selectFrom('download_jobs').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
  }

  /** A download whoever owns it: for the job that makes it. */
  byId(id: string): Promise<DownloadRow | undefined> {
    return this.db.selectFrom('download_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The queue's job now making it (a retry sends a new one). */
  async setJob(id: string, jobId: string): Promise<void> {
    await this.db.updateTable('download_jobs').set({ job_id: jobId }).where('id', '=', id).execute();
  }

  /** Its file is stored: completed. False when the download was deleted meanwhile. */
  async complete(id: string, file: DownloadFile): Promise<boolean> {
    const result = await this.db.updateTable('download_jobs').set({
      completed_at: new Date(), failed_at: null, error_code: null, file_name: file.fileName, file_size: file.size, content_type: file.contentType,
    }).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The work refused to go on, for a reason of the product (SPEC §8): failed with that code. */
  async fail(id: string, errorCode: string): Promise<void> {
    await this.db.updateTable('download_jobs').set({ failed_at: new Date(), error_code: errorCode }).where('id', '=', id).execute();
  }

  /** A failed download ordered again: neither failed nor completed, not downloaded, made by a new job. */
  async restart(id: string): Promise<void> {
    await this.db.updateTable('download_jobs').set({
      failed_at: null, error_code: null, completed_at: null, is_downloaded: false, job_id: null,
    }).where('id', '=', id).execute();
  }

  async setDownloaded(clientId: number, id: string, isDownloaded: boolean): Promise<void> {
    await this.db.updateTable('download_jobs').set({ is_downloaded: isDownloaded }).where('client_id', '=', clientId).where('id', '=', id).execute();
  }

  async remove(clientId: number, id: string): Promise<void> {
    await this.db.deleteFrom('download_jobs').where('client_id', '=', clientId).where('id', '=', id).execute();
  }

  /** The account's completed downloads not yet downloaded (the header's badge). */
  async notDownloadedCount(clientId: number): Promise<number> {
    const row = await this.db.selectFrom('download_jobs').select(sql<string>`count(*)`.as('count'))
      .where('client_id', '=', clientId).where('completed_at', 'is not', null).where('is_downloaded', '=', false)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
