/**
 * Two real API processes on one PostgreSQL behave as one: no lost update whichever process served
 * the read, rate limits spent on both, an import made while they run seen by both, statistics
 * computed by one found in the shared cache by the other, and events of one reaching the sockets
 * of the other. Over real HTTP and WebSocket, with the data command line as an operator runs it.
 *
 * Each process has its own DATA_DIR (nothing is shared through files), kept under var/test so that
 * the demo data built on the first run is reused; the database is a dedicated one.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import type { ComputeMeasuresResponse, MapDocument, PolygonGeometry, RealtimeServerMessage } from '@catchment/domain';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { listLoadedDatasets, removeDataset } from '../src/territories/data/dataset-loader.js';
import { ApiProcess, REPOSITORY_ROOT } from './api-process.js';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const PATIENCE_MS = 20_000;
const NICE_COMMUNES = 'test-data/fr/communes-06-alpes-maritimes.geojson';
const NICE_POPULATION = 'test-data/fr/population-communes-06-alpes-maritimes.csv';

/** The test server of TEST_DATABASE_URL, with a database of this test's own. */
function processesDatabaseUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/catchment_test');
  url.pathname = '/catchment_test_processes';
  return url.toString();
}

async function ensureDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** The schema up to date, and what an earlier run imported taken out: the import must change what the processes answer. */
async function resetImports(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    await migrate(database);
    for (const dataset of await listLoadedDatasets(database.db)) if (dataset.source !== 'demo') await removeDataset(database.db, dataset.id);
  } finally {
    await database.close();
  }
}

/** Nice's boundary as the sample file draws it: once imported, the commune inside it is Nice alone, whole. */
function niceBoundary(): PolygonGeometry {
  const communes = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, NICE_COMMUNES), 'utf8')) as { features: { properties: { code: string }; geometry: PolygonGeometry }[] };
  return communes.features.find((feature) => feature.properties.code === '06088')!.geometry;
}

function nicePopulation(): number {
  const [header, ...rows] = readFileSync(path.join(REPOSITORY_ROOT, NICE_POPULATION), 'utf8').trim().split('\n');
  const columns = header!.split(',');
  const nice = rows.map((row) => row.split(',')).find((cells) => cells[columns.indexOf('code_insee')] === '06088')!;
  return Number(nice[columns.indexOf('population')]);
}

interface Answer { status: number; body: unknown }
interface ErrorBody { error: { code: string } }

/** One API request to a process, as the user of `cookie`. */
async function request(server: ApiProcess, method: string, url: string, options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function expectAnswer<T>(status: number, answer: Promise<Answer>): Promise<T> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
  return body as T;
}

