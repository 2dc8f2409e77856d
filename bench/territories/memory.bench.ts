/**
 * `npm run bench:territories:memory`: does the server's memory grow with the territorial units
 * loaded? France-scale IRIS (50,456 units made from the Bas-Rhin sample by replicate-iris.ts)
 * against the demo data alone and the Bas-Rhin's 742 IRIS.
 *
 * After (the server as it is, the units in the database): the compiled server (apps/api/dist,
 * built first, what `npm start` runs) on the embedded PGlite of a scratch DATA_DIR per data set
 * (var/bench-territories/memory/<set>, demo data shared and built once). A first start (not
 * measured) loads the demo data into the fresh database; once it is stopped, the IRIS are imported
 * with the compiled data command line (its time and peak memory, the embedded database in it);
 * then the server is started `--restarts` times and each start measures:
 * the time from the spawn to the first 200 of /api/health, the resident memory (VmRSS, all threads)
 * after `--idle` seconds without requests and the peak so far (VmHWM), then cold first tiles
 * (the database's tile store emptied through the server's socket first) over Strasbourg and over a
 * copy of it 500 km away, at zoom 12 (a few streets) and 8 (the whole département in one tile),
 * the process's first statistics call (POST /v2/maps/:id/measures/compute on a 10 km circle over
 * Strasbourg, its cache emptied too) and a second one (9 km over the copy), and the resident
 * memory after those requests.
 *
 * Before (the named baseline): the in-memory TerritoryStore/TerritoryIndex/UnitTiles of
 * packages/geodata that the server ran until the move, in a child process (in-memory-child.ts),
 * on the same units: the demo's dataset files plus the IRIS dataset file the fr-iris importer
 * writes. Its memory once loaded, the synchronous build of the IRIS tile index that the first
 * IRIS tile request made on the event loop, the same tiles and a statistics call.
 *
 *   npm run bench:territories:memory [-- --copies 68 --restarts 3 --idle 5]
 */
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { circlePolygon } from '@catchment/domain';
import { demoTerritoryDirectory, TERRITORY_IMPORTERS } from '@catchment/geodata';
import { runningEmbeddedDatabase } from '../../apps/api/src/db/embedded-database.js';
import { median, ms, ratio, table } from '../stats.js';
import { api, buildApi, memoryOf, ROOT, runDataCli, signUp, sleep, startApi, tileAt, type ApiServer } from './api-server.js';
import type { InMemoryOptions, InMemoryReport } from './in-memory-child.js';
import { FRANCE_COPIES, replicateIris, translated, type ReplicatedIris } from './replicate-iris.js';
import { argument } from '../arguments.js';

const COPIES = Number(argument('--copies') ?? FRANCE_COPIES);
const RESTARTS = Number(argument('--restarts') ?? 3);
const IDLE_MS = Number(argument('--idle') ?? 5) * 1000;
const WORK = path.join(ROOT, 'var/bench-territories/memory');
const SHARED_DEMO = path.join(ROOT, 'var/bench-territories/demo-data');
const STRASBOURG: [number, number] = [7.7521, 48.5734];
const STATISTICS_RADIUS_M = 10_000;

const signedMs = (value: number) => `${value >= 0 ? '+' : '−'}${ms(Math.abs(value))} ms`;
/** after ÷ before of a growth, when there is one to divide. */
const growthRatio = (afterKb: number, beforeKb: number) => (afterKb <= 0 ? 'none' : ratio(afterKb / beforeKb));
const mb = (kb: number) => (Number.isFinite(kb) ? `${(kb / 1024).toFixed(0)} MB` : '–');
const log = (message: string) => console.log(message);

interface DataSet { name: string; iris: ReplicatedIris | undefined }

interface StartFigures {
  readyMs: number;
  idleRssKb: number;
  peakRssKb: number;
  tiles: Record<string, { ms: number; status: number; bytes: number }>;
  /** The first statistics call of the process, then a second one over another area. */
  statisticsMs: number;
  secondStatisticsMs: number;
  population: number | null;
  rssAfterKb: number;
}

interface AfterFigures { set: DataSet; firstStartMs: number; importMs: number | null; importPeakKb: number | null; starts: StartFigures[] }

/** Strasbourg's image in the copy farthest from it among the first four (the first copies are the same whatever their number). */
function replicaOfStrasbourg(iris: ReplicatedIris | undefined): [number, number] {
  const copy = iris?.copies.slice(1, 5).sort((a, b) => Math.hypot(b.dx, b.dy) - Math.hypot(a.dx, a.dy))[0];
  return copy ? translated(copy, STRASBOURG) : STRASBOURG;
}

