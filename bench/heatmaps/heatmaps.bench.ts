/**
 * `npm run bench:heatmaps`: what a heatmap tile costs against the plain outline tile of the same
 * units (GET /v2/units/{kind}/tiles, the baseline, measured in the same run on the same tiles).
 *
 * Data: the communes of Alpes-Maritimes (test-data/fr, 163 boundaries, legal populations) and the
 * IRIS of Bas-Rhin (742 boundaries, 2016 census) imported with the API's importers into a fresh
 * database: the embedded PGlite in memory by default, `--postgres` a scratch database
 * `catchment_bench_heatmaps` on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped afterwards. The server is the API's own (buildServer, one compute thread), called with
 * inject(): the same HTTP work for both kinds of tile.
 *
 * Tiles: at three zooms per sample (communes around Nice 8, 10, 12; IRIS around Strasbourg 9, 11,
 * 13), the `--side` × `--side` block (default 3) of tiles around the centre, population per km²
 * (the heatmap that costs most: the values query filters on surfaces too). Each tile is asked cold
 * (built: database cut, compute thread encode, stored) then `--repeat` (default 2) times cached;
 * outline and heatmap alternate which goes first, so that neither always finds the database's pages
 * warmed by the other. Printed per sample and zoom: p50 and p95 of each, and heatmap ÷ outline.
 * Then the legend (values of every unit of the level, class breaks in the compute thread, stored),
 * cold and cached, quantiles and natural breaks.
 *
 * Then an indicator reading businesses, "restaurants per 1,000 inhabitants" on the IRIS (the
 * SIRENE establishments of Bas-Rhin by IRIS, test-data/poi, searched by NAF 56.10A, each weighed by
 * its IRIS's share inside the unit: the costliest count per unit), on a map of an Advanced user:
 * its tiles at the IRIS zooms cold and cached, and its legend cold and cached.
 *
 * Before any of it, one tile of each route far from the samples starts the compute thread.
 *
 *   npm run bench:heatmaps [-- --side 5 --repeat 3 --postgres]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TERRITORY_IMPORTERS } from '@catchment/geodata';
import { loadConfig } from '../../apps/api/src/config.js';
import { createContext, type AppContext } from '../../apps/api/src/context.js';
import { openDatabase, type DatabaseHandle } from '../../apps/api/src/db/database.js';
import { migrate } from '../../apps/api/src/db/migrate.js';
import { importSireneFiles } from '../../apps/api/src/poi/data/poi-import.js';
import { buildServer } from '../../apps/api/src/server.js';
import { importTerritories } from '../../apps/api/src/territories/data/territory-import.js';
import { scratchPostgres } from '../load/server-process.js';
import { argument } from '../arguments.js';
import { ms, percentile, ratio, table } from '../stats.js';

const SIDE = Number(argument('--side') ?? 3);
const REPEAT = Number(argument('--repeat') ?? 2);
const ON_POSTGRES = process.argv.includes('--postgres');
const ROOT = path.resolve(import.meta.dirname, '../..');
const SAMPLES = path.join(ROOT, 'test-data/fr');

interface Sample { name: string; kind: 'fr_cities' | 'fr_iris'; importer: string; files: string[]; centre: [number, number]; zooms: number[] }

const SAMPLES_MEASURED: Sample[] = [
  {
    name: 'communes 06', kind: 'fr_cities', importer: 'fr-communes', centre: [7.262, 43.71], zooms: [8, 10, 12],
    files: ['communes-06-alpes-maritimes.geojson', 'population-communes-06-alpes-maritimes.csv'],
  },
  {
    name: 'IRIS 67', kind: 'fr_iris', importer: 'fr-iris', centre: [7.7521, 48.5734], zooms: [9, 11, 13],
    files: ['iris-67-bas-rhin.geojson', 'population-iris-67-bas-rhin-2016.csv'],
  },
];

interface Address { z: number; x: number; y: number }

function tileAt([lng, lat]: [number, number], z: number): Address {
  const side = 2 ** z;
  const radians = (lat * Math.PI) / 180;
  return { z, x: Math.floor(((lng + 180) / 360) * side), y: Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * side) };
}

/** The SIDE × SIDE tiles around the centre's. */
function block(centre: [number, number], z: number): Address[] {
  const middle = tileAt(centre, z);
  const first = -Math.floor(SIDE / 2);
  return Array.from({ length: SIDE * SIDE }, (_, i) => ({ z, x: middle.x + first + (i % SIDE), y: middle.y + first + Math.floor(i / SIDE) }));
}