async function signUp(server: ApiProcess): Promise<{ email: string; cookie: string }> {
  const email = `user-${randomUUID()}@example.com`;
  const response = await fetch(`${server.url}/api/Clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace', acceptTerms: true }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('session='));
  if (!session) throw new Error('no session cookie');
  return { email, cookie: session.split(';')[0]! };
}

/** A map of the user's with one polygon area; returns their ids. */
async function mapWithArea(server: ApiProcess, cookie: string, geometry: PolygonGeometry): Promise<{ mapId: number; areaId: string }> {
  const map = await expectAnswer<MapDocument>(201, request(server, 'POST', '/v2/maps', { cookie, body: {} }));
  const folderId = randomUUID();
  await expectAnswer(201, request(server, 'PUT', `/v2/maps/${map.id}/folders/${folderId}`, { cookie, body: { label: 'Layer' } }));
  const areaId = randomUUID();
  await expectAnswer(201, request(server, 'POST', `/v2/maps/${map.id}/folders/${folderId}/areas/bulk`, { cookie, body: { areas: [{ uuid: areaId, isoMode: 'polygon', geometry }] } }));
  return { mapId: map.id, areaId };
}

/** The population figure of one area, as a process computes it. */
async function population(server: ApiProcess, cookie: string, mapId: number, areaId: string) {
  const result = await expectAnswer<ComputeMeasuresResponse>(200, request(server, 'POST', `/v2/maps/${mapId}/measures/compute`, { cookie, body: { areaIds: [areaId] } }));
  return result.areas[0]!.measures.find((measure) => measure.key === 'population');
}

/** Waits, up to a patience, for `check` to pass. */
async function eventually(what: string, check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** A socket on a process, as the web app opens it, keeping what it receives. */
async function openSocket(server: ApiProcess, cookie: string): Promise<{ ws: WebSocket; next: (matches: (message: RealtimeServerMessage) => boolean) => Promise<RealtimeServerMessage> }> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api`, { headers: { cookie } });
  const inbox: RealtimeServerMessage[] = [];
  const waiting = new Set<() => void>();
  ws.on('message', (raw) => {
    inbox.push(JSON.parse(String(raw)) as RealtimeServerMessage);
    for (const wake of waiting) wake();
  });
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  const next = (matches: (message: RealtimeServerMessage) => boolean) => new Promise<RealtimeServerMessage>((resolve, reject) => {
    const look = () => {
      const index = inbox.findIndex(matches);
      if (index < 0) return;
      waiting.delete(look);
      clearTimeout(timer);
      resolve(inbox.splice(index, 1)[0]!);
    };
    const timer = setTimeout(() => { waiting.delete(look); reject(new Error(`no such message; got ${JSON.stringify(inbox)}`)); }, PATIENCE_MS);
    waiting.add(look);
    look();
  });
  return { ws, next };
}

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL (PostgreSQL only: the embedded database belongs to one process)', () => {
  const databaseUrl = processesDatabaseUrl();
  const dataDir = (name: string) => path.join(REPOSITORY_ROOT, 'var/test', `process-${name}`);
  const environment = (name: string) => ({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir(name), COMPUTE_WORKERS: '1', ROUTING_WORKERS: '1', LOG_LEVEL: 'warn' });
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  let cookie: string;
  let email: string;
  const dataCommand = (args: string[]) => promisify(execFile)('npm', ['run', 'data', '--', ...args], {
    cwd: REPOSITORY_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir('a') }, timeout: 180_000,
  });

  beforeAll(async () => {
    await ensureDatabase(databaseUrl);
    await resetImports(databaseUrl);
    // One after the other: the first start on a fresh database loads the demo's territorial data.
    a = await ApiProcess.start('A', environment('a'));
    b = await ApiProcess.start('B', environment('b'));
    ({ cookie, email } = await signUp(a));
  }, 1_200_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  }, 60_000);

  it('refuses a write based on a version read from the other process (409), so no update is lost', async () => {
    const map = await expectAnswer<MapDocument>(201, request(a!, 'POST', '/v2/maps', { cookie, body: { title: 'Shared' } }));
    const read = await expectAnswer<MapDocument>(200, request(a!, 'GET', `/v2/maps/${map.id}`, { cookie }));
    await expectAnswer(200, request(b!, 'PATCH', `/v2/maps/${map.id}`, { cookie, body: { title: 'Changed on B', version: read.version } }));
    const stale = await request(a!, 'PATCH', `/v2/maps/${map.id}`, { cookie, body: { title: 'Changed on A', version: read.version } });
    expect(stale.status).toBe(409);
    expect((stale.body as ErrorBody).error.code).toBe('MAP_VERSION_CONFLICT');
    expect((await expectAnswer<MapDocument>(200, request(a!, 'GET', `/v2/maps/${map.id}`, { cookie }))).title).toBe('Changed on B');
  });

  it('spends one rate limit on both: half on each, then the next request is refused on either', async () => {
    // The log-in allows 20 requests a minute per claimed client; a claim of this run's own.
    const claim = `two-processes-${randomUUID()}`;
    const login = (server: ApiProcess) => request(server, 'POST', '/auth/login', {
      body: { email: `nobody-${randomUUID()}@example.com`, password: 'guess' }, headers: { 'x-forwarded-for': claim },
    });
    for (const server of [a!, b!]) {
      for (let i = 0; i < 10; i++) expect((await login(server)).status).toBe(401);
    }
    for (const server of [a!, b!]) {
      const refused = await login(server);
      expect(refused.status).toBe(429);
      expect((refused.body as ErrorBody).error.code).toBe('RATE_LIMITED');
    }
  });

  it('gives a user the plan the data command line sets, on both processes at the next request', async () => {
    const { mapId, areaId } = await mapWithArea(a!, cookie, square(7.25, 43.69, 0.02));
    const body = { areaIds: [areaId] };
    for (const server of [a!, b!]) {
      const refused = await request(server, 'POST', `/v2/maps/${mapId}/measures/compute`, { cookie, body });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: { code: 'PLAN_REQUIRED', details: { plan: 'pro_2020' } } });
    }
    await dataCommand(['users', 'set-plan', email, 'pro_2020']);
    for (const server of [a!, b!]) {
      expect((await request(server, 'POST', `/v2/maps/${mapId}/measures/compute`, { cookie, body })).status).toBe(200);
      const me = await expectAnswer<{ product: string; productEndDate: string; features: string[] }>(200, request(server, 'GET', '/auth/me', { cookie }));
      expect(me.product).toBe('pro_2020');
      expect(me.features).toContain('census:*');
      // One year ahead, give or take the time the test took.
      expect(Math.abs(Date.parse(me.productEndDate) - Date.now() - 365 * 86_400_000)).toBeLessThan(2 * 86_400_000);
    }
  }, 240_000);

  it('answers with the figures of an import made by the data command line while both run, without a restart', async () => {
    const { mapId, areaId } = await mapWithArea(a!, cookie, niceBoundary());
    // Before: the demo's commune points, whose figures have no coverage.
    for (const server of [a!, b!]) expect((await population(server, cookie, mapId, areaId))?.coverage).toBeNull();

    await dataCommand(['import', 'fr-communes', NICE_COMMUNES, NICE_POPULATION]);

    const expected = nicePopulation();
    for (const server of [a!, b!]) {
      await eventually(`the imported figures on ${server.name}`, async () => {
        const figure = await population(server, cookie, mapId, areaId);
        expect(figure?.value).toBeCloseTo(expected, -1);
        expect(figure?.coverage).toBeCloseTo(1, 3);
      });
    }
  }, 240_000);

  it('finds in the shared cache the statistics the other process computed', async () => {
    const { mapId, areaId } = await mapWithArea(a!, cookie, square(7.25, 43.69, 0.02));
    const computedOnA = await population(a!, cookie, mapId, areaId);
    expect(computedOnA?.value).toBeGreaterThan(0);
    // The entry A wrote is given a population no computation would give: B answering it read the entry.
    const marker = 123_456_789;
    await markCachedPopulation(databaseUrl, areaId, marker);
    expect((await population(b!, cookie, mapId, areaId))?.value).toBe(marker);
  });

  it('tells a socket on one process of a change made through the other', async () => {
    const map = await expectAnswer<MapDocument>(201, request(a!, 'POST', '/v2/maps', { cookie, body: {} }));
    const socket = await openSocket(b!, cookie);
    try {
      socket.ws.send(JSON.stringify({ type: 'join', mapId: map.id }));
      expect(await socket.next((message) => message.event === 'joined')).toMatchObject({ data: { mapId: map.id } });
      const renamed = await expectAnswer<{ version: number }>(200, request(a!, 'PATCH', `/v2/maps/${map.id}`, { cookie, body: { title: 'Renamed on A' } }));
      expect(await socket.next((message) => message.event === 'list-sync')).toEqual({ event: 'list-sync', data: { mapId: map.id, version: renamed.version } });
    } finally {
      socket.ws.terminate();
    }
  });
});

