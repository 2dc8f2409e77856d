/** A real job queue for a test file: pg-boss in a schema of its own, its rounds and retries in seconds. */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../src/context.js';
import { JobQueue, type JobQueueOptions } from '../src/jobs/job-queue.js';

/** A fresh schema and rounds in seconds; a child process opening the same queue is given these. */
export function testQueueOptions(): JobQueueOptions {
  return { schema: `pgboss_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`, maxConnections: 2, maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5, stopGraceSeconds: 1 };
}

export async function startTestQueue(ctx: AppContext, options: JobQueueOptions = testQueueOptions()): Promise<JobQueue> {
  const queue = new JobQueue(ctx.database.connection, options);
  await queue.start();
  return queue;
}
