/**
 * The sweep of imports whose job was lost: a file's dataset still `importing` without a
 * `dataset-import` job waiting, waiting for a retry or running for it (its process crashed past the
 * job's retries and time limit, the queue failed or dropped it, or it was never sent) would stay
 * importing for ever and hold its rows as pins. Once it has written no progress for a while it is
 * marked failed, IMPORT_INTERRUPTED (the message its owner reads: start it again), its rows deleted
 * and its pins free, and its owner's sockets are told. A job still pending is left to the queue,
 * which expires a crashed attempt after its time limit and retries it.
 *
 * Runs every minute in one process (the queue's `dataset-import-sweep` job, sent by pg-boss's
 * clock). CRM lists' first synchronisations are swept by the CRM scheduler (crm/sync/).
 */
import { ERROR_CODES, REALTIME_EVENTS, type DatasetEventData } from '@catchment/domain';
import type { EventBus } from '../../events/event-bus.js';
import { userRoom } from '../../events/rooms.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { DatasetsRepository } from '../datasets.repository.js';
import { DATASET_IMPORT_QUEUE } from './dataset-import.job.js';
import type { DatasetImportJob } from './dataset-import.js';

export const LOST_IMPORTS_SWEEP_QUEUE = 'dataset-import-sweep';
export const LOST_IMPORTS_SWEEP_CRON = '* * * * *';
/**
 * An importing dataset without progress for this long may have lost its job. Longer than the gap
 * between the dataset's creation and its job's sending (the same request).
 */
export const LOST_IMPORT_GRACE_MS = 2 * 60_000;

export interface LostImportsDeps {
  datasets: DatasetsRepository;
  jobs: Pick<JobQueue, 'unfinishedJobsData'>;
  events: EventBus;
}

/** One sweep: the ids of the datasets found lost, now failed (tests call it with their own clock). */
export async function sweepLostImports(deps: LostImportsDeps, now: Date = new Date()): Promise<number[]> {
  // The jobs first: a dataset whose job ends after this read has left `importing` before it ended.
  const pending = new Set((await deps.jobs.unfinishedJobsData<DatasetImportJob>(DATASET_IMPORT_QUEUE)).map((job) => job.datasetId));
  const swept: number[] = [];
  for (const dataset of await deps.datasets.importingUnchangedSince('file', new Date(now.getTime() - LOST_IMPORT_GRACE_MS))) {
    if (pending.has(dataset.id)) continue;
    if (!(await deps.datasets.failIfImporting(dataset.id, ERROR_CODES.importInterrupted))) continue;
    const data: DatasetEventData = { datasetId: dataset.id, status: 'failed', progress: 0 };
    deps.events.publish({ room: userRoom(dataset.client_id), event: REALTIME_EVENTS.datasets, data });
    swept.push(dataset.id);
  }
  return swept;
}
