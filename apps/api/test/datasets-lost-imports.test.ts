/**
 * Imports whose job was lost (datasets/import/lost-imports.ts), on a real job queue: a file's
 * dataset left importing without a job for it (its process crashed past the retries, or the queue
 * dropped the job) is failed once it has written no progress for a while, IMPORT_INTERRUPTED, and
 * its pins are free again; one whose job still waits in the queue, and one that moved recently,
 * are left alone.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDatasetView, DatasetEventData } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { DatasetsRepository } from '../src/datasets/datasets.repository.js';
import { DATASET_IMPORT_QUEUE } from '../src/datasets/import/dataset-import.job.js';
import type { DatasetImportJob } from '../src/datasets/import/dataset-import.js';
import { sweepLostImports } from '../src/datasets/import/lost-imports.js';
import type { RoomEvent } from '../src/events/event-bus.js';
import type { JobQueue } from '../src/jobs/job-queue.js';
import { signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';
import { startQueuedApp, type QueuedApp } from './queue-factories.js';

let ctx: AppContext;
let app: FastifyInstance;
let queue: JobQueue;
let queued: QueuedApp;
let events: RoomEvent[];

beforeAll(async () => {
  ({ ctx } = await testApp());
  queued = await startQueuedApp(ctx);
  ({ app, queue, events } = queued);
});
afterAll(async () => {
  await queued?.close();
});

/** A dataset as an import leaves it when it starts: importing, its rows counted against the pins. */
async function importing(user: TestUser, name: string, rowCount: number): Promise<number> {
  const datasets = new DatasetsRepository(ctx.database.db);
  return (await datasets.create({ clientId: user.id, name, color: '#1f77b4', source: 'file', columns: ['n'], operationColumn: null, rowCount })).id;
}

/** Its import's job, not yet due to run (as one waiting behind others). */
function pendingJob(user: TestUser, datasetId: number): Promise<string | null> {
  const job: DatasetImportJob = { datasetId, clientId: user.id, fileId: '00000000-0000-4000-8000-000000000000', body: { name: 'x', latitudeColumn: 'lat', longitudeColumn: 'lon' } };
  return queue.send(DATASET_IMPORT_QUEUE, job, { startAfter: 3600 });
}

async function untouchedFor(datasetId: number, minutes: number): Promise<void> {
  await sql`UPDATE client_datasets SET updated_at = now() - make_interval(mins => ${minutes}) WHERE id = ${datasetId}`.execute(ctx.database.db);
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ fields: { n: String(i) }, position: [2.35, 48.85] }));
const dataset = (user: TestUser, id: number) => expectStatus<ClientDatasetView>(200, call(app, 'GET', `/Clients/${user.id}/datasets/${id}`, { as: user }));

describe('imports whose job was lost', () => {
  it('are failed (IMPORT_INTERRUPTED) and free their pins; one whose job waits, and one that moved recently, are left importing', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const lost = await importing(user, 'Lost', 700);
    const dropped = await importing(user, 'Job cancelled in the queue', 200);
    const waiting = await importing(user, 'Job waiting', 50);
    const recent = await importing(user, 'Moved recently', 10);
    const waitingJob = await pendingJob(user, waiting);
    await queue.cancel(DATASET_IMPORT_QUEUE, (await pendingJob(user, dropped))!);
    // The pins are spent: 960 of 1,000.
    const refused = await call(app, 'POST', `/Clients/${user.id}/datasets`, { as: user, payload: { name: 'More', columns: ['n'], items: items(100) } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('INSUFFICIENT_STORAGE');
    for (const id of [lost, dropped, waiting]) await untouchedFor(id, 10);
    await untouchedFor(recent, 1);

    const swept = await sweepLostImports({ datasets: new DatasetsRepository(ctx.database.db), jobs: queue, events: ctx.events });
    expect(swept).toEqual(expect.arrayContaining([lost, dropped]));
    expect(swept).not.toContain(waiting);
    expect(swept).not.toContain(recent);
    for (const id of [lost, dropped]) {
      expect(await dataset(user, id)).toMatchObject({ status: 'failed', error: 'IMPORT_INTERRUPTED', pointCount: 0 });
      expect(events).toContainEqual({ room: `user:${user.id}`, event: 'datasets', data: { datasetId: id, status: 'failed', progress: 0 } satisfies DatasetEventData });
    }
    for (const id of [waiting, recent]) expect((await dataset(user, id)).status).toBe('importing');
    // A second sweep finds nothing more of these.
    expect(await sweepLostImports({ datasets: new DatasetsRepository(ctx.database.db), jobs: queue, events: ctx.events })).not.toContain(lost);
    // Their pins are free: 60 used, 100 more fit.
    await expectStatus(201, call(app, 'POST', `/Clients/${user.id}/datasets`, { as: user, payload: { name: 'More', columns: ['n'], items: items(100) } }));
    await queue.cancel(DATASET_IMPORT_QUEUE, waitingJob!);
  });
});
