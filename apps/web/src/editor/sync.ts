/**
 * Autosave: an ordered queue of jobs (one per command), each a list of API calls sent one at a time
 * with the map version the change is based on; every response carries the map's new version, used
 * by the next call. A 409 means the map moved on elsewhere: the queue reports the conflict and holds
 * the jobs queued meanwhile until restart() gives it the server's version and the jobs rebuilt on
 * top of it (conflict-rebase.ts). Any other failure stops the queue and reports the failed job and
 * the jobs that were waiting.
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
  /**
   * The server refused a change because the map changed elsewhere (HTTP 409). The queue holds what
   * is queued next until restart().
   */
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
  /** After a 409, until restart(): jobs are held, not sent (they are based on a stale version). */
  private conflicted = false;
  private currentVersion: number;

  constructor(version: number, private readonly send: SendCall, private readonly listener: SyncListener<Tag>) {
    this.currentVersion = version;
  }

  get version(): number {
    return this.currentVersion;
  }

  /** Whether calls are waiting or in flight, or a conflict is being resolved. */
  get busy(): boolean {
    return this.running || this.jobs.length > 0 || this.conflicted;
  }

  enqueue(job: SyncJob<Tag>): void {
    if (this.stopped || job.calls.length === 0) return;
    this.jobs.push(job);
    if (!this.running && !this.conflicted) void this.run();
  }

  /**
   * Resumes after a conflict from the server's `version`: `rebuild` gets the jobs held since and
   * returns what to send, in order (the failed and held changes, rebased on the server's map).
   */
  restart(version: number, rebuild: (held: SyncJob<Tag>[]) => SyncJob<Tag>[]): void {
    if (this.stopped || !this.conflicted) return;
    this.conflicted = false;
    this.currentVersion = version;
    this.jobs = rebuild(this.jobs).filter((job) => job.calls.length > 0);
    if (this.jobs.length > 0) void this.run();
    else this.listener.onStatus('saved');
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
      this.conflicted = true;
      this.listener.onConflict(failure);
    } else {
      this.listener.onStatus('error');
      this.listener.onError(failure);
    }
  }
}
