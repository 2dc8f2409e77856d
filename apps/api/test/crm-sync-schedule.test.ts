/**
 * Synchronised CRM lists stay in sync (crm/sync/crm-sync-schedule.ts), against the HubSpot
 * emulator on a real job queue: a round of the scheduler, driven here with its own clock and a
 * one-hour interval, queues the lists whose last synchronisation ended longer ago, once, and not a
 * fresh one, one of an expired connection or one of an account whose plan no longer grants CRM; a
 * list synchronised again keeps its dataset ready with its old points until the new ones replace
 * them, its progress told as the list's list-sync; a synchronisation whose job was lost is failed,
 * a first one's dataset with it (its pins free), one whose job waits is left alone.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDatasetView, CrmListSyncData, CrmSynchronizedListView, DatasetEventData } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { CrmSynchronizedListsRepository } from '../src/crm/crm-synchronized-lists.repository.js';
import { HubSpotEmulator } from '../src/crm/hubspot/test-support/hubspot-emulator.js';
import { CRM_SYNC_QUEUE } from '../src/crm/sync/crm-sync.job.js';
import { crmSyncRound, type CrmSyncScheduleDeps } from '../src/crm/sync/crm-sync-schedule.js';
import { DatasetsRepository } from '../src/datasets/datasets.repository.js';
import type { RoomEvent } from '../src/events/event-bus.js';
import type { JobQueue } from '../src/jobs/job-queue.js';
import { connectHubSpot, HEINERSREUTH_LIST, settledList, synchronizedList } from './crm-factories.js';
import { importOsmAddressFile, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, createMap, expectStatus } from './maps-factories.js';
import { startQueuedApp, type QueuedApp } from './queue-factories.js';

const NORTH_BAYREUTH = path.resolve(import.meta.dirname, '../../../test-data/osm/north-bayreuth.osm.pbf');

let ctx: AppContext;
let app: FastifyInstance;
let emulator: HubSpotEmulator;
let queue: JobQueue;
let queued: QueuedApp;
let events: RoomEvent[];

beforeAll(async () => {
  ({ ctx } = await testApp());
  emulator = await new HubSpotEmulator().start();
  queued = await startQueuedApp(ctx, { ...ctx.config, hubspot: emulator.settings() });
  ({ app, queue, events } = queued);
  // The addresses of north Bayreuth, where the customers live, for the built-in geocoder.
  await importOsmAddressFile(ctx, NORTH_BAYREUTH);
}, 240_000);
afterAll(async () => {
  await queued?.close();
  await emulator?.stop();
});

/** The scheduler's round as the queue runs it, with a one-hour interval (or none) and this test's clock. */
function round(intervalMinutes: number | null, now = new Date()) {
  const deps: CrmSyncScheduleDeps = {
    lists: new CrmSynchronizedListsRepository(ctx.database.db), datasets: new DatasetsRepository(ctx.database.db), events: ctx.events, jobs: queue,
    access: (clientId) => ctx.plans.of(clientId), intervalMinutes,
  };
  return crmSyncRound(deps, now);
}

/** A user of `plan` with the Heinersreuth customers synchronised once. */
async function userWithList(plan: 'pro_2020' | 'essential_2019' = 'pro_2020'): Promise<{ user: TestUser; connectionId: number; list: CrmSynchronizedListView }> {
  const user = await signUpOnPlan(app, plan);
  const { id: connectionId } = await connectHubSpot(app, user);
  const started = await expectStatus<CrmSynchronizedListView>(201, call(app, 'POST', `/crm/connections/${connectionId}/synchronizedlists`, { as: user, payload: HEINERSREUTH_LIST }));
  const list = await settledList(app, user, connectionId, started.id);
  expect(list).toMatchObject({ status: 'success', recordCount: 104 });
  // The revenue and the (German) postcodes are numbers: offered for sums and averages.
  expect((await dataset(user, list.datasetId)).numericColumns).toEqual(['annualrevenue', 'zip']);
  return { user, connectionId, list };
}

/** As if the list's last synchronisation had ended `minutes` ago. */
async function endedAgo(listId: number, minutes: number): Promise<void> {
  await sql`UPDATE crm_synchronized_lists SET updated_at = now() - make_interval(mins => ${minutes}) WHERE id = ${listId}`.execute(ctx.database.db);
}

const dataset = (user: TestUser, id: number) => expectStatus<ClientDatasetView>(200, call(app, 'GET', `/Clients/${user.id}/datasets/${id}`, { as: user }));

