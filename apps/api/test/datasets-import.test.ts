/**
 * Importing an uploaded file as a dataset (SPEC §7 Data files import, Datasets; §6, §9 pins):
 * the London stations placed by their coordinates where the file says, on the job queue with
 * progress pushed to the user; the Bindlach customers placed by their addresses; the plan's pins
 * refused past with nothing created; rows that
 * cannot be placed reported; and the account's datasets listed, changed and deleted.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientDatasetView, DatasetEventData } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import type { RoomEvent } from '../src/events/event-bus.js';
import { JobQueue } from '../src/jobs/job-queue.js';
import { buildServer } from '../src/server.js';
import { importOsmAddressFile, signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, createMap, expectStatus } from './maps-factories.js';
import { uploadDataFile } from './data-file-factories.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../test-data');
const STATIONS = path.join(TEST_DATA, 'customers/london-cycle-hire-stations.csv');
const ADDRESSES = path.join(TEST_DATA, 'customers/addresses-bindlach-heinersreuth-osm.csv');
const NORTH_BAYREUTH = path.join(TEST_DATA, 'osm/north-bayreuth.osm.pbf');

let ctx: AppContext;
let app: FastifyInstance;
let queue: JobQueue;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'datasets-import-'));
const events: RoomEvent[] = [];
let unsubscribe: () => void;

beforeAll(async () => {
  ({ ctx } = await testApp());
  // The import runs on a real job queue (a schema of its own), as in the app.
  queue = new JobQueue(ctx.database.connection, {
    schema: `pgboss_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`, maxConnections: 2, maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5, stopGraceSeconds: 1,
  });
  await queue.start();
  app = await buildServer({ ...ctx, jobs: queue, config: { ...ctx.config, dataDir } }, { rateLimits: false });
  unsubscribe = ctx.events.subscribe((event) => events.push(event));
});
afterAll(async () => {
  unsubscribe();
  await app.close();
  await queue.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const upload = (user: TestUser, content: Buffer | string, filename: string) => uploadDataFile(app, user, content, filename);

const importFile = (user: TestUser, fileId: string, body: Record<string, unknown>) =>
  call(app, 'POST', `/Clients/${user.id}/dataFiles/${fileId}/import`, { as: user, payload: body });

const datasetsOf = async (user: TestUser) => expectStatus<ClientDatasetView[]>(200, call(app, 'GET', `/Clients/${user.id}/datasets`, { as: user }));

describe('importing a file as a dataset', () => {
  it('places the London stations where the file says, on the queue, and tells the user', async () => {
    const pro = await signUpOnPlan(app, 'pro_2020');
    const file = await upload(pro, fs.readFileSync(STATIONS), 'london-cycle-hire-stations.csv');
    const response = await importFile(pro, file.id, { name: 'Cycle hire', latitudeColumn: 'lat', longitudeColumn: 'lon', operationColumn: 'nbikes', color: '#2563EB' });
    expect(response.statusCode, response.body).toBe(201);
    const dataset = response.json<ClientDatasetView>();
    expect(dataset).toMatchObject({
      name: 'Cycle hire', color: '#2563eb', source: 'file', status: 'ready', progress: 1, rowCount: 742, pointCount: 742, notGeocodedCount: 0,
      precisions: { coordinates: 742 }, operationColumn: 'nbikes', columns: ['id', 'name', 'area', 'nbikes', 'nempty', 'lon', 'lat'],
    });

    // Every station where the file puts it.
    const expected = Papa.parse<Record<string, string>>(fs.readFileSync(STATIONS, 'utf8').trim(), { header: true }).data;
    const { rows } = await sql<{ row_number: number; id: string; x: number; y: number }>`
      SELECT row_number, cells->>0 AS id, ST_X(position) AS x, ST_Y(position) AS y FROM client_dataset_rows WHERE dataset_id = ${dataset.id} ORDER BY row_number`.execute(ctx.database.db);
    expect(rows).toHaveLength(742);
    rows.forEach((row, i) => {
      expect(row.id).toBe(expected[i]!.id);
      expect(row.x).toBeCloseTo(Number(expected[i]!.lon), 9);
      expect(row.y).toBeCloseTo(Number(expected[i]!.lat), 9);
    });

    // The upload goes once imported, and the user's sockets hear the dataset become ready: the job
    // does both just after making the dataset ready, which is when the import answered.
    await expect.poll(async () => (await call(app, 'GET', `/Clients/${pro.id}/dataFiles/${file.id}`, { as: pro })).statusCode).toBe(404);
    await expect.poll(() => events).toContainEqual({ room: `user:${pro.id}`, event: 'datasets', data: { datasetId: dataset.id, status: 'ready', progress: 1 } satisfies DatasetEventData });
    expect(await datasetsOf(pro)).toEqual([dataset]);
  });

  it("refuses a file past the plan's pins, naming the plan that holds it, and creates nothing", async () => {
    const free = await signUp(app);
    const file = await upload(free, fs.readFileSync(STATIONS), 'stations.csv');
    const refused = await importFile(free, file.id, { name: 'Stations', latitudeColumn: 'lat', longitudeColumn: 'lon' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'INSUFFICIENT_STORAGE', details: { pins: 10, used: 0, adding: 742, plan: 'essential_2019' } });
    expect(await datasetsOf(free)).toEqual([]);

    const ten = await upload(free, `id,lat,lon\n${Array.from({ length: 10 }, (_, i) => `${i},51.5${i},-0.1${i}`).join('\n')}\n`, 'ten.csv');
    await expectStatus(201, importFile(free, ten.id, { name: 'Ten', latitudeColumn: 'lat', longitudeColumn: 'lon' }));
    const one = await upload(free, 'id,lat,lon\n1,51.5,-0.1\n', 'one.csv');
    const full = await importFile(free, one.id, { name: 'One more', latitudeColumn: 'lat', longitudeColumn: 'lon' });
    expect(full.statusCode).toBe(403);
    expect(full.json().error.details).toMatchObject({ pins: 10, used: 10, adding: 1 });
    expect((await datasetsOf(free)).map((dataset) => dataset.name)).toEqual(['Ten']);
  });

  it('refuses columns the file does not have, creating nothing', async () => {
    const user = await signUp(app);
    const file = await upload(user, 'name,street,city,lat,lon\nA,Hohe Warte 28,Bayreuth,49.97,11.58\n', 'a.csv');
    const unknown = await importFile(user, file.id, { name: 'A', latitudeColumn: 'latitude', longitudeColumn: 'lon' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().error)).toContain('latitudeColumn');
    expect((await importFile(user, file.id, { name: 'A', latitudeColumn: 'lat' })).statusCode).toBe(400);
    expect((await importFile(user, file.id, { name: 'A', address: { street: 'rue', city: 'city' } })).statusCode).toBe(400);
    expect(await datasetsOf(user)).toEqual([]);
    // The upload is still there to try again.
    expect((await call(app, 'GET', `/Clients/${user.id}/dataFiles/${file.id}`, { as: user })).statusCode).toBe(200);
  });

  it('places the Bindlach customers by their address columns where the file says, after the OpenStreetMap addresses are imported', async () => {
    await importOsmAddressFile(ctx, NORTH_BAYREUTH);
    const pro = await signUpOnPlan(app, 'pro_2020');
    const file = await upload(pro, fs.readFileSync(ADDRESSES), 'addresses-bindlach-heinersreuth-osm.csv');
    const dataset = await expectStatus<ClientDatasetView>(201, importFile(pro, file.id, {
      name: 'Customers', address: { street: 'street', housenumber: 'housenumber', postcode: 'postcode', city: 'city', country: 'country' },
    }));
    expect(dataset).toMatchObject({ status: 'ready', rowCount: 797, pointCount: 797, notGeocodedCount: 0, precisions: { housenumber: 797 } });
    // Each customer within metres of the position the file gives it: the file puts a building at the
    // mean of its corners, the addresses at a point inside it, so a large building's differ more.
    const { rows } = await sql<{ metres: number }>`
      SELECT ST_Distance(position::geography, ST_SetSRID(ST_MakePoint((cells->>7)::float8, (cells->>8)::float8), 4326)::geography) AS metres
      FROM client_dataset_rows WHERE dataset_id = ${dataset.id}`.execute(ctx.database.db);
    const metres = rows.map((row) => row.metres).sort((a, b) => a - b);
    expect(metres).toHaveLength(797);
    expect(metres[Math.floor(metres.length / 2)]).toBeLessThan(10);
    expect(metres[Math.floor(metres.length * 0.95)]).toBeLessThan(25);
    expect(metres.at(-1)).toBeLessThan(200);
  });

  it('reports the rows it could not place, with their numbers', async () => {
    const user = await signUp(app);
    const file = await upload(user, 'name;position\nGood;51.5074, -0.1278\nBlank;\nFar;95, 10\nZero;0, 0\nAlso good;"48,8566; 2,3522"\n', 'mixed.csv');
    const dataset = await expectStatus<ClientDatasetView>(201, importFile(user, file.id, { name: 'Mixed', latLngColumn: 'position' }));
    expect(dataset).toMatchObject({ rowCount: 5, pointCount: 2, notGeocodedCount: 3, precisions: { coordinates: 2 } });
    const report = await call(app, 'GET', `/Clients/${user.id}/datasets/${dataset.id}/report`, { as: user });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(Papa.parse<string[]>(report.body.replace(/^\uFEFF/, '').trim()).data).toEqual([['row', 'name', 'position'], ['2', 'Blank', ''], ['3', 'Far', '95, 10'], ['4', 'Zero', '0, 0']]);
  });

  it("renames, recolours and deletes a dataset, for its owner only", async () => {
    const user = await signUp(app);
    const file = await upload(user, 'name,lat,lon,sales\nA,51.5,-0.1,10\n', 'a.csv');
    const dataset = await expectStatus<ClientDatasetView>(201, importFile(user, file.id, { name: 'A', latitudeColumn: 'lat', longitudeColumn: 'lon' }));
    const changed = await expectStatus<ClientDatasetView>(200, call(app, 'PATCH', `/Clients/${user.id}/datasets/${dataset.id}`, {
      as: user, payload: { name: 'Shops', color: '#16a34a', operationColumn: 'sales' },
    }));
    expect(changed).toMatchObject({ name: 'Shops', color: '#16a34a', operationColumn: 'sales' });
    expect((await call(app, 'PATCH', `/Clients/${user.id}/datasets/${dataset.id}`, { as: user, payload: { color: '#123456' } })).statusCode).toBe(400);
    expect((await call(app, 'PATCH', `/Clients/${user.id}/datasets/${dataset.id}`, { as: user, payload: { operationColumn: 'revenue' } })).statusCode).toBe(400);

    const other = await signUp(app);
    expect((await call(app, 'GET', `/Clients/${user.id}/datasets`, { as: other })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', `/Clients/${other.id}/datasets/${dataset.id}`, { as: other })).statusCode).toBe(404);
    await expectStatus(204, call(app, 'DELETE', `/Clients/${user.id}/datasets/${dataset.id}`, { as: user }));
    expect(await datasetsOf(user)).toEqual([]);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM client_dataset_rows WHERE dataset_id = ${dataset.id}`.execute(ctx.database.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('makes a dataset without a file and adds rows to it, within the pins, naming unknown columns', async () => {
    const free = await signUp(app);
    const created = await expectStatus<ClientDatasetView>(201, call(app, 'POST', `/Clients/${free.id}/datasets`, {
      as: free, payload: { name: 'Stores', columns: ['name', 'sales'], operationColumn: 'sales', items: [{ fields: { name: 'Kléber', sales: '1 200' }, position: [7.7455, 48.5834] }] },
    }));
    expect(created).toMatchObject({ name: 'Stores', status: 'ready', rowCount: 1, pointCount: 1, precisions: { coordinates: 1 }, operationColumn: 'sales' });
    const added = await expectStatus<ClientDatasetView>(200, call(app, 'POST', `/Clients/${free.id}/datasets/${created.id}`, {
      as: free, payload: { items: [{ fields: { name: 'Gare' }, position: [7.7344, 48.5850] }, { position: [7.75, 48.57] }] },
    }));
    expect(added).toMatchObject({ rowCount: 3, pointCount: 3, precisions: { coordinates: 3 } });
    expect(added.version).toBeGreaterThan(created.version);
    const { rows } = await sql<{ row_number: number; cells: string[]; x: number }>`
      SELECT row_number, cells, ST_X(position) AS x FROM client_dataset_rows WHERE dataset_id = ${created.id} ORDER BY row_number`.execute(ctx.database.db);
    expect(rows).toEqual([
      { row_number: 1, cells: ['Kléber', '1 200'], x: 7.7455 }, { row_number: 2, cells: ['Gare', ''], x: 7.7344 }, { row_number: 3, cells: ['', ''], x: 7.75 },
    ]);

    const unknown = await call(app, 'POST', `/Clients/${free.id}/datasets/${created.id}`, { as: free, payload: { items: [{ fields: { revenue: '3' }, position: [7.7, 48.5] }] } });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().error)).toContain('revenue');
    expect((await call(app, 'POST', `/Clients/${free.id}/datasets/${created.id}`, { as: free, payload: { items: [{ position: [200, 48.5] }] } })).statusCode).toBe(400);
    const eight = Array.from({ length: 8 }, (_, i) => ({ position: [7.7 + i / 100, 48.5] }));
    const full = await call(app, 'POST', `/Clients/${free.id}/datasets/${created.id}`, { as: free, payload: { items: eight } });
    expect(full.statusCode).toBe(403);
    expect(full.json().error).toMatchObject({ code: 'INSUFFICIENT_STORAGE', details: { pins: 10, used: 3, adding: 8 } });
    expect((await expectStatus<ClientDatasetView>(200, call(app, 'GET', `/Clients/${free.id}/datasets/${created.id}`, { as: free }))).rowCount).toBe(3);
  });

  it("tells the viewers of the maps that show a dataset when it changes or goes", async () => {
    const user = await signUp(app);
    const file = await upload(user, 'name,lat,lon\nA,51.5,-0.1\n', 'a.csv');
    const dataset = await expectStatus<ClientDatasetView>(201, importFile(user, file.id, { name: 'A', latitudeColumn: 'lat', longitudeColumn: 'lon' }));
    const map = await createMap(app, user);
    await expectStatus(201, call(app, 'POST', `/v2/maps/${map.id}/datasets/bulk`, { as: user, payload: { datasets: [{ datasetId: dataset.id }] } }));
    const versionOf = async () => (await expectStatus<{ version: number }>(200, call(app, 'GET', `/v2/maps/${map.id}/datasets`, { as: user }))).version;
    const syncs = () => events.filter((event) => event.room === `map:${map.id}` && event.event === 'list-sync').map((event) => (event.data as { datasetsVersion?: number }).datasetsVersion);

    const before = await versionOf();
    await expectStatus(200, call(app, 'PATCH', `/Clients/${user.id}/datasets/${dataset.id}`, { as: user, payload: { name: 'Renamed' } }));
    expect(await versionOf()).toBe(before + 1);
    await vi.waitFor(() => expect(syncs()).toContain(before + 1));
    await expectStatus(200, call(app, 'POST', `/Clients/${user.id}/datasets/${dataset.id}`, { as: user, payload: { items: [{ position: [-0.12, 51.51] }] } }));
    expect(await versionOf()).toBe(before + 2);
    await expectStatus(204, call(app, 'DELETE', `/Clients/${user.id}/datasets/${dataset.id}`, { as: user }));
    const after = await expectStatus<{ version: number; datasets: unknown[] }>(200, call(app, 'GET', `/v2/maps/${map.id}/datasets`, { as: user }));
    expect(after).toMatchObject({ version: before + 3, datasets: [] });
    await vi.waitFor(() => expect(syncs()).toContain(before + 3));
  });

  it('leaves no dataset holding pins when its import cannot be started', async () => {
    // A server whose job queue is down by the time the user imports.
    const downQueue = new JobQueue(ctx.database.connection, {
      schema: `pgboss_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`, maxConnections: 1, maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5, stopGraceSeconds: 1,
    });
    await downQueue.start();
    const server = await buildServer({ ...ctx, jobs: downQueue, config: { ...ctx.config, dataDir } }, { rateLimits: false });
    try {
      await downQueue.stop();
      const user = await signUp(server);
      const file = await uploadDataFile(server, user, 'name,lat,lon\nA,51.5,-0.1\n', 'a.csv');
      const refused = await server.inject({
        method: 'POST', url: `/api/Clients/${user.id}/dataFiles/${file.id}/import`, headers: { cookie: user.cookie },
        payload: { name: 'A', latitudeColumn: 'lat', longitudeColumn: 'lon' },
      });
      expect(refused.statusCode).toBe(500);
      expect(await datasetsOf(user)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