const TILE_NAMES = ['Strasbourg z12', 'Strasbourg z8', 'copy z12', 'copy z8'];

/** The tiles asked for: over Strasbourg and, when there are copies, over its image in one. */
function tilesToAsk(iris: ReplicatedIris | undefined): Record<string, [number, number, number]> {
  // In this order: the first is the server's first tile request (it also starts a compute thread).
  const tiles: Record<string, [number, number, number]> = { 'Strasbourg z12': tileAt(12, STRASBOURG), 'Strasbourg z8': tileAt(8, STRASBOURG) };
  if ((iris?.copies.length ?? 0) > 1) Object.assign(tiles, { 'copy z12': tileAt(12, replicaOfStrasbourg(iris)), 'copy z8': tileAt(8, replicaOfStrasbourg(iris)) });
  return tiles;
}

/** A data folder of its own per set (its own database), the demo data shared between them. */
function dataDirOf(set: DataSet): string {
  const dir = path.join(WORK, set.name);
  mkdirSync(dir, { recursive: true });
  mkdirSync(SHARED_DEMO, { recursive: true });
  if (!existsSync(path.join(dir, 'demo'))) symlinkSync(SHARED_DEMO, path.join(dir, 'demo'));
  rmSync(path.join(dir, 'db'), { recursive: true, force: true });
  return dir;
}

/** Empties the database's stores of built tiles and statistics, through the running server's socket. */
async function emptyResultStores(dataDir: string): Promise<void> {
  const connection = await runningEmbeddedDatabase(path.join(dataDir, 'db'));
  if (!connection) throw new Error('no running server holds the embedded database');
  const client = new pg.Client(connection);
  await client.connect();
  try {
    await client.query('DELETE FROM territory_tiles');
    await client.query('DELETE FROM territory_statistics_cache');
  } finally {
    await client.end();
  }
}

interface StatisticsMap { cookie: string; mapId: number; areaIds: [string, string] }

async function measureStart(dataDir: string, iris: ReplicatedIris | undefined, statisticsMap: StatisticsMap): Promise<StartFigures> {
  const server = await startApi({ dataDir });
  try {
    await sleep(IDLE_MS);
    const idle = memoryOf(server.pid);
    await emptyResultStores(dataDir);
    const tiles: StartFigures['tiles'] = {};
    for (const [name, [z, x, y]] of Object.entries(tilesToAsk(iris))) {
      const t = performance.now();
      const response = await fetch(`${server.origin}/api/v2/units/fr_iris/tiles/${z}/${x}/${y}.pbf`);
      const bytes = (await response.arrayBuffer()).byteLength;
      tiles[name] = { ms: performance.now() - t, status: response.status, bytes };
    }
    const statistics = async (areaId: string) => {
      const t = performance.now();
      const figures = await api<{ areas: { measures: { key: string; value: number | null }[] }[] }>(
        server.origin, statisticsMap.cookie, 'POST', `/v2/maps/${statisticsMap.mapId}/measures/compute`, { areaIds: [areaId] });
      return { ms: performance.now() - t, population: figures.areas[0]?.measures.find((measure) => measure.key === 'population')?.value ?? null };
    };
    const first = await statistics(statisticsMap.areaIds[0]);
    const second = await statistics(statisticsMap.areaIds[1]);
    const after = memoryOf(server.pid);
    return {
      readyMs: server.readyMs, idleRssKb: idle.rssKb, peakRssKb: idle.peakRssKb, tiles,
      statisticsMs: first.ms, secondStatisticsMs: second.ms, population: first.population, rssAfterKb: after.rssKb,
    };
  } finally {
    await server.stop();
  }
}

/**
 * A user with a map holding the statistics areas (created once per set, kept in its database): a
 * 10 km circle over Strasbourg, a 9 km one over its copy (a different area, so not the first's cached result).
 */
