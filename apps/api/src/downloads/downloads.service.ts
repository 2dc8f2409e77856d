/**
 * Download jobs (SPEC §7): files a user orders (exports, reports) made by jobs of the durable queue,
 * one queue per kind of file (`download-<kind>`).
 *
 * A feature declares its kind once with {@link Downloads.registerKind}: a handler that gets the
 * params it was started with and writes the file through {@link DownloadWork.output}, reporting its
 * progress. It orders a file with {@link Downloads.start}. The rest is here: the user's record of
 * the download, its status (SPEC §4; read from the queue while it is under way, so a crash shows as
 * waiting for its retry), the file stored whole or not at all, retry, delete, and the real-time
 * events `download` (one job changed, at most every half second while it runs) and `downloads`
 * (the count of completed files not downloaded yet).
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DomainError, ERRORS, REALTIME_EVENTS, translate,
  type DownloadEventData, type DownloadJobView, type DownloadStatus, type Locale,
} from '@catchment/domain';
import type { EventBus } from '../events/event-bus.js';
import { userRoom } from '../events/rooms.js';
import { JobNoLongerActiveError, type JobQueue, type WorkerOptions } from '../jobs/job-queue.js';
import type { DownloadContent, DownloadStorage } from './download-storage.js';
import type { DownloadFile, DownloadRow, DownloadsRepository } from './downloads.repository.js';

/** What a kind's handler gets besides its params. */
export interface DownloadWork {
  clientId: number;
  downloadId: string;
  /** Where the file goes: call `save` once, with the whole content (bytes or a stream). */
  output: DownloadOutput;
  /** How far the work got, between 0 and 1. Throws when the job was cancelled or expired meanwhile. */
  progress(fraction: number): Promise<void>;
  /** Aborted when the attempt is over (time limit, job deleted, the process stopping). */
  signal: AbortSignal;
}

export interface DownloadOutput {
  save(content: DownloadContent, file: { name: string; contentType: string }): Promise<void>;
}

/**
 * Makes the file of a download. A DomainError it throws fails the download with that error (the
 * same params would fail again); any other failure is retried by the queue.
 */
export type DownloadHandler<Params> = (params: Params, work: DownloadWork) => Promise<void>;

/** Exports take seconds to a minute; a crashed one is run again once its time limit has passed. */
export const DOWNLOAD_QUEUE_DEFAULTS: WorkerOptions = { expireInSeconds: 300, retryLimit: 2, retryDelaySeconds: 5, concurrency: 2 };

const EVENT_INTERVAL_MS = 500;

interface DownloadJobData { downloadId: string }

export const downloadQueue = (kind: string): string => `download-${kind}`;

export class Downloads {
  private readonly kinds = new Set<string>();

  constructor(
    private readonly repository: DownloadsRepository,
    private readonly storage: DownloadStorage,
    private readonly events: EventBus,
    private readonly jobs: JobQueue | undefined,
    private readonly log: (message: string, error: unknown) => void,
  ) {}

  /** Declares a kind of file and runs its jobs in this process (without a queue, it can only be listed). */
  async registerKind<Params>(kind: string, handler: DownloadHandler<Params>, options: WorkerOptions = {}): Promise<void> {
    this.kinds.add(kind);
    if (!this.jobs) return;
    await this.jobs.register<DownloadJobData, { done: boolean }>(downloadQueue(kind), async (job) => ({
      done: await this.run(job.data.downloadId, handler, job.signal, (fraction) => job.reportProgress(fraction), job.retryCount >= (options.retryLimit ?? DOWNLOAD_QUEUE_DEFAULTS.retryLimit!)),
    }), { ...DOWNLOAD_QUEUE_DEFAULTS, ...options });
  }

  /** Declares a kind of file this process orders but does not make (another process runs its jobs). */
  async declareKind(kind: string, options: WorkerOptions = {}): Promise<void> {
    this.kinds.add(kind);
    const { concurrency: _concurrency, ...queueOptions } = { ...DOWNLOAD_QUEUE_DEFAULTS, ...options };
    await this.jobs?.declare(downloadQueue(kind), queueOptions);
  }

