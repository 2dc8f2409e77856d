/**
 * A worker process for the job-queue tests, to be killed: it runs the jobs of one queue with a
 * handler that never finishes. It prints `ready` once its worker polls, then `started <id>` for
 * each job it takes.
 *
 * Usage: node --import tsx job-worker.child.ts '<JSON of WorkerChildArguments>'
 */
import type { PoolConfig } from 'pg';
import { JobQueue, type JobQueueOptions, type WorkerOptions } from '../src/jobs/job-queue.js';

export interface WorkerChildArguments {
  connection: PoolConfig;
  queueOptions: JobQueueOptions;
  name: string;
  workerOptions: WorkerOptions;
}

const { connection, queueOptions, name, workerOptions } = JSON.parse(process.argv[2]!) as WorkerChildArguments;
const queue = new JobQueue(connection, queueOptions);
await queue.start();
await queue.register(name, async (job) => {
  console.log(`started ${job.id}`);
  // Never settles: the job stays active until the process is killed.
  return new Promise<never>(() => {});
}, workerOptions);
console.log('ready');