describe('scheduled synchronisations', () => {
  it('synchronises again a list last synchronised longer ago than the interval, once; not a fresh one, one of an expired connection or of a plan that ended', async () => {
    const due = await userWithList();
    const fresh = await userWithList();
    const expired = await userWithList();
    const planEnded = await userWithList();
    for (const { list } of [due, expired, planEnded]) await endedAgo(list.id, 61);
    await endedAgo(fresh.list.id, 59);
    await ctx.database.db.updateTable('crm_connections').set({ state: 'expired' }).where('id', '=', expired.connectionId).execute();
    await ctx.clients.setPlan(planEnded.user.email, 'pro_2020', new Date(Date.now() - 86_400_000));

    // Switched off (CRM_SYNC_INTERVAL_MINUTES=0): nothing queued.
    expect((await round(null)).queued).not.toContain(due.list.id);
    const first = await round(60);
    const ours = [due, fresh, expired, planEnded].map(({ list }) => list.id);
    expect(first.queued.filter((id) => ours.includes(id))).toEqual([due.list.id]);
    // A second round at once (another process's, say) finds it under way: queued once.
    expect((await round(60)).queued).not.toContain(due.list.id);

    const again = await settledList(app, due.user, due.connectionId, due.list.id);
    expect(again).toMatchObject({ status: 'success', lastError: null, recordCount: 104, placedCount: 104 });
    expect(Date.parse(again.lastSuccessAt!)).toBeGreaterThan(Date.parse(due.list.lastSuccessAt!));
    for (const { user, connectionId, list } of [fresh, expired, planEnded]) {
      expect(await synchronizedList(app, user, connectionId, list.id)).toMatchObject({ status: 'success', lastSuccessAt: list.lastSuccessAt });
    }
    // The same list is due again an interval after this synchronisation, not before.
    await endedAgo(due.list.id, 59);
    expect((await round(60)).queued).not.toContain(due.list.id);
    await endedAgo(due.list.id, 61);
    expect((await round(60)).queued).toContain(due.list.id);
    expect((await settledList(app, due.user, due.connectionId, due.list.id)).status).toBe('success');
  }, 180_000);

  it('records a scheduled synchronisation that fails as one asked for: failed after an earlier success, the rows kept', async () => {
    const { user, connectionId, list } = await userWithList();
    await endedAgo(list.id, 120);
    emulator.failNext('/crm/v3/lists/2/memberships', 503, 4);
    expect((await round(60)).queued).toContain(list.id);
    const failed = await settledList(app, user, connectionId, list.id);
    expect(failed).toMatchObject({ status: 'failed', lastError: 'CRM_INTERNAL', lastSuccessAt: list.lastSuccessAt, recordCount: 104 });
    expect(await dataset(user, list.datasetId)).toMatchObject({ status: 'ready', pointCount: 104 });
    // Told just after the failure is written, which is when the list read failed.
    const told = () => events.filter((event) => event.event === 'list-sync' && (event.data as CrmListSyncData).synchronizedListId === list.id).map((event) => event.data as CrmListSyncData);
    await expect.poll(() => told().at(-1)).toEqual({ synchronizedListId: list.id, connectionId, datasetId: list.datasetId, status: 'failed', progress: 0 });
  }, 120_000);
});