  /** Orders a file: the download is recorded, its job queued; returns the download's id. */
  async start(clientId: number, kind: string, params: object, options: { title: string }): Promise<string> {
    if (!this.kinds.has(kind)) throw new Error(`Unknown download kind "${kind}": register it first`);
    const jobs = this.requireQueue();
    const id = randomUUID();
    await this.repository.create({ id, clientId, kind, title: options.title, params });
    try {
      await this.queue(jobs, id, kind);
    } catch (error) {
      // A download nothing will ever make is not left in the user's list.
      await this.repository.remove(clientId, id);
      throw error;
    }
    this.publish(clientId, { jobId: id, status: 'delayed', progress: 0 });
    return id;
  }

  async list(clientId: number, locale: Locale): Promise<DownloadJobView[]> {
    return Promise.all((await this.repository.list(clientId)).map((row) => this.view(row, locale)));
  }

  async get(clientId: number, id: string, locale: Locale): Promise<DownloadJobView> {
    return this.view(await this.row(clientId, id), locale);
  }

  /** The file of a completed download, with what to answer it with. */
  async file(clientId: number, id: string): Promise<{ content: Readable; file: DownloadFile }> {
    const row = await this.row(clientId, id);
    if (!row.completed_at || !row.file_name || !row.content_type) throw new DomainError('downloadNotReady');
    const content = await this.storage.get(row.id);
    if (!content) throw new DomainError('downloadFileMissing');
    return { content, file: { fileName: row.file_name, contentType: row.content_type, size: Number(row.file_size) } };
  }

  async setDownloaded(clientId: number, id: string, isDownloaded: boolean, locale: Locale): Promise<DownloadJobView> {
    const row = await this.row(clientId, id);
    if (row.is_downloaded !== isDownloaded) {
      await this.repository.setDownloaded(clientId, id, isDownloaded);
      if (row.completed_at) await this.publishCount(clientId);
    }
    return this.get(clientId, id, locale);
  }

  /** Orders a failed download again (SPEC §7 retry): a new job, the same params and title. */
  async retry(clientId: number, id: string, locale: Locale): Promise<DownloadJobView> {
    const row = await this.row(clientId, id);
    if ((await this.status(row)).status !== 'failed') throw new DomainError('downloadNotFailed');
    const jobs = this.requireQueue();
    await this.storage.remove(row.id);
    await this.repository.restart(row.id);
    await this.queue(jobs, row.id, row.kind);
    this.publish(clientId, { jobId: id, status: 'delayed', progress: 0 });
    return this.get(clientId, id, locale);
  }

  /** Deletes the download and its file; one still under way is cancelled first. */
  async remove(clientId: number, id: string): Promise<void> {
    const row = await this.row(clientId, id);
    if (row.job_id && !row.completed_at && !row.failed_at) await this.jobs?.cancel(downloadQueue(row.kind), row.job_id);
    await this.repository.remove(clientId, id);
    await this.storage.remove(row.id);
    if (row.completed_at && !row.is_downloaded) await this.publishCount(clientId);
  }

  private async row(clientId: number, id: string): Promise<DownloadRow> {
    const row = await this.repository.get(clientId, id);
    if (!row) throw new DomainError('downloadNotFound');
    return row;
  }

  private requireQueue(): JobQueue {
    if (!this.jobs) throw new DomainError('downloadsUnavailable');
    return this.jobs;
  }

  private async queue(jobs: JobQueue, id: string, kind: string): Promise<void> {
    const jobId = await jobs.send<DownloadJobData>(downloadQueue(kind), { downloadId: id });
    if (jobId === null) throw new Error(`The queue of ${kind} downloads refused a job`);
    await this.repository.setJob(id, jobId);
  }

