/**
 * A synchronisation as a job of the queue (`crm-sync`, one at a time per list): the list marked
 * active, its progress pushed to the owner's sockets at most every 2 s (SPEC §9, the list-sync
 * throttle) as the list's `list-sync` event, then the dataset ready with the new rows and every map
 * showing it told by its list-sync (datasetsVersion moved on), or the list failed with the error's
 * code. A first synchronisation's dataset is `importing` and shows the progress too, as an import's
 * (`datasets` events); a dataset already ready stays ready with its rows until the new ones replace
 * them. A first synchronisation that fails leaves a failed dataset; a later one leaves the rows of
 * the last success, and the status says "failed after an earlier success".
 */
import { DomainError, REALTIME_EVENTS, type CrmListSyncData, type CrmSyncStatus, type DatasetEventData, type Access } from '@catchment/domain';
import type { DatasetsRepository } from '../../datasets/datasets.repository.js';
import type { GeocodeAddresses } from '../../datasets/import/dataset-import.js';
import { datasetsSyncEvent } from '../../datasets/maps/map-dataset-events.js';
import type { EventBus } from '../../events/event-bus.js';
import { userRoom } from '../../events/rooms.js';
import { JobNoLongerActiveError, type JobHandler, type WorkerOptions } from '../../jobs/job-queue.js';
import type { CrmSynchronizedListsRepository, SynchronizedListRow, SyncOutcome } from '../crm-synchronized-lists.repository.js';
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

/** A list with the account its connection belongs to. */
export type AccountList = SynchronizedListRow & { client_id: number };

export interface CrmSyncJobDeps {
  lists: CrmSynchronizedListsRepository;
  datasets: DatasetsRepository;
  geocode: GeocodeAddresses;
  /** The connection's calls (refreshed tokens; crmConnectionExpired and the connection marked so when HubSpot refuses them). */
  connection: (clientId: number, connectionId: number) => Promise<{ session: ConnectionCalls; client: HubSpotClient; access: Access }>;
  events: EventBus;
  log: (message: string, error: unknown) => void;
}

/** What a synchronisation tells its owner's sockets: the list's status and progress, its dataset's when it changes. */
export function syncAnnouncer(events: EventBus, list: AccountList) {
  const room = userRoom(list.client_id);
  return {
    list(status: CrmSyncStatus, progress: number): void {
      const data: CrmListSyncData = { synchronizedListId: list.id, connectionId: list.connection_id, datasetId: list.dataset_id, status, progress };
      events.publish({ room, event: REALTIME_EVENTS.listSync, data });
    },
    dataset(status: DatasetEventData['status'], progress: number): void {
      const data: DatasetEventData = { datasetId: list.dataset_id, status, progress };
      events.publish({ room, event: REALTIME_EVENTS.datasets, data });
    },
  };
}

/**
 * A synchronisation's failure recorded: the list failed with `code` (its last success's time and
 * counts kept); a first synchronisation's dataset failed too (its pins free), a later one's kept
 * as it was. Told to the owner's sockets. The job's end, and the scheduler's for a job it found lost.
 */
export async function recordSyncFailure(deps: Pick<CrmSyncJobDeps, 'lists' | 'datasets' | 'events'>, list: AccountList, code: string): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { status: 'failed', error: code };
  const announce = syncAnnouncer(deps.events, list);
  await deps.lists.finish(list.id, outcome);
  if (await deps.datasets.failIfImporting(list.dataset_id, code)) announce.dataset('failed', 0);
  announce.list('failed', 0);
  return outcome;
}

export function crmSyncHandler(deps: CrmSyncJobDeps): JobHandler<CrmSyncJob, SyncOutcome | null> {
  return async (job) => {
    const list = await deps.lists.findWithAccount(job.data.synchronizedListId);
    if (!list) return null; // deleted meanwhile
    const datasetId = list.dataset_id;
    const announce = syncAnnouncer(deps.events, list);
    // A first synchronisation (or one after a crash of the first): the dataset shows the progress as an import's.
    const first = (await deps.datasets.findById(datasetId))?.status === 'importing';
    let lastEvent = 0;
    const progress = async (fraction: number) => {
      await job.reportProgress(fraction);
      if (first) await deps.datasets.setProgress(datasetId, fraction);
      if (Date.now() - lastEvent >= SYNC_EVENT_INTERVAL_MS) {
        lastEvent = Date.now();
        announce.list('active', fraction);
        if (first) announce.dataset('importing', fraction);
      }
    };
    await deps.lists.markActive(list.id);
    announce.list('active', 0);
    try {
      const { session, client, access } = await deps.connection(list.client_id, list.connection_id);
      const outcome = await runCrmSync({ client, session, datasets: deps.datasets, geocode: deps.geocode, access, progress }, list, list.client_id, job.signal);
      await deps.lists.finish(list.id, outcome);
      for (const map of await deps.datasets.touchMapsShowing(datasetId)) deps.events.publish(datasetsSyncEvent(map, map.datasets_version));
      announce.dataset('ready', 1);
      announce.list(outcome.status, 1);
      return outcome;
    } catch (error) {
      if (error instanceof JobNoLongerActiveError || job.signal.aborted) throw error;
      const code = error instanceof DomainError ? error.code : 'INTERNAL_ERROR';
      if (!(error instanceof DomainError)) deps.log(`CRM list ${list.id} synchronisation failed`, error);
      return recordSyncFailure(deps, list, code);
    }
  };
}