function square(lng: number, lat: number, side: number): PolygonGeometry {
  return { type: 'Polygon', coordinates: [[[lng, lat], [lng + side, lat], [lng + side, lat + side], [lng, lat + side], [lng, lat]]] };
}

/** Rewrites the population figure of the area's newest cache entry, whatever the entry's layout. */
async function markCachedPopulation(databaseUrl: string, areaId: string, marker: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ area_hash: string; data_version: string; result: unknown }>(`
      SELECT c.area_hash, c.data_version, c.result FROM territory_statistics_cache c JOIN areas a ON a.hash = c.area_hash
      WHERE a.uuid = $1 ORDER BY c.data_version DESC LIMIT 1`, [areaId]);
    const entry = rows[0];
    if (!entry) throw new Error('no cache entry for the area');
    let marked = 0;
    const mark = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(mark);
      if (node === null || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (record.key === 'population' && 'value' in record) { record.value = marker; marked++; }
      Object.values(record).forEach(mark);
    };
    mark(entry.result);
    if (marked === 0) throw new Error(`no population figure in the cache entry: ${JSON.stringify(entry.result)}`);
    await client.query('UPDATE territory_statistics_cache SET result = $3 WHERE area_hash = $1 AND data_version = $2', [entry.area_hash, entry.data_version, JSON.stringify(entry.result)]);
  } finally {
    await client.end();
  }
}