  /**
   * One attempt of a download's job. Returns false when there was nothing to do (the download was
   * deleted). An attempt cut short (time limit, cancel, the process stopping) is the queue's to
   * retry; a DomainError fails the download for good; another error is retried, and on the last
   * attempt recorded as an internal error.
   */
  private async run<Params>(
    downloadId: string, handler: DownloadHandler<Params>, signal: AbortSignal, reportProgress: (fraction: number) => Promise<void>, lastAttempt: boolean,
  ): Promise<boolean> {
    const row = await this.repository.byId(downloadId);
    if (!row) return false;
    const clientId = row.client_id;
    this.publish(clientId, { jobId: downloadId, status: 'active', progress: 0 });
    let saved: DownloadFile | undefined;
    let lastEvent = Date.now();
    const work: DownloadWork = {
      clientId,
      downloadId,
      signal,
      output: {
        save: async (content, file) => {
          const { size } = await this.storage.put(downloadId, content);
          saved = { fileName: file.name, contentType: file.contentType, size };
        },
      },
      progress: async (fraction) => {
        await reportProgress(fraction);
        if (Date.now() - lastEvent >= EVENT_INTERVAL_MS) {
          lastEvent = Date.now();
          this.publish(clientId, { jobId: downloadId, status: 'active', progress: fraction });
        }
      },
    };
    try {
      await handler(row.params as Params, work);
      signal.throwIfAborted();
      if (!saved) throw new Error(`The ${row.kind} download ${downloadId} ended without a file`);
    } catch (error) {
      if (error instanceof JobNoLongerActiveError || signal.aborted) throw error;
      if (!(error instanceof DomainError) && !lastAttempt) throw error;
      if (!(error instanceof DomainError)) this.log(`${row.kind} download ${downloadId} failed`, error);
      await this.storage.remove(downloadId);
      await this.repository.fail(downloadId, error instanceof DomainError ? error.code : ERRORS.internal.code);
      this.publish(clientId, { jobId: downloadId, status: 'failed', progress: 0 });
      return true;
    }
    if (!(await this.repository.complete(downloadId, saved))) {
      // Deleted while it was being made: its file goes too.
      await this.storage.remove(downloadId);
      return false;
    }
    this.publish(clientId, { jobId: downloadId, status: 'completed', progress: 1 });
    await this.publishCount(clientId);
    return true;
  }

  /** Its status: ours once completed or failed by its work, else its job's in the queue. */
  private async status(row: DownloadRow): Promise<{ status: DownloadStatus; progress?: number; errorCode?: string }> {
    if (row.completed_at) return { status: 'completed', progress: 1 };
    if (row.failed_at) return { status: 'failed', errorCode: row.error_code ?? ERRORS.internal.code };
    if (!row.job_id) return { status: 'delayed' };
    // Without a queue here, what is under way shows as waiting.
    if (!this.jobs) return { status: 'delayed' };
    const job = await this.jobs.job(downloadQueue(row.kind), row.job_id);
    // A job the queue no longer knows (removed long after) never completed: failed.
    if (!job) return { status: 'failed', errorCode: ERRORS.internal.code };
    // The queue's job completed but our row did not (deleted and made again meanwhile): failed too.
    if (job.status === 'completed') return { status: 'failed', errorCode: ERRORS.internal.code };
    if (job.status === 'failed') return { status: 'failed', errorCode: ERRORS.internal.code };
    return { status: job.status, ...(job.progress !== undefined && { progress: job.progress }) };
  }

  private async view(row: DownloadRow, locale: Locale): Promise<DownloadJobView> {
    const { status, progress, errorCode } = await this.status(row);
    const view: DownloadJobView = {
      id: row.id, status, createdAt: row.created_at.toISOString(), isDownloaded: row.is_downloaded, kind: row.kind, title: row.title,
    };
    if (progress !== undefined) view.progress = progress;
    if (row.completed_at) view.completedAt = row.completed_at.toISOString();
    if (row.completed_at && row.file_size !== null) view.size = Number(row.file_size);
    if (errorCode) {
      view.errorCode = errorCode;
      view.error = translate(locale, messageOf(errorCode));
    }
    return view;
  }

  private publish(clientId: number, data: DownloadEventData): void {
    this.events.publish({ room: userRoom(clientId), event: REALTIME_EVENTS.download, data });
  }

  private async publishCount(clientId: number): Promise<void> {
    const count = await this.repository.notDownloadedCount(clientId);
    this.events.publish({ room: userRoom(clientId), event: REALTIME_EVENTS.downloads, data: { count } });
  }
}

/** The message of an error code of the catalogue (the internal error's for a code it does not know). */
function messageOf(code: string): string {
  return Object.values(ERRORS).find((entry) => entry.code === code)?.message ?? ERRORS.internal.message;
}
