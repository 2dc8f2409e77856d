/**
 * Integration-test harness: one migrated database per test worker (PGlite in memory, or the
 * PostgreSQL server of TEST_DATABASE_URL), one server driven with inject(). Tests isolate
 * themselves by signing up their own users, so no table is ever truncated between them.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Plan } from '@catchment/domain';
import { isRunning } from '@catchment/files';
import { createRoutingEngine, importOsm, type RoutingEngine } from '@catchment/routing';
import { demoTerritoryDirectory, TERRITORY_IMPORTERS } from '@catchment/geodata';
import { loadConfig } from '../src/config.js';
import { demoDatabaseTemplate, testDemoData } from './demo-database.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { createContext, type AppContext, type LoadedData } from '../src/context.js';
import { PgChannelListener } from '../src/db/pg-channel-listener.js';
import { DATA_VERSIONS_CHANNEL } from '../src/poi/count/count-versions-cache.js';
import { buildServer } from '../src/server.js';
import { TEST_COMPUTE_TIMEOUT_MS } from './api-process.js';
import { listPoiDatasets, removePoiDataset } from '../src/poi/data/poi-loader.js';
import { importOsmPoiExtract, importSireneFiles } from '../src/poi/data/poi-import.js';
import { importOsmAddressExtract } from '../src/geocoding/data/address-import.js';
import { listAddressDatasets, removeAddressDataset } from '../src/geocoding/data/address-loader.js';
import { listLoadedDatasets, removeDataset } from '../src/territories/data/dataset-loader.js';
import { loadTerritoryFiles } from '../src/territories/data/territory-files.js';
import { importTerritories } from '../src/territories/data/territory-import.js';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/catchment_test';

async function ensurePostgresDatabase(url: string): Promise<void> {
  const pg = await import('pg');
  const target = new URL(url);
  const dbName = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.default.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${dbName.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

let shared: Promise<{ ctx: AppContext; app: FastifyInstance }> | undefined;

const COPY_PREFIX = 'catchment-pglite-';

/**
 * Vitest may end a worker without its exit handlers: the copies (hundreds of MB) of workers that
 * ended are removed by the next one (a copy without an owner yet is left an hour, being made).
 */
function removeCopiesOfEndedWorkers(): void {
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(COPY_PREFIX))) {
    const copy = path.join(tmpdir(), name);
    try {
      const owner = existsSync(path.join(copy, 'owner')) ? Number(readFileSync(path.join(copy, 'owner'), 'utf8')) : undefined;
      const ended = owner === undefined ? Date.now() - statSync(copy).mtimeMs > 3_600_000 : !isRunning(owner);
      if (ended) rmSync(copy, { recursive: true, force: true });
    } catch {
      // Removed by another worker meanwhile.
    }
  }
}

/**
 * An embedded database of the worker's own (a temporary folder, removed when the worker ends): a
 * copy of the demo database (demo-database.ts), migrated and holding the demo's territorial data.
 */
async function openEmbeddedWithDemo(dataDir: string): Promise<DatabaseHandle> {
  const template = await demoDatabaseTemplate(dataDir);
  removeCopiesOfEndedWorkers();
  const own = mkdtempSync(path.join(tmpdir(), COPY_PREFIX));
  writeFileSync(path.join(own, 'owner'), String(process.pid));
  process.once('exit', () => rmSync(own, { recursive: true, force: true }));
  cpSync(template, path.join(own, 'db'), { recursive: true });
  return openDatabase({ pgliteDir: path.join(own, 'db') });
}

async function open(): Promise<{ ctx: AppContext; app: FastifyInstance }> {
  // Dataset files written by a test's import go to the worker's own folder before the database.
  const territoryDir = mkdtempSync(path.join(tmpdir(), 'catchment-territories-'));
  // Account e-mails of the tests' sign-ups go to the worker's own outbox (no SMTP_URL here).
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'catchment-outbox-'));
  const config = { ...loadConfig({ DATA_DIR: 'var/test', TERRITORY_DIR: territoryDir, COMPUTE_TIMEOUT_MS: TEST_COMPUTE_TIMEOUT_MS }), databaseUrl: undefined, outboxDir };
  // Built from the npm data packages on the first run, reused (var/test/demo) afterwards; loaded
  // into the database once (a database that has them already skips them).
  const demo = await testDemoData(config.dataDir);
  let database: DatabaseHandle;
  if (process.env.TEST_DATABASE === 'postgres') {
    const url = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
    await ensurePostgresDatabase(url);
    database = await openDatabase({ databaseUrl: url });
  } else {
    database = await openEmbeddedWithDemo(config.dataDir);
  }
  await migrate(database);
  // A PostgreSQL test database outlives the run: what earlier runs imported is taken out first.
  for (const dataset of await listLoadedDatasets(database.db)) if (dataset.source !== 'demo') await removeDataset(database.db, dataset.id);
  for (const dataset of await listPoiDatasets(database.db)) await removePoiDataset(database.db, dataset.id);
  for (const dataset of await listAddressDatasets(database.db)) await removeAddressDataset(database.db, dataset.id);
  await loadTerritoryFiles(database.db, [demoTerritoryDirectory(config.dataDir)], () => {});
  // As in the app: on PostgreSQL, business counts keep the data versions until a change is announced.
  const dataVersionsListener = database.kind === 'postgres'
    ? await PgChannelListener.start(database.connection, { channel: DATA_VERSIONS_CHANNEL, applicationName: 'catchment-data-versions-test' })
    : undefined;
  const ctx = createContext(config, database, { ...demo, ...(dataVersionsListener ? { dataVersionsListener } : {}) });
  const app = await buildServer(ctx, { rateLimits: false });
  await app.ready();
  return { ctx, app };
}

