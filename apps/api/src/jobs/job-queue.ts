/**
 * The durable job queue: work that outlives a request (exports, reports, imports, CRM syncs, map
 * generation) is stored in the database by pg-boss (schema `pgboss`, created on first start) and run
 * by workers in any process connected to that database.
 *
 * A job kind is a queue name. The process that runs it calls `register(name, handler, options)`,
 * which also declares the queue with its retry and timeout settings; any process may then
 * `send(name, data)` and read `job(name, id)`.
 *
 * Crash recovery. pg-boss 10 has no heartbeat: a job whose process died stays `active` until its
 * expiration (`expireInSeconds` of its queue, also the handler's time limit) has passed and a
 * maintenance round (every `maintenanceIntervalSeconds`, run by one process at a time) fails it as
 * expired; it is then retried like any failed attempt, after its retry delay, by the next worker that
 * polls (every `pollingIntervalSeconds`). With the defaults below a crashed job runs again within
 * 45 + 10 + 10 (first retry delay, 5 s with backoff and jitter) + 2 s, about a minute; the tests set
 * them to seconds. A job kind that needs a long time limit waits that long after a crash: split such
 * work into shorter jobs rather than raise the limit. (pg-boss's `monitorStateIntervalSeconds` only
 * counts jobs per state for an event; it plays no part in recovery and stays off.)
 *
 * Periodic work (the CRM lists' scheduled synchronisations, the sweep of imports whose job was lost)
 * is a queue whose job `every(name, cron)` sends on a cron schedule: pg-boss keeps the schedule in
 * the database and its clock, in every process, sends the due jobs for all of them (one process
 * every 30 s, at most one job per queue in each minute of the clock), so the work does not run once
 * per API process. Its handler must still be idempotent: pg-boss 10 can send an every-minute job
 * twice within 60 s (at 30 s apart, across a minute's boundary), and a round can outlast a minute.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { PoolConfig } from 'pg';
import { toJobView, type JobRow, type JobView, type StoredOutput } from './job-view.js';

export interface JobQueueOptions {
  /** The database schema of pg-boss's tables. */
  schema?: string;
  /** Connections of the queue's own pool (polling workers, sends, maintenance). */
  maxConnections?: number;
  /** How often one of the processes looks for expired jobs (crashed workers) and archives old ones. */
  maintenanceIntervalSeconds?: number;
  /** How often an idle worker looks for a job (a send from this process wakes its workers at once). */
  pollingIntervalSeconds?: number;
  /** On stop, how long running handlers may finish before their signal is aborted and their jobs handed back. */
  stopGraceSeconds?: number;
  /** Errors of the background work (polling, maintenance, a lost connection); they do not stop the queue. */
  onError?: (error: Error) => void;
}

/** What pg-boss calls a queue policy, i.e. how `singletonKey` limits jobs (see {@link QueueOptions.policy}). */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

export interface QueueOptions {
  /** Attempts after the first (a crash counts as a failed attempt). */
  retryLimit?: number;
  /** Wait before a retry, in whole seconds; with `retryBackoff`, the first wait, doubled each time with jitter. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * The handler's time limit: past it the attempt fails (and its signal is aborted). Also how long a
   * job whose process crashed stays active before it is retried.
   */
  expireInSeconds?: number;
  /**
   * What a job's `singletonKey` means: `standard`, nothing; `short`, at most one job per key waiting
   * to run; `singleton`, at most one running (the others wait their turn); `stately`, at most one
   * waiting and one running. A send the policy refuses returns null.
   */
  policy?: QueuePolicy;
}

export interface WorkerOptions extends QueueOptions {
  /** Jobs of this queue this process runs at the same time. */
  concurrency?: number;
}

export interface SendOptions {
  /** Limits duplicates according to the queue's policy (e.g. one export per map at a time). */
  singletonKey?: string;
  /** Not before this date, or this many seconds from now (the job shows as delayed until then). */
  startAfter?: Date | number;
  /** Higher first. */
  priority?: number;
}