async function timed(app: FastifyInstance, url: string, cookie?: string): Promise<number> {
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200 && response.statusCode !== 204) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return elapsed;
}

const heatmapQuery = (kind: string, extra = '') => `country=fr&measure=population&adminDivision=${kind}&densityMode=density${extra}`;

const SIRENE_67 = path.join(ROOT, 'test-data/poi/sirene-etablissements-67-bas-rhin-by-iris.csv');

/** A call as the user of `cookie` that must succeed; its JSON answer. */
async function posted(app: FastifyInstance, cookie: string, url: string, payload: unknown): Promise<{ id: number | string }> {
  const response = await app.inject({ method: 'POST', url: `/api${url}`, headers: { cookie }, payload: payload as object });
  if (response.statusCode !== 201) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** An Advanced user's map with the indicator "restaurants per 1,000 inhabitants" (SIRENE's NAF 56.10A); its map id, indicator id and cookie. */
async function restaurantsIndicator(app: FastifyInstance, ctx: AppContext): Promise<{ mapId: number | string; metricId: number | string; cookie: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const signUp = await app.inject({ method: 'POST', url: '/api/Clients', payload: { email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace', acceptTerms: true } });
  const session = signUp.cookies.find((cookie) => cookie.name === 'session');
  if (signUp.statusCode !== 201 || !session) throw new Error(`sign-up answered ${signUp.statusCode}: ${signUp.body}`);
  await ctx.clients.setPlan(email, 'advanced_2024', null);
  const cookie = `session=${session.value}`;
  const map = await posted(app, cookie, '/v2/maps', {});
  const search = await posted(app, cookie, `/v2/maps/${map.id}/searches`, { datasetName: 'fr_institutions', nafCodes: ['56.10A'] });
  const metric = await posted(app, cookie, `/v2/maps/${map.id}/metrics`, {
    name: 'Restaurants per 1,000 inhabitants',
    formula: [
      { type: 'measure', measure: { source: 'poi', searchId: String(search.id) } }, { type: 'operator', value: '*' }, { type: 'value', value: 1000 },
      { type: 'operator', value: '/' }, { type: 'measure', measure: { source: 'census', key: 'population' } },
    ],
  });
  return { mapId: map.id, metricId: metric.id, cookie };
}

async function main(): Promise<void> {
  const scratch = ON_POSTGRES ? await scratchPostgres(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'catchment_bench_heatmaps') : undefined;
  if (typeof scratch === 'string') throw new Error(scratch);
  const work = mkdtempSync(path.join(tmpdir(), 'catchment-bench-heatmaps-'));
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let compute: { close(): Promise<void> } | undefined;
  try {
    database = await openDatabase(scratch ? { databaseUrl: scratch.url } : {});
    await migrate(database);
    for (const sample of SAMPLES_MEASURED) {
      const started = performance.now();
      await importTerritories(database.db, TERRITORY_IMPORTERS[sample.importer]!, sample.files.map((file) => path.join(SAMPLES, file)), { scratchDir: work });
      console.log(`Imported ${sample.name} in ${ms(performance.now() - started)} ms`);
    }
    const config = { ...loadConfig({ DATA_DIR: path.join(work, 'var'), COMPUTE_WORKERS: '1' }), databaseUrl: scratch?.url };
    const ctx = createContext(config, database);
    compute = ctx.compute;
    app = await buildServer(ctx, { rateLimits: false });
    await app.ready();
    // The compute thread starts with the first tile: not on a measured one.
    await timed(app, '/api/v2/units/fr_cities/tiles/10/0/0.pbf');
    await timed(app, `/api/v2/measures/census/heatmap/tiles/10/0/0.pbf?${heatmapQuery('fr_cities')}`);
    console.log(`\nTiles on ${scratch ? 'PostgreSQL' : 'PGlite'}: ${SIDE}×${SIDE} per zoom, population per km², cached ${REPEAT}× each; ms\n`);
    const rows = [['sample', 'zoom', 'outline cold p50/p95', 'heatmap cold p50/p95', 'cold ratio p50', 'outline cached p50/p95', 'heatmap cached p50/p95', 'cached ratio p50']];
    for (const sample of SAMPLES_MEASURED) {
      for (const z of sample.zooms) {
        const outlineUrl = ({ x, y }: Address) => `/api/v2/units/${sample.kind}/tiles/${z}/${x}/${y}.pbf`;
        const heatmapUrl = ({ x, y }: Address) => `/api/v2/measures/census/heatmap/tiles/${z}/${x}/${y}.pbf?${heatmapQuery(sample.kind)}`;
        const times = { outlineCold: [] as number[], heatmapCold: [] as number[], outlineCached: [] as number[], heatmapCached: [] as number[] };
        const tiles = block(sample.centre, z);
        for (const [i, tile] of tiles.entries()) {
          // Alternate who goes first: the second finds the database's pages warm.
          if (i % 2 === 0) {
            times.outlineCold.push(await timed(app, outlineUrl(tile)));
            times.heatmapCold.push(await timed(app, heatmapUrl(tile)));
          } else {
            times.heatmapCold.push(await timed(app, heatmapUrl(tile)));
            times.outlineCold.push(await timed(app, outlineUrl(tile)));
          }
        }
        for (let round = 0; round < REPEAT; round++) {
          for (const tile of tiles) {
            times.outlineCached.push(await timed(app, outlineUrl(tile)));
            times.heatmapCached.push(await timed(app, heatmapUrl(tile)));
          }
        }
        const pair = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))}`;
        rows.push([sample.name, String(z), pair(times.outlineCold), pair(times.heatmapCold), ratio(percentile(times.heatmapCold, 50) / percentile(times.outlineCold, 50)),
          pair(times.outlineCached), pair(times.heatmapCached), ratio(percentile(times.heatmapCached, 50) / percentile(times.outlineCached, 50))]);
      }
    }
    console.log(table(rows));
    console.log('\nLegends (values of every unit of the level in France, class breaks, stored); ms\n');
    const legendRows = [['sample', 'classification', 'cold', 'cached p50 (10 calls)']];
    for (const sample of SAMPLES_MEASURED) {
      for (const classification of ['quantile', 'jenks']) {
        const url = `/api/v2/measures/census/heatmap/legend?${heatmapQuery(sample.kind, `&classification=${classification}&classes=7`)}`;
        const cold = await timed(app, url);
        const cached: number[] = [];
        for (let i = 0; i < 10; i++) cached.push(await timed(app, url));
        legendRows.push([sample.name, classification, ms(cold), ms(percentile(cached, 50))]);
      }
    }
    console.log(table(legendRows));

    const started = performance.now();
    await importSireneFiles(database.db, [SIRENE_67]);
    console.log(`\nImported the SIRENE establishments of Bas-Rhin by IRIS in ${ms(performance.now() - started)} ms`);
    const { mapId, metricId, cookie } = await restaurantsIndicator(app, ctx);
    const iris = SAMPLES_MEASURED.find((sample) => sample.kind === 'fr_iris')!;
    const indicatorQuery = `country=fr&metricId=${metricId}&adminDivision=fr_iris&densityMode=raw`;
    console.log(`\nAn indicator reading businesses: restaurants per 1,000 inhabitants on the IRIS, ${SIDE}×${SIDE} tiles per zoom, cached ${REPEAT}× each; ms\n`);
    const indicatorRows = [['zoom', 'cold p50/p95', 'cached p50/p95']];
    for (const z of iris.zooms) {
      const url = ({ x, y }: Address) => `/api/v2/maps/${mapId}/heatmap/tiles/${z}/${x}/${y}.pbf?${indicatorQuery}`;
      const tiles = block(iris.centre, z);
      const cold: number[] = [];
      const cached: number[] = [];
      for (const tile of tiles) cold.push(await timed(app, url(tile), cookie));
      for (let round = 0; round < REPEAT; round++) for (const tile of tiles) cached.push(await timed(app, url(tile), cookie));
      indicatorRows.push([String(z), `${ms(percentile(cold, 50))} / ${ms(percentile(cold, 95))}`, `${ms(percentile(cached, 50))} / ${ms(percentile(cached, 95))}`]);
    }
    console.log(table(indicatorRows));
    const legendUrl = `/api/v2/maps/${mapId}/heatmap/legend?${indicatorQuery}`;
    const legendCold = await timed(app, legendUrl, cookie);
    const legendCached: number[] = [];
    for (let i = 0; i < 10; i++) legendCached.push(await timed(app, legendUrl, cookie));
    console.log(`\nIts legend: cold ${ms(legendCold)} ms, cached p50 ${ms(percentile(legendCached, 50))} ms (10 calls)`);
  } finally {
    await app?.close();
    await compute?.close();
    await database?.close();
    await scratch?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