/** The worker's server and context (created on first use, then shared by every test file of the worker). */
export function testApp(): Promise<{ ctx: AppContext; app: FastifyInstance }> {
  shared ??= open();
  return shared;
}

/**
 * A routing engine on the road graphs of OpenStreetMap extracts (test-data/osm paths), imported
 * into a scratch folder that close() removes with the engine.
 */
export async function testRoutingEngine(extracts: string[]): Promise<{ engine: RoutingEngine; close(): Promise<void> }> {
  const graphDir = mkdtempSync(path.join(tmpdir(), 'graphs-'));
  for (const extract of extracts) await importOsm(extract, path.join(graphDir, `${path.basename(extract).replace(/\.osm(\.pbf|\.gz)?$/, '')}.graph`));
  const engine = await createRoutingEngine({ graphDir, workers: 1 });
  return {
    engine,
    async close() {
      await engine.close();
      rmSync(graphDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server on the worker's database (testApp()) whose travel-time areas come from `routing`, with
 * the demo's basemap and gazetteer, and any other service given in `data` (a job queue, …).
 */
export async function serverWithRouting(routing: RoutingEngine, data: LoadedData = {}): Promise<{ ctx: AppContext; app: FastifyInstance }> {
  const base = await testApp();
  const ctx = createContext(base.ctx.config, base.ctx.database, { routing, basemap: base.ctx.basemap, gazetteer: base.ctx.gazetteer, ...data });
  const app = await buildServer(ctx, { rateLimits: false });
  await app.ready();
  return { ctx, app };
}

export interface TestUser { id: number; email: string; password: string; cookie: string }

/**
 * Signs up a fresh user and returns the cookie header that authenticates as them. A 503
 * SERVER_BUSY (the password hashing missed its deadline: npm test runs four suites on two cores)
 * is asked again after a pause, as the message tells a person to; nothing was stored.
 */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const email = `user-${randomUUID()}@example.com`;
  const password = 'correct horse battery';
  const send = () => app.inject({
    method: 'POST', url: '/api/Clients',
    payload: { email, password, firstName: 'Ada', lastName: 'Lovelace', acceptTerms: true, ...overrides },
  });
  let response = await send();
  for (let attempt = 1; attempt <= 5 && response.statusCode === 503; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 2_000 * attempt));
    response = await send();
  }
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { id: response.json().id, email, password, cookie: sessionCookie(response) };
}

/**
 * A fresh user on `plan` (without an end date), for the tests of what a plan unlocks; the plan is
 * set in the database as `npm run data -- users set-plan` does (the database of testApp()).
 */
export async function signUpOnPlan(app: FastifyInstance, plan: Plan, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const user = await signUp(app, overrides);
  const { ctx } = await testApp();
  await ctx.clients.setPlan(user.email, plan, null);
  return user;
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'session');
  if (!cookie) throw new Error('no session cookie');
  return `session=${cookie.value}`;
}

/** Imports the POIs of an OpenStreetMap extract (test-data/osm) into the worker's database. */
export function importOsmPoiFile(ctx: AppContext, file: string) {
  return importOsmPoiExtract(ctx.database.db, file, { scratchDir: ctx.config.territoryDir });
}

/** Imports the postal addresses of an OpenStreetMap extract (test-data/osm) into the worker's database. */
export function importOsmAddressFile(ctx: AppContext, file: string) {
  return importOsmAddressExtract(ctx.database.db, file, { scratchDir: ctx.config.territoryDir });
}

/** Imports SIRENE files (test-data/poi) into the worker's database. */
export function importSireneTestFiles(ctx: AppContext, files: string[]) {
  return importSireneFiles(ctx.database.db, files);
}

/** Imports open-data files with a territorial importer into the test database, as `npm run data -- import` does. */
export async function importTerritoryFiles(ctx: AppContext, source: string, files: string[]) {
  const importer = TERRITORY_IMPORTERS[source];
  if (!importer) throw new Error(`no importer ${source}`);
  return importTerritories(ctx.database.db, importer, files, { scratchDir: ctx.config.territoryDir });
}