/** A job as its handler sees it. */
export interface RunningJob<Data> {
  id: string;
  name: string;
  data: Data;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Aborted when the attempt is over for us: time limit reached, job cancelled, or the process stopping. */
  signal: AbortSignal;
  /**
   * Records how far the job got (between 0 and 1), for `job()` to show. Throws
   * {@link JobNoLongerActiveError} (and aborts `signal`) when the job was cancelled or expired
   * meanwhile, possibly from another process: reporting progress is how a long job notices.
   */
  reportProgress(fraction: number): Promise<void>;
}

/** Returns the job's output: plain JSON data (stored as JSON). */
export type JobHandler<Data, Output> = (job: RunningJob<Data>) => Promise<Output>;

/** The attempt no longer owns its job: cancelled, expired, or handed back because the process stops. */
export class JobNoLongerActiveError extends Error {
  constructor(readonly jobId: string, reason: string) {
    super(`Job ${jobId} is no longer active: ${reason}`);
    this.name = 'JobNoLongerActiveError';
  }
}

export const JOB_QUEUE_DEFAULTS = {
  schema: 'pgboss',
  maxConnections: 4,
  maintenanceIntervalSeconds: 10,
  pollingIntervalSeconds: 2,
  stopGraceSeconds: 10,
} as const;

export const QUEUE_DEFAULTS = {
  retryLimit: 2,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 45,
  policy: 'standard',
} as const satisfies Required<QueueOptions>;

