/**
 * The job queue on the real databases (PostgreSQL, and PGlite through its socket): jobs run and
 * keep their output, failures are retried then reported, statuses follow SPEC §4, and a job whose
 * process was killed while running it is run again by another process.
 *
 * Each run uses its own pg-boss schema (dropped at the end) and queues with short time limits and
 * maintenance intervals, so that expirations happen in seconds.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PoolConfig } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { JobNoLongerActiveError, JobQueue, type JobQueueOptions, type WorkerOptions } from '../src/jobs/job-queue.js';
import type { JobView } from '../src/jobs/job-view.js';
import { startChildScript } from './child-script.js';
import { testApp } from './harness.js';
import type { WorkerChildArguments } from './job-worker.child.js';

let database: DatabaseHandle;
let connection: PoolConfig;
let queueOptions: JobQueueOptions;
const opened: JobQueue[] = [];

beforeAll(async () => {
  database = (await testApp()).ctx.database;
  connection = database.connection;
  queueOptions = {
    schema: `pgboss_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
    maxConnections: 2,
    maintenanceIntervalSeconds: 1,
    pollingIntervalSeconds: 0.5,
    stopGraceSeconds: 1,
  };
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((queue) => queue.stop()));
});

afterAll(async () => {
  if (queueOptions) await database.execScript(`DROP SCHEMA IF EXISTS ${queueOptions.schema} CASCADE`);
});

/** A queue as one process would open it (its own connections). */
async function openQueue(): Promise<JobQueue> {
  const queue = new JobQueue(connection, queueOptions);
  opened.push(queue);
  await queue.start();
  return queue;
}

const queueName = (kind: string) => `${kind}-${randomUUID().slice(0, 8)}`;

/** Fast retries, a short time limit: what a crash or a failure costs here is seconds. */
const quickRetries: WorkerOptions = { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 2 };

/** Polls the job until `done` holds, and returns it. */
async function jobWhen<Output>(queue: JobQueue, name: string, id: string, done: (job: JobView<Output>) => boolean): Promise<JobView<Output>> {
  return vi.waitFor(async () => {
    const job = await queue.job<Output>(name, id);
    if (!job || !done(job)) throw new Error(`job ${id} is ${JSON.stringify(job)}`);
    return job;
  }, { timeout: 30_000, interval: 100 });
}