describe('a list synchronised again', () => {
  it('keeps its dataset ready with its old points until the new ones replace them, its progress told as the list-sync of the list', async () => {
    const { user, connectionId, list } = await userWithList();
    const firstEvents = () => events.filter((event) => event.room === `user:${user.id}`);
    // The first synchronisation showed its progress on its importing dataset, as an import does, and as the list's
    // (its success told just after it is written).
    expect(firstEvents().some((event) => event.event === 'datasets' && (event.data as DatasetEventData).status === 'importing')).toBe(true);
    await expect.poll(() => firstEvents().some((event) => event.event === 'list-sync' && (event.data as CrmListSyncData).status === 'success')).toBe(true);
    const map = await createMap(app, user);
    await expectStatus(201, call(app, 'POST', `/v2/maps/${map.id}/datasets/bulk`, { as: user, payload: { datasets: [{ datasetId: list.datasetId }] } }));

    const remote = emulator.lists.find((candidate) => candidate.listId === '2')!;
    const removed = remote.memberIds.splice(0, 4);
    try {
      // HubSpot asks to wait 2 s at the first page: a synchronisation under way for that long at least.
      emulator.failNext('/crm/v3/lists/2/memberships', 429, 1, 2);
      const mark = events.length;
      await expectStatus(200, call(app, 'GET', `/crm/connections/${connectionId}/synchronize`, { as: user }));
      const seen: Pick<ClientDatasetView, 'status' | 'pointCount'>[] = [];
      const done = await settledList(app, user, connectionId, list.id, async () => {
        const { status, pointCount } = await dataset(user, list.datasetId);
        seen.push({ status, pointCount });
      });
      expect(done).toMatchObject({ status: 'success', recordCount: 100 });
      // Ready throughout with the old points, until the new ones replaced them all at once (the last look may catch that).
      expect(seen[0]).toEqual({ status: 'ready', pointCount: 104 });
      const replaced = seen.findIndex((look) => look.pointCount !== 104);
      expect(replaced === -1 ? [] : seen.slice(replaced)).toEqual(replaced === -1 ? [] : seen.slice(replaced).map(() => ({ status: 'ready', pointCount: 100 })));
      expect(seen.every((look) => look.status === 'ready')).toBe(true);
      expect(await dataset(user, list.datasetId)).toMatchObject({ status: 'ready', pointCount: 100, rowCount: 100 });

      // Told just after the success is written: its last word awaited before all are read.
      const userEvents = () => events.slice(mark).filter((event) => event.room === `user:${user.id}`);
      await expect.poll(() => userEvents().some((event) => event.event === 'list-sync' && (event.data as CrmListSyncData).status === 'success')).toBe(true);
      const after = userEvents();
      expect(after.filter((event) => event.event === 'datasets').map((event) => (event.data as DatasetEventData).status)).toEqual(['ready']);
      const progress = after.filter((event) => event.event === 'list-sync').map((event) => event.data as CrmListSyncData);
      expect(progress[0]).toEqual({ synchronizedListId: list.id, connectionId, datasetId: list.datasetId, status: 'active', progress: 0 });
      expect(progress.at(-1)).toEqual({ synchronizedListId: list.id, connectionId, datasetId: list.datasetId, status: 'success', progress: 1 });
      const fractions = progress.map((data) => data.progress);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      // The maps showing it read their datasets again.
      expect(events.slice(mark).some((event) => event.room === `map:${map.id}` && event.event === 'list-sync')).toBe(true);
    } finally {
      remote.memberIds.unshift(...removed);
    }
  }, 120_000);
});

describe('a synchronisation whose job was lost', () => {
  it('is failed (IMPORT_INTERRUPTED), a first one with its dataset, which frees its pins; one whose job waits is left alone', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const { id: connectionId } = await connectHubSpot(app, user);
    const datasets = new DatasetsRepository(ctx.database.db);
    const lists = new CrmSynchronizedListsRepository(ctx.database.db);
    // Two lists whose first synchronisation never got to run: one's job is lost, the other's waits in the queue.
    const made = [];
    for (const remoteListId of ['2', '3']) {
      const { id: datasetId } = await datasets.create({ clientId: user.id, name: `List ${remoteListId}`, color: '#1f77b4', source: 'hubspot', columns: ['city'], operationColumn: null, rowCount: 400 });
      made.push((await lists.create({ connectionId, remoteListId, name: `List ${remoteListId}`, objectType: 'contacts', address: { city: 'city' }, properties: [], datasetId }))!);
    }
    const [lost, waiting] = made as [NonNullable<typeof made[number]>, NonNullable<typeof made[number]>];
    const waitingJob = await queue.send(CRM_SYNC_QUEUE, { synchronizedListId: waiting.id }, { startAfter: 3600 });
    expect(await datasets.pinsUsed(user.id)).toBe(800);
    // Active, both, for longer than a list waits for its job to be sent.
    for (const list of made) await sql`UPDATE crm_synchronized_lists SET updated_at = now() - interval '10 minutes' WHERE id = ${list.id}`.execute(ctx.database.db);

    await round(null);
    expect(await synchronizedList(app, user, connectionId, lost.id)).toMatchObject({ status: 'failed', lastError: 'IMPORT_INTERRUPTED', lastSuccessAt: null });
    expect(await dataset(user, lost.dataset_id)).toMatchObject({ status: 'failed', error: 'IMPORT_INTERRUPTED' });
    expect(events.some((event) => event.room === `user:${user.id}` && event.event === 'datasets'
      && (event.data as DatasetEventData).datasetId === lost.dataset_id && (event.data as DatasetEventData).status === 'failed')).toBe(true);
    expect((await synchronizedList(app, user, connectionId, waiting.id)).status).toBe('active');
    expect(await dataset(user, waiting.dataset_id)).toMatchObject({ status: 'importing' });
    expect(await datasets.pinsUsed(user.id)).toBe(400);
    await queue.cancel(CRM_SYNC_QUEUE, waitingJob!);
  }, 60_000);
});
