/**
 * `npm run bench:indicators`: the values of a map's indicators for 50 areas (POST
 * /api/v2/maps/{id}/metrics/compute) against the census figures of the same 50 areas (POST
 * …/measures/compute), the call the indicators' census measures come from, in the same run.
 *
 * The API's context and routes in this process, driven with inject() (no socket: both calls pay the
 * same framework costs), on the embedded PGlite kept in var/bench-indicators/db between runs (the
 * demo data and the Monaco POIs are loaded once), or with BENCH_DATABASE=postgres on a scratch
 * database `catchment_bench_indicators` of BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 *
 * Areas: 50 seeded circles of 1 to 5 km around towns of Alpes-Maritimes (the demo's census) and
 * Monaco (the POIs of test-data/osm/monaco.osm.pbf). Indicators (6): population; the share of
 * people aged 75 or more; residents per restaurant (a search of the map); twice the population (an
 * indicator reading another); 0–29 year-olds; revenue per row of a 500-row dataset on the map.
 * Each call is made once (the baseline first: it computes the census figures, kept by the area's
 * hash as in the app), then --runs times (default 10) in turn. Besides ours with all six, the four
 * census-only indicators (what the formulas add to the census call) and the search's count and the
 * dataset's sum alone (what the other sources cost). Printed: the first call, p50 and p95, and
 * p50 ÷ the baseline's.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { InjectOptions } from 'fastify';
import { circlePolygon, type FormulaToken } from '@catchment/domain';
import { demoTerritoryDirectory, ensureDemoData } from '@catchment/geodata';
import { loadConfig } from '../../apps/api/src/config.js';
import { createContext } from '../../apps/api/src/context.js';
import { ColumnCounter } from '../../apps/api/src/datasets/column-counts.js';
import { DatasetsRepository } from '../../apps/api/src/datasets/datasets.repository.js';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { migrate } from '../../apps/api/src/db/migrate.js';
import { listPoiDatasets } from '../../apps/api/src/poi/data/poi-loader.js';
import { importOsmPoiExtract } from '../../apps/api/src/poi/data/poi-import.js';
import { buildServer } from '../../apps/api/src/server.js';
import { loadTerritoryFiles } from '../../apps/api/src/territories/data/territory-files.js';
import { argument } from '../arguments.js';
import { scratchPostgres } from '../load/server-process.js';
import { ms, percentile, ratio, seededRandom, table } from '../stats.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DATA_DIR = path.join(ROOT, 'var/bench-indicators');
const RUNS = Number(argument('--runs') ?? 10);
const AREAS = 50;
const log = (line: string) => console.log(line);

const TOWNS: [number, number][] = [
  [7.262, 43.7102], [7.125, 43.581], [7.017, 43.552], [6.924, 43.659], [7.497, 43.775], [7.149, 43.664], [7.19, 43.673],
  [7.423, 43.743], [7.46, 43.76], [7.314, 43.742], [7.42, 43.735], [7.112, 43.722],
];

const usePostgres = process.env.BENCH_DATABASE === 'postgres';
const scratch = usePostgres ? await scratchPostgres(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'catchment_bench_indicators') : undefined;
if (typeof scratch === 'string') throw new Error(scratch);
mkdirSync(DATA_DIR, { recursive: true });
const config = { ...loadConfig({ DATA_DIR, LOG_LEVEL: 'warn', DATABASE_URL: scratch?.url ?? '' }, ROOT) };
log(`Opening the ${usePostgres ? 'PostgreSQL scratch' : 'embedded'} database (the first run loads the demo data)…`);
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(DATA_DIR, 'db') });
await migrate(database);
const demo = await ensureDemoData({ dataDir: config.dataDir });
await loadTerritoryFiles(database.db, [demoTerritoryDirectory(config.dataDir)], () => {});
if (!(await listPoiDatasets(database.db)).some((dataset) => dataset.id.includes('monaco'))) {
  await importOsmPoiExtract(database.db, path.join(ROOT, 'test-data/osm/monaco.osm.pbf'), { scratchDir: DATA_DIR });
}
const ctx = createContext(config, database, demo);
const app = await buildServer(ctx, { rateLimits: false });
await app.ready();

/** A request, tried again while the server says it is busy (503: on a loaded machine, right after the data's load). */
async function inject(options: InjectOptions) {
  for (let attempt = 1; ; attempt += 1) {
    const response = await app.inject(options);
    if (response.statusCode !== 503 || attempt === 10) return response;
    await sleep(2_000);
  }
}

