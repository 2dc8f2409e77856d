/**
 * Synchronised lists stay in sync: every minute one process (the queue's `crm-sync-schedule` job,
 * sent by pg-boss's clock) queues a synchronisation of each list whose last one ended longer ago
 * than the interval (CRM_SYNC_INTERVAL_MINUTES). A list is claimed by one conditional update before
 * its job is sent, so that two rounds at once, in any processes, queue it once; the queue's policy
 * (`stately`, keyed by the list) keeps it to one run at a time besides. Lists of an expired
 * connection, of an account whose plan no longer grants `crm`, or on a server without the HubSpot
 * app wait, untouched, until that changes. The synchronisation itself is the on-demand one (the
 * crm-sync job): same statuses, same events.
 *
 * The same round finds synchronisations whose job was lost (a list active for a while without a job
 * of the queue waiting or running for it: its process crashed past its retries) and records them
 * failed (IMPORT_INTERRUPTED), a first one's dataset failed too, which frees its pins.
 */
import { ERROR_CODES, FEATURES, featureGranted, type Access } from '@catchment/domain';
import { DatasetsRepository } from '../../datasets/datasets.repository.js';
import type { EventBus } from '../../events/event-bus.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { RouteModule } from '../../routes.js';
import { CrmSynchronizedListsRepository } from '../crm-synchronized-lists.repository.js';
import { CRM_SYNC_QUEUE, recordSyncFailure, type AccountList, type CrmSyncJob } from './crm-sync.job.js';

export const CRM_SYNC_SCHEDULE_QUEUE = 'crm-sync-schedule';
/** A round every minute: the interval is counted per list, from its own last synchronisation. */
export const CRM_SYNC_SCHEDULE_CRON = '* * * * *';
/** A round queues at most this many lists (the longest waiting); the next round goes on. */
export const CRM_SYNC_ROUND_MAX_LISTS = 200;
/**
 * A list active this long without a job for it lost its job. Longer than the gap between a list
 * marked active and its job sent (same request or round), far shorter than a synchronisation.
 */
export const LOST_SYNC_GRACE_MS = 2 * 60_000;

export interface CrmSyncScheduleDeps {
  lists: CrmSynchronizedListsRepository;
  datasets: DatasetsRepository;
  events: EventBus;
  jobs: Pick<JobQueue, 'send' | 'unfinishedJobsData'>;
  /** The account's plan in force now. */
  access: (clientId: number) => Promise<Access>;
  /** Minutes between a list's synchronisations; null: none scheduled (lost ones are still found). */
  intervalMinutes: number | null;
}

export interface CrmSyncRound {
  /** Lists whose synchronisation was queued. */
  queued: number[];
  /** Lists whose synchronisation's job was found lost, now failed. */
  lost: number[];
}

/** One round of the scheduler (the crm-sync-schedule job's work; tests call it with their own clock and interval). */
export async function crmSyncRound(deps: CrmSyncScheduleDeps, now: Date = new Date()): Promise<CrmSyncRound> {
  const running = new Set((await deps.jobs.unfinishedJobsData<CrmSyncJob>(CRM_SYNC_QUEUE)).map((job) => job.synchronizedListId));
  const lost: number[] = [];
  for (const list of await deps.lists.activeSince(new Date(now.getTime() - LOST_SYNC_GRACE_MS))) {
    if (running.has(list.id)) continue;
    await recordSyncFailure(deps, list, ERROR_CODES.importInterrupted);
    lost.push(list.id);
  }

  const queued: number[] = [];
  if (deps.intervalMinutes === null) return { queued, lost };
  const before = new Date(now.getTime() - deps.intervalMinutes * 60_000);
  const allowed = new Map<number, boolean>();
  for (const list of await deps.lists.dueForSync(before, CRM_SYNC_ROUND_MAX_LISTS)) {
    if (!(await mayStillSync(deps, allowed, list))) continue;
    if (!(await deps.lists.claimForSync(list.id, before))) continue; // another round took it
    await deps.jobs.send<CrmSyncJob>(CRM_SYNC_QUEUE, { synchronizedListId: list.id }, { singletonKey: String(list.id) });
    queued.push(list.id);
  }
  return { queued, lost };
}

/** Whether the list's account still has a plan granting `crm` (asked once per account and round). */
async function mayStillSync(deps: CrmSyncScheduleDeps, allowed: Map<number, boolean>, list: AccountList): Promise<boolean> {
  let granted = allowed.get(list.client_id);
  if (granted === undefined) {
    granted = featureGranted((await deps.access(list.client_id)).features, FEATURES.crm);
    allowed.set(list.client_id, granted);
  }
  return granted;
}

/**
 * Runs the rounds in this process's share of the queue and keeps the schedule stored in the
 * database. Without the HubSpot app nothing could synchronise: no list is queued, lost ones are
 * still found.
 */
export const crmSyncScheduleModule: RouteModule = async (api, ctx) => {
  if (!ctx.jobs) return;
  const jobs = ctx.jobs;
  const deps: CrmSyncScheduleDeps = {
    lists: new CrmSynchronizedListsRepository(ctx.database.db), datasets: new DatasetsRepository(ctx.database.db), events: ctx.events, jobs,
    access: (clientId) => ctx.plans.of(clientId),
    intervalMinutes: ctx.config.hubspot ? ctx.config.crmSyncIntervalMinutes : null,
  };
  await jobs.register(CRM_SYNC_SCHEDULE_QUEUE, async () => {
    const round = await crmSyncRound(deps);
    if (round.lost.length > 0) api.log.warn({ lists: round.lost }, 'CRM synchronisations whose job was lost, marked failed');
    return round;
  }, { retryLimit: 0, expireInSeconds: 300 });
  await jobs.every(CRM_SYNC_SCHEDULE_QUEUE, CRM_SYNC_SCHEDULE_CRON);
};
