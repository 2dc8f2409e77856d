/**
 * Starts the real app the way a user does (`npm start`: web build when needed, then the server)
 * on a free port with its own data directory (with the Monaco road network, the communes of
 * Alpes-Maritimes and the addresses of north Bayreuth imported) and its own copy of the web build,
 * and waits until /api/health answers. The data directory starts as a first start leaves it: the
 * demo's files and, on the embedded database, the database holding their territorial data, copied
 * from those made once for the whole test run (apps/api/test/demo-database.ts); loading them anew
 * took each lane minutes of CPU beside the other suites. Nothing else is shared with another run
 * going on meanwhile (`npm test` runs two lanes of browser tests side by side): the new-version test plays its deploy
 * on this run's copy of the build, and with E2E_DATABASE=postgres each lane has a database of its
 * own. HubSpot is a local server answering as HubSpot's documentation says (the CRM tests'
 * emulator, its contacts real Bindlach–Heinersreuth customers that those addresses place), in this
 * process: the app's HubSpot settings point at it, and the tests reach it at `hubspotUrl`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { demoDirectory } from '@catchment/geodata';
import { buildWhatChanged, withBuildLock } from '../../scripts/build/up-to-date.mjs';
import { demoDatabaseTemplate, TEST_DATA_DIR, testDemoData } from '../../apps/api/test/demo-database.js';
import { HubSpotEmulator } from '../../apps/api/src/crm/hubspot/test-support/hubspot-emulator.js';

declare module 'vitest' {
  /** dataDir: the server's DATA_DIR (its e-mails are in dataDir/outbox, as no SMTP_URL is set). */
  /** databaseUrl: the server's DATABASE_URL ('' for the embedded PGlite). */
  /** hubspotUrl: the HubSpot emulator the server connects to (its authorize page, API and token endpoint). */
  /** webDistDir: the web build the server serves (WEB_DIST_DIR), this run's own copy. */
  export interface ProvidedContext { baseUrl: string; dataDir: string; databaseUrl: string; hubspotUrl: string; webDistDir: string }
}

/** The shared OpenStreetMap extract the travel-time tests route in. */
const MONACO_EXTRACT = 'test-data/osm/monaco.osm.pbf';
/** The real commune boundaries and populations of Alpes-Maritimes, for the administrative and census tests. */
const COMMUNES_06 = ['test-data/fr/communes-06-alpes-maritimes.geojson', 'test-data/fr/population-communes-06-alpes-maritimes.csv'];
/** The rnv timetables (Mannheim–Heidelberg, autumn 2016) over the demo's roads, for the transit test; transit is offered in Germany for it. */
const RNV_GTFS = 'test-data/gtfs/rnv-gtfs.zip';
const MODE_COUNTRIES = 'truck=fr;heavy_truck=fr;transit=fr,de;bike=europe,north_america;walk=europe,north_america';
/** The OpenStreetMap addresses that place the HubSpot emulator's customers (Bindlach, Heinersreuth). */
const NORTH_BAYREUTH = 'test-data/osm/north-bayreuth.osm.pbf';
/** The data command line as `npm run data` runs it, built with the server. */
const DATA_COMMAND = 'apps/api/dist/data.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The server's database: with E2E_DATABASE=postgres, a database of the run's own made anew on the
 * PostgreSQL server of TEST_DATABASE_URL (its name and '_e2e', and the lane's number in a lane of
 * `npm test`: E2E_LANE); by default the embedded PGlite of a newcomer's `npm start` ('').
 */