async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload: unknown, expected: number): Promise<T> {
  const response = await inject({ method, url: `/api${url}`, headers: { cookie }, payload: payload as InjectOptions['payload'] });
  if (response.statusCode !== expected) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
  return (response.body ? response.json() : undefined) as T;
}

// An ADVANCED user, a map of 50 areas, a search, a dataset and six indicators.
const email = `bench-indicators-${randomUUID()}@example.com`;
const signUp = await inject({ method: 'POST', url: '/api/Clients', payload: { email, password: 'correct horse battery staple', firstName: 'Bench', lastName: 'Indicators', acceptTerms: true } });
if (signUp.statusCode !== 201) throw new Error(`sign-up: ${signUp.statusCode} ${signUp.body}`);
const cookie = `session=${signUp.cookies.find((item) => item.name === 'session')!.value}`;
const clientId = (signUp.json() as { id: number }).id;
await ctx.clients.setPlan(email, 'advanced_2024', null);

const map = await call<{ id: number }>('POST', '/v2/maps', cookie, { title: 'Bench indicators' }, 201);
const folderId = randomUUID();
await call('PUT', `/v2/maps/${map.id}/folders/${folderId}`, cookie, { label: 'Areas' }, 201);
const random = seededRandom(2026);
const areas = Array.from({ length: AREAS }, (_, i) => {
  const [lng, lat] = TOWNS[i % TOWNS.length]!;
  const centre: [number, number] = [lng + (random() - 0.5) * 0.02, lat + (random() - 0.5) * 0.02];
  return { uuid: randomUUID(), isoMode: 'polygon', label: `Area ${i + 1}`, geometry: circlePolygon(centre, 1_000 + random() * 4_000) };
});
await call('POST', `/v2/maps/${map.id}/folders/${folderId}/areas/bulk`, cookie, { areas }, 201);
const areaIds = areas.map((area) => area.uuid);

const search = await call<{ id: number }>('POST', `/v2/maps/${map.id}/searches`, cookie, { datasetName: 'mc_osm_poi', categories: ['amenity=restaurant'] }, 201);
const datasets = new DatasetsRepository(database.db);
const rows = Array.from({ length: 500 }, (_, i) => {
  const [lng, lat] = TOWNS[i % TOWNS.length]!;
  return { rowNumber: i + 1, cells: [`Site ${i}`, String(Math.round(random() * 100_000))], position: { lng: lng + (random() - 0.5) * 0.05, lat: lat + (random() - 0.5) * 0.05 }, precision: 'coordinates' as const };
});
const dataset = await datasets.create({ clientId, name: 'Sites', color: '#e6194b', source: 'file', columns: ['name', 'revenue'], operationColumn: 'revenue', rowCount: rows.length });
await datasets.insertRows(dataset.id, rows);
await datasets.finish(dataset.id, { pointCount: rows.length, notGeocodedCount: 0, precisions: { coordinates: rows.length }, columnCounts: new ColumnCounter(2).add(rows).result() });
await call('POST', `/v2/maps/${map.id}/datasets/bulk`, cookie, { datasets: [{ datasetId: dataset.id }] }, 201);

