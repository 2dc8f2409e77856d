/**
 * A synchronisation as a job of the queue (`crm-sync`, one at a time per list): the list marked
 * active, its progress pushed to the user's sockets as the dataset's (`datasets` event) at most
 * every 2 s (SPEC §9, the list-sync throttle), then the dataset ready with the new rows and every
 * map showing it told by its list-sync (datasetsVersion moved on), or the list failed with the
 * error's code. A first synchronisation that fails leaves a failed dataset; a later one leaves the
 * rows of the last success, and the status says "failed after an earlier success".
 */
import { DomainError, REALTIME_EVENTS, type DatasetEventData, type PlanDefinition } from '@catchment/domain';
import type { DatasetsRepository } from '../../datasets/datasets.repository.js';
import type { GeocodeAddresses } from '../../datasets/import/dataset-import.js';
import { datasetsSyncEvent } from '../../datasets/maps/map-dataset-events.js';
import type { EventBus } from '../../events/event-bus.js';
import { userRoom } from '../../events/rooms.js';
import { JobNoLongerActiveError, type JobHandler, type WorkerOptions } from '../../jobs/job-queue.js';
import type { CrmSynchronizedListsRepository, SyncOutcome } from '../crm-synchronized-lists.repository.js';
import type { HubSpotClient } from '../hubspot/hubspot-client.js';
import { runCrmSync, type ConnectionCalls } from './crm-sync.js';

export const CRM_SYNC_QUEUE = 'crm-sync';

/** Reading and geocoding 100,000 records takes minutes; one retry after a crash; one run per list at a time. */
export const CRM_SYNC_QUEUE_OPTIONS: WorkerOptions = { expireInSeconds: 1800, retryLimit: 1, concurrency: 2, policy: 'stately' };

/** SPEC §9: list-sync events at most every 2 s. */
export const SYNC_EVENT_INTERVAL_MS = 2000;

export interface CrmSyncJob {
  synchronizedListId: number;
}

export interface CrmSyncJobDeps {
  lists: CrmSynchronizedListsRepository;
  datasets: DatasetsRepository;
  geocode: GeocodeAddresses;
  /** The connection's calls (refreshed tokens; crmConnectionExpired and the connection marked so when HubSpot refuses them). */
  connection: (clientId: number, connectionId: number) => Promise<{ session: ConnectionCalls; client: HubSpotClient; plan: PlanDefinition }>;
  events: EventBus;
  log: (message: string, error: unknown) => void;
}

export function crmSyncHandler(deps: CrmSyncJobDeps): JobHandler<CrmSyncJob, SyncOutcome | null> {
  return async (job) => {
    const list = await deps.lists.findWithAccount(job.data.synchronizedListId);
    if (!list) return null; // deleted meanwhile
    const { client_id: clientId, dataset_id: datasetId } = list;
    const publish = (data: DatasetEventData) => deps.events.publish({ room: userRoom(clientId), event: REALTIME_EVENTS.datasets, data });
    let lastEvent = 0;
    const progress = async (fraction: number) => {
      await job.reportProgress(fraction);
      // Only a dataset still importing (the first synchronisation) shows it; a ready one keeps its rows meanwhile.
      await deps.datasets.setProgress(datasetId, fraction);
      if (Date.now() - lastEvent >= SYNC_EVENT_INTERVAL_MS) {
        lastEvent = Date.now();
        publish({ datasetId, status: 'importing', progress: fraction });
      }
    };
    await deps.lists.markActive(list.id);
    try {
      const { session, client, plan } = await deps.connection(clientId, list.connection_id);
      const outcome = await runCrmSync({ client, session, datasets: deps.datasets, geocode: deps.geocode, plan, progress }, list, clientId, job.signal);
      await deps.lists.setDatasetRowCount(datasetId, outcome.recordCount ?? 0);
      await deps.datasets.finish(datasetId, outcome);
      await deps.lists.finish(list.id, outcome);
      for (const map of await deps.datasets.touchMapsShowing(datasetId)) deps.events.publish(datasetsSyncEvent(map, map.datasets_version));
      publish({ datasetId, status: 'ready', progress: 1 });
      return outcome;
    } catch (error) {
      if (error instanceof JobNoLongerActiveError || job.signal.aborted) throw error;
      const code = error instanceof DomainError ? error.code : 'INTERNAL_ERROR';
      if (!(error instanceof DomainError)) deps.log(`CRM list ${list.id} synchronisation failed`, error);
      const outcome: SyncOutcome = { status: 'failed', error: code };
      await deps.lists.finish(list.id, outcome);
      const dataset = await deps.datasets.findById(datasetId);
      // A first synchronisation leaves nothing to show; a later one keeps the last success's rows.
      if (dataset?.status === 'importing') {
        await deps.datasets.fail(datasetId, code);
        publish({ datasetId, status: 'failed', progress: 0 });
      } else {
        publish({ datasetId, status: 'ready', progress: 1 });
      }
      return outcome;
    }
  };
}
