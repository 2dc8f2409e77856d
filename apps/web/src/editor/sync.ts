/**
 * Autosave: an ordered queue of jobs (one per command), each a list of API calls sent one at a time
 * with the map version the change is based on; every response carries the map's new version, used
 * by the next call. A 409 means the map moved on elsewhere: the queue stops and the page reloads the
 * map. Any other failure stops the queue and reports the failed job and the jobs that were waiting.
 */
import type { ApiCall } from './to-requests.js';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface SyncJob<Tag = unknown> {
  calls: ApiCall[];
  /** Whatever the owner needs to roll the job back (the command, how it was dispatched). */
  tag: Tag;
}

export interface SentCall { version: number; body: unknown }

/** Sends one call based on `version`; resolves with the version the server answers. */
export type SendCall = (call: ApiCall, version: number) => Promise<SentCall>;

export interface SyncFailure<Tag> {
  error: unknown;
  job: SyncJob<Tag>;
  /** Index in job.calls of the call that failed: 0 means the server kept nothing of this job. */
  failedCallIndex: number;
  /** Jobs queued after the failed one, not sent. */
  dropped: SyncJob<Tag>[];
}

export interface SyncListener<Tag> {
  onStatus(status: SaveStatus): void;
  /** A call succeeded (e.g. the server's geometry for posted areas). */
  onResponse?(call: ApiCall, body: unknown, job: SyncJob<Tag>): void;
  /** The server refused a change because the map changed elsewhere (HTTP 409). */
  onConflict(failure: SyncFailure<Tag>): void;
  onError(failure: SyncFailure<Tag>): void;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error as { status: unknown };
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

export class SyncQueue<Tag = unknown> {
  private jobs: SyncJob<Tag>[] = [];
  private running = false;
  private stopped = false;
  private currentVersion: number;

  constructor(version: number, private readonly send: SendCall, private readonly listener: SyncListener<Tag>) {
    this.currentVersion = version;
  }

  get version(): number {
    return this.currentVersion;
  }

  /** Whether calls are waiting or in flight. */
  get busy(): boolean {
    return this.running || this.jobs.length > 0;
  }

  enqueue(job: SyncJob<Tag>): void {
    if (this.stopped || job.calls.length === 0) return;
    this.jobs.push(job);
    if (!this.running) void this.run();
  }

  /** Stops (the map was closed or reloaded): waiting calls are dropped, responses in flight ignored. */
  dispose(): void {
    this.stopped = true;
    this.jobs = [];
  }

  /** Accepts jobs again after dispose() (React may unmount and remount the same editor). */
  resume(): void {
    this.stopped = false;
  }

  private async run(): Promise<void> {
    this.running = true;
    this.listener.onStatus('saving');
    let failure: SyncFailure<Tag> | null = null;
    while (this.jobs.length > 0 && !this.stopped && !failure) {
      const job = this.jobs.shift()!;
      for (let index = 0; index < job.calls.length; index += 1) {
        try {
          const call = job.calls[index]!;
          const sent = await this.send(call, this.currentVersion);
          if (this.stopped) break;
          this.currentVersion = sent.version;
          this.listener.onResponse?.(call, sent.body, job);
        } catch (error) {
          failure = { error, job, failedCallIndex: index, dropped: this.jobs };
          this.jobs = [];
          break;
        }
      }
    }
    // Not running any more before anyone hears of it, so a job queued by a listener starts at once.
    this.running = false;
    if (this.stopped) return;
    if (!failure) {
      this.listener.onStatus('saved');
    } else if (statusOf(failure.error) === 409) {
      this.listener.onConflict(failure);
    } else {
      this.listener.onStatus('error');
      this.listener.onError(failure);
    }
  }
}
