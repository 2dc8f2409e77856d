/**
 * A worker process of `bench:reports`: the job queue of the API (pg-boss) on the bench's database,
 * with the real download service and store, running one of the bench's kinds (bench-kinds.ts). It
 * prints `started` once its queue is open, then `ready` once its workers poll: at once, or when it
 * receives SIGUSR2 (`waitForSignal`: the bench fills the queue first, then starts every worker at
 * the same moment). The slow kind prints `writing <downloadId>` once part of a file is written.
 *
 * Usage: node --import tsx queue-worker.child.ts '<JSON of QueueWorkerArguments>'
 */
import { openDatabase } from '../../apps/api/src/db/database.js';
import { LocalDiskStorage } from '../../apps/api/src/downloads/download-storage.js';
import { DownloadsRepository } from '../../apps/api/src/downloads/downloads.repository.js';
import { Downloads } from '../../apps/api/src/downloads/downloads.service.js';
import { InProcessEventBus } from '../../apps/api/src/events/in-process-event-bus.js';
import { JobQueue, type JobQueueOptions, type WorkerOptions } from '../../apps/api/src/jobs/job-queue.js';
import { QUICK_KIND, quickCsv, SLOW_KIND, slowFile } from './bench-kinds.js';

export interface QueueWorkerArguments {
  /** The bench's PostgreSQL database; without it, the embedded one the bench's API opened in `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  queueOptions: JobQueueOptions;
  directory: string;
  kind: typeof QUICK_KIND | typeof SLOW_KIND;
  workerOptions: WorkerOptions;
  waitForSignal: boolean;
}

const { databaseUrl, pgliteDir, queueOptions, directory, kind, workerOptions, waitForSignal } = JSON.parse(process.argv[2]!) as QueueWorkerArguments;
const database = await openDatabase({ databaseUrl, pgliteDir, shareRunning: true, poolSize: 2 });
const queue = new JobQueue(database.connection, queueOptions);
await queue.start();
const downloads = new Downloads(new DownloadsRepository(database.db), new LocalDiskStorage(directory), new InProcessEventBus(), queue, (message) => console.error(message));
console.log('started');

async function register(): Promise<void> {
  if (kind === QUICK_KIND) await downloads.registerKind(kind, quickCsv, workerOptions);
  else await downloads.registerKind(kind, slowFile((downloadId) => console.log(`writing ${downloadId}`)), workerOptions);
  console.log('ready');
}

if (waitForSignal) process.once('SIGUSR2', () => void register());
else await register();