async function freshDatabase(): Promise<string> {
  if (process.env.E2E_DATABASE !== 'postgres') return '';
  const url = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/catchment_test');
  const lane = process.env.E2E_LANE ? `_${process.env.E2E_LANE}` : '';
  const name = `${url.pathname.slice(1)}_e2e${lane}`.replace(/[^\w]/g, '');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** What the server writes under demo/ itself at its first start (the demo road networks and basemaps): left to it. */
const WRITTEN_BY_THE_SERVER = new Set(['graphs', 'basemap']);

/**
 * Puts in `dataDir` the demo's files and, on the embedded database, the database holding their
 * territorial data, as a first start leaves them.
 */
async function startAsAfterFirstStart(dataDir: string, databaseUrl: string, say: (message: string) => void): Promise<void> {
  // On PostgreSQL the server loads the demo's data itself, in seconds.
  if (databaseUrl) await testDemoData(TEST_DATA_DIR, say);
  else fs.cpSync(await demoDatabaseTemplate(TEST_DATA_DIR, say), path.join(dataDir, 'db'), { recursive: true });
  const demoFiles = demoDirectory(TEST_DATA_DIR);
  fs.cpSync(demoFiles, demoDirectory(dataDir), { recursive: true, filter: (source) => !WRITTEN_BY_THE_SERVER.has(path.relative(demoFiles, source).split(path.sep)[0]!) });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
}

export default async function setup(project: TestProject) {
  const port = await freePort();
  // E2E_DATA_DIR (kept afterwards, to look at): in a lane of `npm test`, a folder per lane in it.
  const keptDir = process.env.E2E_DATA_DIR && process.env.E2E_LANE ? path.join(process.env.E2E_DATA_DIR, `lane-${process.env.E2E_LANE}`) : process.env.E2E_DATA_DIR;
  const dataDir = keptDir || fs.mkdtempSync(path.join(os.tmpdir(), 'catchment-e2e-'));
  const databaseUrl = await freshDatabase();
  // The web app and the API, built here when their sources changed (once: another lane starting
  // meanwhile waits for that build), and the web build copied into the data directory: what this
  // run does to the served files (the new-version test's deploy) is seen by no other run.
  const say = (message: string) => console.log(`[e2e] ${message}`);
  if (!(await buildWhatChanged({ web: true, say }))) throw new Error('the web app or the API did not build');
  const webDistDir = path.join(dataDir, 'web');
  await withBuildLock(say, async () => fs.cpSync('apps/web/dist', webDistDir, { recursive: true }));
  await startAsAfterFirstStart(dataDir, databaseUrl, say);
  // A road network to route in and commune boundaries, imported the way an operator does it
  // (`npm run data -- import …`: the compiled data command line).
  const importData = (args: string[]) => execFileSync(process.execPath, ['--enable-source-maps', DATA_COMMAND, 'import', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit'],
  });
  importData(['osm', MONACO_EXTRACT]);
  importData(['fr-communes', ...COMMUNES_06]);
  importData(['osm-addresses', NORTH_BAYREUTH]);
  importData(['gtfs', RNV_GTFS]);
  const hubspot = await new HubSpotEmulator().start();
  const hubspotSettings = hubspot.settings();
  const server = spawn('node', ['scripts/start.mjs'], {
    // No SMTP server and no IP-location service: e-mails land in the outbox, nothing leaves the machine.
    // The POI tab offered for the rest of the world too: the business tests search Andorra's points of interest. Transit in Germany too (the rnv timetables).
    env: {
      ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST_DIR: webDistDir, DATABASE_URL: databaseUrl, MAP_STYLE_URL: '', HOST: '127.0.0.1', SMTP_URL: '', IP_LOCATION_URL: '',
      POI_TAB_COUNTRIES: 'us,fr,gb,be,ca,ww', ROUTING_MODE_COUNTRIES: MODE_COUNTRIES,
      HUBSPOT_CLIENT_ID: hubspotSettings.clientId, HUBSPOT_CLIENT_SECRET: hubspotSettings.clientSecret,
      HUBSPOT_API_URL: hubspotSettings.apiUrl, HUBSPOT_AUTH_URL: hubspotSettings.authUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    // The start imports the demo road networks and opens the database (the web app is built
    // above): minutes on a slow machine while the unit and API tests share the two cores.
    await waitForHealth(baseUrl, server, 600_000);
  } catch (error) {
    // Nothing left running behind a failed start: the server, and the emulator that would keep this process alive.
    server.kill('SIGTERM');
    await hubspot.stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('databaseUrl', databaseUrl);
  project.provide('hubspotUrl', hubspot.url);
  project.provide('webDistDir', webDistDir);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await hubspot.stop();
    if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
