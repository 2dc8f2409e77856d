/**
 * Which columns of a dataset hold numbers (ClientDatasetView.numericColumns, datasets/column-counts.ts):
 * counted at import as the import reads numbers (decimal commas, spaces between thousands), four
 * filled cells in five at least; kept up to date when rows are added; answered by the datasets'
 * list and by one dataset; and counted the same by the migration for datasets imported before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDatasetView } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import type { JobQueue } from '../src/jobs/job-queue.js';
import { buildServer } from '../src/server.js';
import { uploadDataFile } from './data-file-factories.js';
import { signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';
import { startTestQueue } from './queue-factories.js';

const STATIONS = path.resolve(import.meta.dirname, '../../../test-data/customers/london-cycle-hire-stations.csv');
const MIGRATION = path.resolve(import.meta.dirname, '../src/db/migrations/019_dataset_column_counts.sql');

let ctx: AppContext;
let app: FastifyInstance;
let queue: JobQueue;
let dataDir: string;

beforeAll(async () => {
  ({ ctx } = await testApp());
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'numeric-columns-'));
  queue = await startTestQueue(ctx);
  app = await buildServer({ ...ctx, jobs: queue, config: { ...ctx.config, dataDir } }, { rateLimits: false });
});
afterAll(async () => {
  await app?.close();
  await queue?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function imported(user: TestUser, content: string | Buffer, filename: string): Promise<ClientDatasetView> {
  const file = await uploadDataFile(app, user, content, filename);
  return expectStatus<ClientDatasetView>(201, call(app, 'POST', `/Clients/${user.id}/dataFiles/${file.id}/import`, {
    as: user, payload: { name: filename, latitudeColumn: 'lat', longitudeColumn: 'lon' },
  }));
}

const listed = (user: TestUser) => expectStatus<ClientDatasetView[]>(200, call(app, 'GET', `/Clients/${user.id}/datasets`, { as: user }));
const one = (user: TestUser, id: number) => expectStatus<ClientDatasetView>(200, call(app, 'GET', `/Clients/${user.id}/datasets/${id}`, { as: user }));

describe("a dataset's numeric columns", () => {
  it('are those whose cells are numbers as the import reads them, four in five at least, said by the list and by the dataset', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const stations = await imported(user, fs.readFileSync(STATIONS), 'london-cycle-hire-stations.csv');
    expect(stations.numericColumns).toEqual(['id', 'nbikes', 'nempty', 'lon', 'lat']);

    // French decimals and thousands, a stray "n/a" among five amounts, a column half text, one empty.
    const shops = [
      'shop;revenue;mixed;empty;lat;lon',
      'Gare;1 234,5;12;;48,8443;2,3744',
      'Bastille;12,5;bis;;48,8532;2,3691',
      'Nation;n/a;7;;48,8483;2,3959',
      'Opéra;-3;ter;;48,8720;2,3316',
      'Louvre;0,75;;;48,8606;2,3376',
    ].join('\n');
    const paris = await imported(user, shops, 'shops.csv');
    expect(paris).toMatchObject({ columns: ['shop', 'revenue', 'mixed', 'empty', 'lat', 'lon'], numericColumns: ['revenue', 'lat', 'lon'] });

    for (const dataset of [stations, paris]) {
      expect((await listed(user)).find((candidate) => candidate.id === dataset.id)!.numericColumns).toEqual(dataset.numericColumns);
      expect((await one(user, dataset.id)).numericColumns).toEqual(dataset.numericColumns);
    }
  });

  it('follow the rows added by hand: a column of amounts stops being one when text outnumbers them', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const item = (name: string, amount: string) => ({ fields: { name, amount }, position: [2.35, 48.85] });
    const made = await expectStatus<ClientDatasetView>(201, call(app, 'POST', `/Clients/${user.id}/datasets`, {
      as: user, payload: { name: 'By hand', columns: ['name', 'amount'], items: [item('a', '3'), item('b', '4,5')] },
    }));
    expect(made.numericColumns).toEqual(['amount']);
    const added = await expectStatus<ClientDatasetView>(200, call(app, 'POST', `/Clients/${user.id}/datasets/${made.id}`, {
      as: user, payload: { items: [item('c', 'unknown'), item('d', 'unknown')] },
    }));
    expect(added.numericColumns).toEqual([]);
    expect((await one(user, made.id)).numericColumns).toEqual([]);
    const empty = await expectStatus<ClientDatasetView>(201, call(app, 'POST', `/Clients/${user.id}/datasets`, { as: user, payload: { name: 'Empty', columns: ['n'] } }));
    expect(empty.numericColumns).toEqual([]);
  });

  it('are counted by the migration, for datasets imported before it, as the import counts them', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const shops = 'shop;revenue;lat;lon\nGare;1 234,5;48,8443;2,3744\nNation;n/a;48,8483;2,3959\nOpéra;7;48,8720;2,3316';
    const { id } = await imported(user, shops, 'shops.csv');
    const counted = await ctx.database.db.selectFrom('client_datasets').select('column_counts').where('id', '=', id).executeTakeFirstOrThrow();
    expect(counted.column_counts).toEqual([{ filled: 3, numbers: 0 }, { filled: 3, numbers: 2 }, { filled: 3, numbers: 3 }, { filled: 3, numbers: 3 }]);
    // The migration's count of existing datasets, run on this one as it was before (nothing counted).
    const backfill = fs.readFileSync(MIGRATION, 'utf8').split(/;\s*\n/).find((statement) => /UPDATE client_datasets/.test(statement))!;
    await ctx.database.db.updateTable('client_datasets').set({ column_counts: '[]' }).where('id', '=', id).execute();
    await sql.raw(`${backfill} WHERE d.id = ${id}`).execute(ctx.database.db);
    const recounted = await ctx.database.db.selectFrom('client_datasets').select('column_counts').where('id', '=', id).executeTakeFirstOrThrow();
    expect(recounted.column_counts).toEqual(counted.column_counts);
  });
});
