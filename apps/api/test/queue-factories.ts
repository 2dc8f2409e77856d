/** A real job queue for a test file: pg-boss in a schema of its own, its rounds and retries in seconds. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import type { RoomEvent } from '../src/events/event-bus.js';
import { buildServer } from '../src/server.js';
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

/** The API of the worker's context on a test queue (`config` changed if given), and the events it sends. */
export interface QueuedApp { app: FastifyInstance; queue: JobQueue; events: RoomEvent[]; close(): Promise<void> }

export async function startQueuedApp(ctx: AppContext, config: Config = ctx.config): Promise<QueuedApp> {
  const queue = await startTestQueue(ctx);
  const app = await buildServer({ ...ctx, jobs: queue, config }, { rateLimits: false });
  await app.ready();
  const events: RoomEvent[] = [];
  const unsubscribe = ctx.events.subscribe((event) => events.push(event));
  return {
    app, queue, events,
    close: async () => {
      unsubscribe();
      await app.close();
      await queue.stop();
    },
  };
}