const census = (key: string): FormulaToken => ({ type: 'measure', measure: { source: 'census', key } });
const op = (value: '+' | '-' | '*' | '/'): FormulaToken => ({ type: 'operator', value });
const restaurants: FormulaToken = { type: 'measure', measure: { source: 'poi', searchId: String(search.id) } };
const create = (name: string, formula: FormulaToken[]) => call<{ id: string }>('POST', `/v2/maps/${map.id}/metrics`, cookie, { name, formula }, 201);
const population = await create('Population', [census('population')]);
const elderly = await create('Aged 75 or more (%)', [census('population_75p'), op('/'), census('population'), op('*'), { type: 'value', value: 100 }]);
await create('Residents per restaurant', [census('population'), op('/'), restaurants]);
const twice = await create('Twice the population', [{ type: 'measure', measure: { source: 'metric', metricId: population.id } }, op('*'), { type: 'value', value: 2 }]);
const young = await create('Aged 0 to 29', [census('population_0014'), op('+'), census('population_1529')]);
await create('Revenue per site', [
  { type: 'measure', measure: { source: 'client_dataset', datasetId: String(dataset.id), method: 'sum', column: 'revenue' } }, op('/'),
  { type: 'measure', measure: { source: 'client_dataset', datasetId: String(dataset.id), method: 'count' } },
]);

// The count and aggregation calls take 20 polygons at most (SEARCH_COUNT_MAX_POLYGONS): 3 calls at once, as the app makes them.
const polygonChunks = [0, 20, 40].map((start) => areas.slice(start, start + 20).map((area) => area.geometry));
const eachChunk = (url: string, body: Record<string, unknown>) => () => Promise.all(polygonChunks.map((polygons) => call('POST', url, cookie, { ...body, polygons }, 200)));
/** The calls timed, the baseline first; each answers for the same 50 areas. */
const CALLS: [string, () => Promise<unknown>][] = [
  ['measures/compute (baseline)', () => call('POST', `/v2/maps/${map.id}/measures/compute`, cookie, { areaIds }, 200)],
  ['metrics/compute, all 6 (ours)', () => call('POST', `/v2/maps/${map.id}/metrics/compute`, cookie, { areaIds }, 200)],
  ['metrics/compute, the 4 of census only', () => call('POST', `/v2/maps/${map.id}/metrics/compute`, cookie, { areaIds, metricIds: [population.id, elderly.id, twice.id, young.id] }, 200)],
  ['searches/{id}/count (the search alone)', eachChunk(`/v2/maps/${map.id}/searches/${search.id}/count`, {})],
  ['datasets/{id}/aggregation sum (alone)', eachChunk(`/v2/maps/${map.id}/datasets/${dataset.id}/aggregation`, { aggregateMethod: 'sum' })],
];
const timed = async (work: () => Promise<unknown>) => { const started = performance.now(); await work(); return performance.now() - started; };

log('Warming up (census figures of the 50 areas computed once, then cached as in the app)…');
const first: number[] = [];
for (const [, work] of CALLS) first.push(await timed(work));
const samples: number[][] = CALLS.map(() => []);
for (let run = 0; run < RUNS; run += 1) for (const [i, [, work]] of CALLS.entries()) samples[i]!.push(await timed(work));

const baselineP50 = percentile(samples[0]!, 50);
log(`\n${AREAS} areas, 6 indicators (census, a search, a dataset, an indicator of an indicator), ${RUNS} runs; ${usePostgres ? 'PostgreSQL' : 'PGlite'}, ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(1)}`);
log(table([
  ['call', 'first (ms)', 'p50 (ms)', 'p95 (ms)', 'p50 ÷ baseline'],
  ...CALLS.map(([name], i) => [name, ms(first[i]!), ms(percentile(samples[i]!, 50)), ms(percentile(samples[i]!, 95)), ratio(percentile(samples[i]!, 50) / baselineP50)]),
]));

await app.close();
await ctx.compute.close();
await database.close();
if (scratch) await scratch.drop();