/** A promise and the function that resolves it, to hold a handler where a test wants it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('job queue', () => {
  it('runs a sent job: delayed while it waits, active with its progress, then completed with its output', async () => {
    const queue = await openQueue();
    const name = queueName('double');
    const release = gate();
    await queue.register<{ n: number }, { doubled: number }>(name, async (job) => {
      await job.reportProgress(0.5);
      await release.opened;
      return { doubled: job.data.n * 2 };
    });

    const later = await queue.send(name, { n: 1 }, { startAfter: 3600 });
    expect(await queue.job(name, later!)).toMatchObject({ status: 'delayed', state: 'created', retryCount: 0, startedOn: null });

    const id = await queue.send(name, { n: 21 });
    expect(id).toEqual(expect.any(String));
    const running = await jobWhen(queue, name, id!, (job) => job.progress === 0.5);
    expect(running).toMatchObject({ status: 'active', state: 'active' });
    expect(running.startedOn).toBeInstanceOf(Date);
    expect(running.output).toBeUndefined();

    release.open();
    const done = await jobWhen<{ doubled: number }>(queue, name, id!, (job) => job.state === 'completed');
    expect(done).toMatchObject({ id, name, status: 'completed', progress: 1, output: { doubled: 42 }, retryCount: 0 });
    expect(done.completedOn!.getTime()).toBeGreaterThanOrEqual(done.createdOn.getTime());
  });

  it('runs as many jobs of a queue at once as its concurrency', async () => {
    const queue = await openQueue();
    const name = queueName('parallel');
    const release = gate();
    const running = new Set<string>();
    await queue.register(name, async (job) => {
      running.add(job.id);
      await release.opened;
    }, { concurrency: 2 });
    const ids = await Promise.all([queue.send(name, {}), queue.send(name, {})]);
    await vi.waitFor(() => expect([...running].sort()).toEqual([...ids].sort()), { timeout: 30_000 });
    release.open();
    for (const id of ids) await jobWhen(queue, name, id!, (job) => job.state === 'completed');
  });

  it('retries a failing handler, then reports the job failed with the last error', async () => {
    const queue = await openQueue();
    const name = queueName('broken');
    const attempts: number[] = [];
    await queue.register(name, async (job) => {
      attempts.push(job.retryCount);
      throw new Error(`attempt ${job.retryCount + 1} broke`);
    }, quickRetries);

    const id = await queue.send(name, {});
    const failed = await jobWhen(queue, name, id!, (job) => job.state === 'failed');
    expect(failed).toMatchObject({ status: 'failed', error: 'attempt 3 broke', retryCount: 2 });
    expect(failed.output).toBeUndefined();
    expect(attempts).toEqual([0, 1, 2]);

    // A download's retry: one more attempt.
    await queue.retry(name, id!);
    await vi.waitFor(() => expect(attempts).toHaveLength(4), { timeout: 30_000 });
    expect((await jobWhen(queue, name, id!, (job) => job.state === 'failed')).error).toBe('attempt 4 broke');
  });

  it('stops a handler past its time limit through its signal, and fails the attempt', async () => {
    const queue = await openQueue();
    const name = queueName('slow');
    const reasons: unknown[] = [];
    await queue.register(name, async (job) => {
      try {
        await sleep(3_600_000, undefined, { signal: job.signal });
      } finally {
        reasons.push(job.signal.reason);
      }
    }, { ...quickRetries, retryLimit: 0, expireInSeconds: 1 });

    const id = await queue.send(name, {});
    const failed = await jobWhen(queue, name, id!, (job) => job.state === 'failed');
    // Our time limit in this process, or pg-boss's maintenance expiring the attempt: whichever comes first.
    expect(failed.error).toMatch(/time limit|timeout/);
    expect(reasons).toEqual([expect.any(JobNoLongerActiveError)]);
  });

  it('cancels a job: a waiting one never runs, a running one is told here at once and elsewhere when it reports progress', async () => {
    const worker = await openQueue();
    const elsewhere = await openQueue();
    const name = queueName('cancelled');
    const started = gate();
    const stoppedBy: unknown[] = [];
    await worker.register(name, async (job) => {
      started.open();
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
      stoppedBy.push(job.signal.reason);
    });
    const running = await worker.send(name, {});
    await started.opened;
    await worker.cancel(name, running!);
    await vi.waitFor(() => expect(stoppedBy).toEqual([expect.any(JobNoLongerActiveError)]));
    expect(await worker.job(name, running!)).toMatchObject({ status: 'failed', state: 'cancelled' });

    const waiting = await worker.send(name, {}, { startAfter: 3600 });
    await elsewhere.cancel(name, waiting!);
    expect(await worker.job(name, waiting!)).toMatchObject({ status: 'failed', state: 'cancelled', startedOn: null });

    // Cancelled from another process: the handler learns it when it reports progress.
    const reportName = queueName('cancelled-elsewhere');
    const reported = gate();
    const outcome: unknown[] = [];
    await worker.register(reportName, async (job) => {
      await job.reportProgress(0.1);
      reported.open();
      await vi.waitFor(async () => expect((await elsewhere.job(reportName, job.id))?.state).toBe('cancelled'));
      await job.reportProgress(0.2).catch((error: unknown) => outcome.push(error, job.signal.aborted));
    });
    const id = await worker.send(reportName, {});
    await reported.opened;
    await elsewhere.cancel(reportName, id!);
    await vi.waitFor(() => expect(outcome).toEqual([expect.any(JobNoLongerActiveError), true]), { timeout: 30_000 });
  });

  it('refuses a second job with the same singleton key while the first waits, on a queue whose policy says so', async () => {
    const queue = await openQueue();
    const name = queueName('one-per-map');
    await queue.declare(name, { policy: 'short' });
    const first = await queue.send(name, { map: 1 }, { singletonKey: 'map-1', startAfter: 3600 });
    expect(first).toEqual(expect.any(String));
    expect(await queue.send(name, { map: 1 }, { singletonKey: 'map-1' })).toBeNull();
    expect(await queue.send(name, { map: 2 }, { singletonKey: 'map-2' })).toEqual(expect.any(String));
  });

  it('knows no job of a malformed or unknown id, and refuses jobs for a queue never declared or before it starts', async () => {
    await expect(new JobQueue(connection, queueOptions).send('any', {})).rejects.toThrow(/not started/);
    const queue = await openQueue();
    const name = queueName('known');
    await queue.declare(name);
    expect(await queue.job(name, 'not-a-uuid')).toBeNull();
    expect(await queue.job(name, randomUUID())).toBeNull();
    await expect(queue.send(queueName('undeclared'), {})).rejects.toThrow(/register or declare/);
    await expect(queue.declare('Not A Name')).rejects.toThrow(/Invalid queue name/);
  });

  it('starts several processes at once on a database without its schema, declaring the same queue, and runs each job once', async () => {
    const fresh = { ...queueOptions, schema: `pgboss_race_${randomUUID().replaceAll('-', '').slice(0, 12)}` };
    const queues = [1, 2, 3, 4].map(() => new JobQueue(connection, fresh));
    opened.push(...queues);
    try {
      await Promise.all(queues.map((queue) => queue.start()));
      const name = queueName('raced');
      const runs: string[] = [];
      await Promise.all(queues.map((queue) => queue.register(name, async (job) => {
        runs.push(job.id);
      })));
      const ids = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => queues[n % queues.length]!.send(name, { n })));
      for (const id of ids) await jobWhen(queues[0]!, name, id!, (job) => job.state === 'completed');
      expect(runs.sort()).toEqual([...ids].sort());
    } finally {
      await Promise.all(opened.splice(0).map((queue) => queue.stop()));
      await database.execScript(`DROP SCHEMA IF EXISTS ${fresh.schema} CASCADE`);
    }
  });

  it('hands the jobs still running back when it stops, so that another process runs them at once', async () => {
    const stopping = await openQueue();
    const name = queueName('handed-back');
    const started = gate();
    await stopping.register(name, async (job) => {
      started.open();
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
      throw job.signal.reason;
    }, { ...quickRetries, expireInSeconds: 3600 });
    const id = await stopping.send(name, { n: 5 });
    await started.opened;
    await stopping.stop();

    const next = await openQueue();
    expect(await next.job(name, id!)).toMatchObject({ status: 'delayed', state: 'retry', error: expect.stringMatching(/stopping/) });
    await next.register<{ n: number }, number>(name, async (job) => job.data.n, { ...quickRetries, expireInSeconds: 3600 });
    expect(await jobWhen(next, name, id!, (job) => job.state === 'completed')).toMatchObject({ output: 5, retryCount: 1 });
  });

  it('runs again, in a new process, a job whose process was killed while running it', async () => {
    const sender = await openQueue();
    const name = queueName('crashed');
    await sender.declare(name, quickRetries);
    const child = startWorkerChild({ connection, queueOptions, name, workerOptions: quickRetries });
    try {
      await child.line((line) => line === 'ready');
      const id = await sender.send(name, { n: 7 });
      await child.line((line) => line === `started ${id}`);
      expect(await sender.job(name, id!)).toMatchObject({ status: 'active', retryCount: 0 });

      child.process.kill('SIGKILL');
      expect(await child.exited).toBe('SIGKILL');
      // The killed process never said the job ended: it is still active, until it expires.
      expect((await sender.job(name, id!))?.state).toBe('active');

      const restarted = await openQueue();
      await restarted.register<{ n: number }, { n: number; attempt: number }>(name, async (job) => ({ n: job.data.n, attempt: job.retryCount + 1 }), quickRetries);
      const done = await jobWhen<{ n: number; attempt: number }>(restarted, name, id!, (job) => job.state === 'completed');
      expect(done).toMatchObject({ status: 'completed', output: { n: 7, attempt: 2 }, retryCount: 1 });
    } finally {
      child.process.kill('SIGKILL');
    }
  });
});

/** Starts job-worker.child.ts in a process of its own. */
const startWorkerChild = (args: WorkerChildArguments) => startChildScript(new URL('./job-worker.child.ts', import.meta.url), args);