async function statisticsAreas(server: ApiServer, iris: ReplicatedIris | undefined): Promise<StatisticsMap> {
  const cookie = await signUp(server.origin, 'bench-memory');
  const map = await api<{ id: number }>(server.origin, cookie, 'POST', '/v2/maps', {});
  const folder = crypto.randomUUID();
  await api(server.origin, cookie, 'PUT', `/v2/maps/${map.id}/folders/${folder}`, { label: 'Bench' });
  const areaIds: [string, string] = [crypto.randomUUID(), crypto.randomUUID()];
  await api(server.origin, cookie, 'POST', `/v2/maps/${map.id}/folders/${folder}/areas/bulk`, {
    areas: [
      { uuid: areaIds[0], isoMode: 'polygon', geometry: circlePolygon(STRASBOURG, STATISTICS_RADIUS_M) },
      { uuid: areaIds[1], isoMode: 'polygon', geometry: circlePolygon(replicaOfStrasbourg(iris), STATISTICS_RADIUS_M - 1000) },
    ],
  });
  return { cookie, mapId: map.id, areaIds };
}

async function after(set: DataSet): Promise<AfterFigures> {
  const dataDir = dataDirOf(set);
  log(`\n[${set.name}] first start on a fresh database (loads the demo data; not measured)…`);
  const first = await startApi({ dataDir });
  let statisticsMap: StatisticsMap;
  try {
    statisticsMap = await statisticsAreas(first, set.iris);
  } finally {
    await first.stop();
  }
  // With the server stopped, the command line opens the embedded database itself. (Through a
  // running server's socket, a 50,000-unit import fails part-way: see bench/README.md.)
  let importMs: number | null = null;
  let importPeakKb: number | null = null;
  if (set.iris) {
    log(`[${set.name}] importing ${set.iris.units.toLocaleString('en')} IRIS with the data command line…`);
    const run = await runDataCli(dataDir, ['import', 'fr-iris', set.iris.contours, set.iris.population]);
    importMs = run.ms;
    importPeakKb = run.peakRssKb;
  }
  const starts: StartFigures[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    log(`[${set.name}] start ${i + 1} of ${RESTARTS}…`);
    starts.push(await measureStart(dataDir, set.iris, statisticsMap));
  }
  return { set, firstStartMs: first.readyMs, importMs, importPeakKb, starts };
}

/** The dataset file the fr-iris importer writes (what the old server loaded from TERRITORY_DIR). */
async function irisDatasetDirectory(set: DataSet): Promise<string | undefined> {
  if (!set.iris) return undefined;
  const dir = path.join(WORK, 'datasets', set.name);
  if (existsSync(dir) && readdirSync(dir).some((name) => name.endsWith('.ndjson'))) return dir;
  mkdirSync(dir, { recursive: true });
  await TERRITORY_IMPORTERS['fr-iris']!.run([set.iris.contours, set.iris.population], { outputDir: dir });
  return dir;
}

async function before(set: DataSet | undefined): Promise<InMemoryReport> {
  const irisDir = set ? await irisDatasetDirectory(set) : undefined;
  const options: InMemoryOptions = {
    // The demo's dataset files (as the demo set's server reads them), then the import's: the old server's load order.
    directories: set ? [demoTerritoryDirectory(path.join(WORK, 'demo')), ...(irisDir ? [irisDir] : [])] : [],
    tiles: tilesToAsk(set?.iris),
    statistics: { centre: STRASBOURG, radiusM: STATISTICS_RADIUS_M },
  };
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'in-memory-child.ts'), JSON.stringify(options)], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`in-memory-child.ts failed (${code}): ${output}`);
  return JSON.parse(output.trim().split('\n').pop()!) as InMemoryReport;
}