/** Queue names are code constants: lower-case words joined by hyphens (pg-boss reserves `__pgboss__…`). */
const QUEUE_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** After aborting the handlers still running at stop, how long they get to wind down before pg-boss hands their jobs back. */
const WIND_DOWN_MS = 1_000;
/** Postgres's code for a deadlock, which pg-boss 10's create_queue can meet when processes declare the same queue at once. */
const DEADLOCK_DETECTED = '40P01';
/** How many deadlocks in a row one process's creation of a queue may lose before it gives up. */
const CREATE_QUEUE_ATTEMPTS = 10;

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly options: Required<JobQueueOptions>;
  /** Our workers' ids per queue, to wake them when this process sends a job. */
  private readonly workerIds = new Map<string, string[]>();
  /** Handlers running in this process, by job id, to abort on cancel and at stop. */
  private readonly running = new Map<string, AbortController>();
  private started = false;

  constructor(connection: PoolConfig, options: JobQueueOptions = {}) {
    this.options = { ...JOB_QUEUE_DEFAULTS, onError: (error) => console.error('[jobs]', error), ...options };
    const { schema, maxConnections, maintenanceIntervalSeconds, pollingIntervalSeconds } = this.options;
    this.boss = new PgBoss({
      // pg-boss opens its own node-postgres pool with this: the same database as the API's pool. (Its
      // typing of `password` is narrower than pg's, which it passes the value to unchanged.)
      ...(connection as PgBoss.DatabaseOptions),
      max: maxConnections,
      application_name: 'catchment-jobs',
      schema,
      // Maintenance is what fails expired jobs, i.e. what recovers the jobs of a crashed process.
      supervise: true,
      maintenanceIntervalSeconds,
      pollingIntervalSeconds,
      // The clock that sends the jobs of `every` schedules (it checks them every 30 s, one process at a time).
      schedule: true,
    });
    // pg-boss reports background failures as 'error' events; without a listener they would crash the process.
    this.boss.on('error', (error) => this.options.onError(error));
  }

  /**
   * Creates pg-boss's schema on first use, or checks it. Several processes may start at once: pg-boss
   * creates the schema under an advisory lock and ignores the "already exists" of those that lost.
   */
  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
  }

  /** pg-boss, once started: before, its queries would quietly do nothing. */
  private get startedBoss(): PgBoss {
    if (!this.started) throw new Error('The job queue is not started');
    return this.boss;
  }

  /**
   * Stops polling, lets running handlers finish for `stopGraceSeconds`, then aborts their signals;
   * jobs still running after that are failed as interrupted, so that another process retries them
   * at once rather than after their expiration.
   */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const graceMs = this.options.stopGraceSeconds * 1000;
    const abortLate = setTimeout(() => {
      for (const [id, controller] of this.running) controller.abort(new JobNoLongerActiveError(id, 'the process is stopping'));
    }, graceMs);
    try {
      await this.boss.stop({ graceful: true, wait: true, timeout: graceMs + WIND_DOWN_MS });
    } finally {
      clearTimeout(abortLate);
    }
  }

  /**
   * Declares the queue (see {@link declare}) and runs its jobs in this process, `concurrency` at a
   * time. The handler's result becomes the job's output; a throw fails the attempt with its message.
   */
  async register<Data extends object, Output>(name: string, handler: JobHandler<Data, Output>, options: WorkerOptions = {}): Promise<void> {
    const { concurrency = 1, ...queueOptions } = options;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a positive integer, not ${concurrency}`);
    await this.declare(name, queueOptions);
    const ids = this.workerIds.get(name) ?? [];
    this.workerIds.set(name, ids);
    // pg-boss 10 runs one job at a time per worker: concurrency is that many workers.
    for (let i = 0; i < concurrency; i += 1) {
      ids.push(await this.startedBoss.work<Data>(name, { includeMetadata: true, batchSize: 1 }, async ([job]) => this.run(job!, handler)));
    }
  }

  /**
   * Creates the queue with these settings, or brings an existing one's up to date (they are the
   * code's). `register` does it; a process that only sends jobs of a kind it does not run calls it.
   */
  async declare(name: string, options: QueueOptions = {}): Promise<void> {
    if (!QUEUE_NAME.test(name)) throw new Error(`Invalid queue name "${name}": lower-case words joined by hyphens`);
    const settings = { ...QUEUE_DEFAULTS, ...options };
    const queue: PgBoss.Queue = {
      name,
      policy: settings.policy,
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: settings.retryBackoff,
      expireInSeconds: settings.expireInSeconds,
    };
    await this.createQueue(name, queue);
    await this.startedBoss.updateQueue(name, queue);
  }

  /**
   * Queues a job and returns its id, or null when the queue's policy refuses it (a job with the
   * same `singletonKey` is already waiting or running). Throws if the queue was never declared.
   */
  async send<Data extends object>(name: string, data: Data, options: SendOptions = {}): Promise<string | null> {
    const { singletonKey, startAfter, priority } = options;
    const id = await this.startedBoss.send(name, data, {
      ...(singletonKey !== undefined && { singletonKey }),
      ...(startAfter !== undefined && { startAfter }),
      ...(priority !== undefined && { priority }),
    });
    if (id === null && !(await this.boss.getQueue(name))) throw new Error(`No queue "${name}": register or declare it before sending jobs`);
    // Our own workers of the queue look at once rather than at their next poll.
    if (id !== null) for (const workerId of this.workerIds.get(name) ?? []) this.boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Sends a job (with empty data) to the queue `name` at each time `cron` names (five fields,
   * UTC, a minute at finest), from whichever process's clock sees it first, for all the processes
   * (see the module's comment: the handler must be idempotent). The queue must be declared; the
   * schedule is stored, and replaced by the next call for the same queue (a new cron).
   */
  async every(name: string, cron: string): Promise<void> {
    await this.startedBoss.schedule(name, cron, {}, { tz: 'UTC' });
  }

  /** Stops a schedule of {@link every} (a feature switched off): stored, it would go on sending otherwise. */
  async unschedule(name: string): Promise<void> {
    await this.startedBoss.unschedule(name);
  }

  /**
   * The data of the queue's jobs not over yet (waiting, waiting for a retry, or running), in any
   * process: to tell work still under way from work whose job was lost.
   */
  async unfinishedJobsData<Data>(name: string): Promise<Data[]> {
    const result = await this.startedBoss.getDb().executeSql(
      `SELECT data FROM ${this.options.schema}.job WHERE name = $1 AND state < 'completed'`, [name],
    ) as { rows: { data: Data }[] };
    return result.rows.map((row) => row.data);
  }

  /** The job, wherever it is (waiting, running, done, or archived after a while); null if unknown. */
  async job<Output = unknown>(name: string, id: string): Promise<JobView<Output> | null> {
    // An id from a URL may be anything; Postgres would reject a malformed uuid with an error.
    if (!UUID.test(id)) return null;
    const row = await this.startedBoss.getJobById(name, id, { includeArchive: true });
    return row ? toJobView<Output>(row as JobRow) : null;
  }

  /**
   * Cancels a job not yet completed or failed. A handler running it in this process has its signal
   * aborted at once; one in another process learns it at its next `reportProgress`.
   */
  async cancel(name: string, id: string): Promise<void> {
    if (!UUID.test(id)) return;
    await this.startedBoss.cancel(name, id);
    this.running.get(id)?.abort(new JobNoLongerActiveError(id, 'cancelled'));
  }

  /** Runs a failed job again (SPEC §7, a download's retry), with one more attempt allowed. */
  async retry(name: string, id: string): Promise<void> {
    if (!UUID.test(id)) return;
    await this.startedBoss.retry(name, id);
  }

  private async run<Data, Output>(job: PgBoss.JobWithMetadata<Data>, handler: JobHandler<Data, Output>): Promise<StoredOutput> {
    const controller = new AbortController();
    this.running.set(job.id, controller);
    // pg-boss fails the attempt when its time limit is reached but cannot stop the handler: the signal can.
    const timeLimit = setTimeout(
      () => controller.abort(new JobNoLongerActiveError(job.id, `time limit of ${job.expireInSeconds} s reached`)),
      job.expireInSeconds * 1000,
    );
    try {
      let output: Output;
      try {
        output = await handler({
          id: job.id,
          name: job.name,
          data: job.data,
          retryCount: job.retryCount,
          signal: controller.signal,
          reportProgress: (fraction) => this.reportProgress(job, controller, fraction),
        });
      } catch (error) {
        // A handler stopped by its signal fails with the reason it was stopped, not with the AbortError it met.
        throw controller.signal.aborted ? controller.signal.reason : error;
      }
      // A handler that returns once told to stop has not finished its work: the attempt fails.
      controller.signal.throwIfAborted();
      return { output };
    } finally {
      clearTimeout(timeLimit);
      this.running.delete(job.id);
    }
  }

  private async reportProgress(job: PgBoss.JobWithMetadata<unknown>, controller: AbortController, fraction: number): Promise<void> {
    if (!(Number.isFinite(fraction) && fraction >= 0 && fraction <= 1)) throw new RangeError(`progress must be between 0 and 1, not ${fraction}`);
    controller.signal.throwIfAborted();
    // pg-boss has no progress: we keep it in the job's output until the result replaces it. The
    // retry count identifies this attempt (each fetch of a job started before increments it), so a
    // late report never lands on a later attempt.
    const result = await this.boss.getDb().executeSql(
      `UPDATE ${this.options.schema}.job SET output = jsonb_build_object('progress', $3::float8)
        WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $4`,
      [job.name, job.id, fraction, job.retryCount],
    ) as { rowCount?: number | null } | undefined;
    if (result?.rowCount === 0) {
      const error = new JobNoLongerActiveError(job.id, 'cancelled or expired');
      controller.abort(error);
      throw error;
    }
  }

  /**
   * pg-boss 10's create_queue deadlocks when processes create queues at once (each inserts its row,
   * then needs a lock on the queue table that the others' inserts hold): Postgres then fails one of
   * them. A queue that exists is not created again; a loser waits a random moment, by which the
   * winner has usually committed, and looks again. Four processes starting at once on an empty
   * schema meet about two deadlocks, and under load the same one can lose several times running.
   */
  private async createQueue(name: string, queue: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (await this.startedBoss.getQueue(name)) return;
      try {
        await this.startedBoss.createQueue(name, queue);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt === CREATE_QUEUE_ATTEMPTS) throw error;
        await sleep(50 + Math.random() * 200);
      }
    }
  }
}
