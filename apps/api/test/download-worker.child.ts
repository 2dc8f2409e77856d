/**
 * An API process to be killed while it writes a download's file, for the download jobs' crash
 * test: it runs the jobs of one download kind with the real download service and store, its
 * handler streaming a first chunk of the file and then never the rest. It prints `ready` once its
 * worker polls, then `writing <downloadId>` once part of the file is on disk.
 *
 * Usage: node --import tsx download-worker.child.ts '<JSON of DownloadWorkerChildArguments>'
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Kysely, PostgresDialect } from 'kysely';
import pg, { type PoolConfig } from 'pg';
import type { Database } from '../src/db/schema.js';
import { LocalDiskStorage } from '../src/downloads/download-storage.js';
import { DownloadsRepository } from '../src/downloads/downloads.repository.js';
import { Downloads } from '../src/downloads/downloads.service.js';
import { InProcessEventBus } from '../src/events/in-process-event-bus.js';
import { JobQueue, type JobQueueOptions, type WorkerOptions } from '../src/jobs/job-queue.js';

export interface DownloadWorkerChildArguments {
  connection: PoolConfig;
  queueOptions: JobQueueOptions;
  directory: string;
  kind: string;
  workerOptions: WorkerOptions;
}

const { connection, queueOptions, directory, kind, workerOptions } = JSON.parse(process.argv[2]!) as DownloadWorkerChildArguments;
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ ...connection, max: 2 }) }) });
const queue = new JobQueue(connection, queueOptions);
await queue.start();
const downloads = new Downloads(new DownloadsRepository(db), new LocalDiskStorage(directory), new InProcessEventBus(), queue, (message) => console.error(message));

async function* firstChunkOnly(downloadId: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from('the first half of the file, ');
  // Time for the chunk to reach the disk, then the rest never comes.
  await sleep(300);
  console.log(`writing ${downloadId}`);
  await new Promise<never>(() => {});
}

await downloads.registerKind(kind, async (_params, work) => {
  await work.output.save(firstChunkOnly(work.downloadId), { name: 'never.txt', contentType: 'text/plain' });
}, workerOptions);
console.log('ready');