async function main(): Promise<void> {
  log('Building the API (apps/api/dist)…');
  buildApi();
  const sets: DataSet[] = [
    { name: 'demo', iris: undefined },
    { name: 'bas-rhin', iris: await replicateIris({ copies: 1, out: path.join(ROOT, 'var/bench-territories/iris-x1'), log }) },
    { name: `france-x${COPIES}`, iris: await replicateIris({ copies: COPIES, out: path.join(ROOT, `var/bench-territories/iris-x${COPIES}`), log }) },
  ];

  const afterFigures: AfterFigures[] = [];
  for (const set of sets) afterFigures.push(await after(set));

  log('\nBaseline: the in-memory index (packages/geodata) in a child process…');
  const bare = await before(undefined);
  const beforeFigures: InMemoryReport[] = [];
  for (const set of sets) beforeFigures.push(await before(set));

  const label = (set: DataSet) => (set.iris ? `demo + ${set.iris.units.toLocaleString('en')} IRIS` : 'demo only');
  const tileNames = TILE_NAMES;

  console.log(`\nAFTER: the server (compiled), units in the embedded database; medians of ${RESTARTS} starts\n`);
  console.log(table([
    ['data', 'import (CLI)', 'its peak RSS', 'ready', 'idle RSS', 'peak RSS', 'RSS after requests', ...tileNames.map((name) => `tile ${name}`), 'statistics (first, second)', 'population'],
    ...afterFigures.map((figures) => {
      const m = (pick: (start: StartFigures) => number) => median(figures.starts.map(pick));
      return [
        label(figures.set), figures.importMs === null ? '–' : `${(figures.importMs / 1000).toFixed(0)} s`, figures.importPeakKb === null ? '–' : mb(figures.importPeakKb),
        `${ms(m((s) => s.readyMs))} ms`, mb(m((s) => s.idleRssKb)), mb(m((s) => s.peakRssKb)), mb(m((s) => s.rssAfterKb)),
        ...tileNames.map((name) => (figures.starts[0]!.tiles[name]
          ? `${ms(m((s) => s.tiles[name]!.ms))} ms${figures.starts[0]!.tiles[name].status === 204 ? ' (204)' : ''}` : '–')),
        `${ms(m((s) => s.statisticsMs))}, ${ms(m((s) => s.secondStatisticsMs))} ms`, String(Math.round(figures.starts[0]!.population ?? NaN)),
      ];
    }),
  ]));

  console.log('\nBEFORE (baseline): the in-memory TerritoryStore + UnitTiles, in a child process of its own (node + tsx)\n');
  console.log(table([
    ['data', 'units', 'load', 'RSS loaded', 'heap loaded', 'peak RSS', 'IRIS tile index (sync)', ...tileNames.map((name) => `tile ${name}`), 'statistics', 'RSS / heap / peak at end', 'population'],
    ...[{ name: 'nothing loaded', report: bare }, ...sets.map((set, i) => ({ name: label(set), report: beforeFigures[i]! }))].map(({ name, report }) => [
      name, report.units.toLocaleString('en'), `${ms(report.loadMs)} ms`, mb(report.rssKb), mb(report.heapUsedKb), mb(report.peakRssKb),
      report.tileIndexMs === null ? '–' : `${ms(report.tileIndexMs)} ms`,
      ...tileNames.map((tile) => (report.tiles[tile] ? `${ms(report.tiles[tile].ms)} ms` : '–')),
      `${ms(report.statisticsMs)} ms`, `${mb(report.finalRssKb)} / ${mb(report.finalHeapUsedKb)} / ${mb(report.finalPeakRssKb)}`,
      String(Math.round(report.population ?? NaN)),
    ]),
  ]));

  const [demoAfter, , franceAfter] = afterFigures.map((figures) => ({
    idle: median(figures.starts.map((s) => s.idleRssKb)), peak: median(figures.starts.map((s) => s.peakRssKb)),
    ready: median(figures.starts.map((s) => s.readyMs)), tile: median(figures.starts.map((s) => s.tiles['Strasbourg z12']!.ms)),
  }));
  const [demoBefore, , franceBefore] = beforeFigures;
  const growthAfter = franceAfter!.idle - demoAfter!.idle;
  const growthBefore = franceBefore!.finalRssKb - demoBefore!.finalRssKb;
  console.log(`\nGrowth from the demo alone to ${sets[2]!.iris!.units.toLocaleString('en')} IRIS more:`);
  console.log(table([
    ['', 'before (in memory)', 'after (database)', 'after ÷ before'],
    ['resident memory', mb(growthBefore), mb(growthAfter), growthRatio(growthAfter, growthBefore)],
    ['peak resident memory', mb(franceBefore!.finalPeakRssKb - demoBefore!.finalPeakRssKb), mb(franceAfter!.peak - demoAfter!.peak),
      growthRatio(franceAfter!.peak - demoAfter!.peak, franceBefore!.finalPeakRssKb - demoBefore!.finalPeakRssKb)],
    ['V8 heap', mb(franceBefore!.finalHeapUsedKb - demoBefore!.finalHeapUsedKb), '–', ''],
    ['start (load / time to ready)', signedMs(franceBefore!.loadMs - demoBefore!.loadMs), signedMs(franceAfter!.ready - demoAfter!.ready), ''],
    ['first IRIS tile (Strasbourg z12)', `${ms(franceBefore!.tileIndexMs! + franceBefore!.tiles['Strasbourg z12']!.ms)} ms, on the event loop`, `${ms(franceAfter!.tile)} ms`, ratio(franceAfter!.tile / (franceBefore!.tileIndexMs! + franceBefore!.tiles['Strasbourg z12']!.ms))],
  ]));
}

await main();
