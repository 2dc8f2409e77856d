/**
 * The import as a job of the queue (`dataset-import`): its progress recorded on the job and the
 * dataset and pushed to the user's sockets (at most every half second), the dataset made ready
 * and the upload deleted when done, or the dataset marked failed with the reason's code. An
 * attempt cut short (the process stopping, the time limit) is left to the queue to run again.
 */
import { DomainError, REALTIME_EVENTS, type DatasetEventData } from '@catchment/domain';
import type { EventBus } from '../../events/event-bus.js';
import { userRoom } from '../../events/rooms.js';
import { JobNoLongerActiveError, type JobHandler, type WorkerOptions } from '../../jobs/job-queue.js';
import type { ImportOutcome } from '../datasets.repository.js';
import { runDatasetImport, type DatasetImportDeps, type DatasetImportJob } from './dataset-import.js';

export const DATASET_IMPORT_QUEUE = 'dataset-import';

/** Geocoding 100,000 addresses takes minutes; one retry after a crash. */
export const DATASET_IMPORT_QUEUE_OPTIONS: WorkerOptions = { expireInSeconds: 900, retryLimit: 1, concurrency: 2 };

const EVENT_INTERVAL_MS = 500;

export type DatasetImportOutput = ImportOutcome | { failed: string };

export function datasetImportHandler(
  deps: Omit<DatasetImportDeps, 'progress'>, events: EventBus, log: (message: string, error: unknown) => void,
): JobHandler<DatasetImportJob, DatasetImportOutput> {
  return async (job) => {
    const { datasetId, clientId, fileId } = job.data;
    const publish = (data: DatasetEventData) => events.publish({ room: userRoom(clientId), event: REALTIME_EVENTS.datasets, data });
    let lastEvent = 0;
    const progress = async (fraction: number) => {
      await job.reportProgress(fraction);
      await deps.datasets.setProgress(datasetId, fraction);
      if (Date.now() - lastEvent >= EVENT_INTERVAL_MS) {
        lastEvent = Date.now();
        publish({ datasetId, status: 'importing', progress: fraction });
      }
    };
    try {
      const outcome = await runDatasetImport({ ...deps, progress }, job.data, job.signal);
      await deps.datasets.finish(datasetId, outcome);
      await deps.files.delete(clientId, fileId);
      await deps.store.remove([fileId]);
      publish({ datasetId, status: 'ready', progress: 1 });
      return outcome;
    } catch (error) {
      if (error instanceof JobNoLongerActiveError || job.signal.aborted) throw error;
      const code = error instanceof DomainError ? error.code : 'INTERNAL_ERROR';
      if (!(error instanceof DomainError)) log(`dataset import ${datasetId} failed`, error);
      await deps.datasets.fail(datasetId, code);
      publish({ datasetId, status: 'failed', progress: 0 });
      return { failed: code };
    }
  };
}
