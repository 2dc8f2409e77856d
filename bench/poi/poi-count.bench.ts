/**
 * `npm run bench:poi`: how many of a business search's points lie in an area, counted the way the
 * API does it against PostGIS (GiST index, ST_Intersects) on the same rows of the same PostgreSQL
 * database, in the same run; and what the importers cost.
 *
 * Data, in a scratch database `catchment_bench_poi` on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; PostGIS must be installed; dropped afterwards unless
 * `--keep`), migrated like the API's:
 * 1. Real imports: the five OpenStreetMap extracts of test-data/osm through the osm-pois importer,
 *    and the 81,921 SIRENE establishments of Bas-Rhin placed by IRIS through the sirene importer
 *    (with the fr-iris boundaries they weigh by) (timed: items per second, the process's peak memory).
 * 2. A scale test, said so: `--points` (default 3,000,000) points made by replicating the real
 *    positioned ones into a catalogue `fr_osm_poi`: copies of all of them on a square grid of
 *    centres around Strasbourg (as many copies as the count needs), each point moved by its
 *    extract's offset to the centre plus a seeded uniform jitter of ±0.02° (about ±2 km) in each
 *    axis, with its categories and tags kept. The centres are spaced so that the region holds 22
 *    points per km², France's density of establishments (12 M over 550,000 km²): 3 M points cover
 *    a square of about 370 km. Loaded with the API's POI loader (timed).
 *
 * Areas: `--areas` (default 100, plus 5 warm-up ones not counted) seeded isochrone-like polygons
 * (96 points, the radius varying with the bearing between 55 % and 100 %): on the real data radius
 * 2 to 15 km around the extracts' centres (Strasbourg for SIRENE); on the scale data radius 15 to
 * 35 km (a 30-minute drive) within the replicated region.
 * For establishments placed by IRIS the baseline is the PostGIS query of each IRIS's share of the
 * area (ST_CoveredBy first, else ST_Intersection), its sum rounded as the API rounds.
 *
 * Searches: every business of the catalogue (the most points a search can count) and restaurants
 * (a category of the tree).
 * Ours: PoiCounts.count, what the API's count routes call, with one compute thread: the data
 * versions (kept by the process between counts while PostgreSQL announces no change, as the API
 * does on PostgreSQL: count-versions-cache.ts; else one query), then the count in the API process when the work is tiny and its cells
 * are held there (inline-count-rule.ts), else in the thread. Timed the first time a search is
 * counted in an area (the thread may read cells of the region it does not hold yet) and again
 * (held). Broken down: the versions' query alone, and the thread's round trip alone
 * (ComputePool.poiCounts, the cells held). Baseline: the faster of two PostGIS queries at each
 * percentile (the plain ST_Intersects of the points' GiST index, and the area cut by ST_Subdivide
 * first). Printed: p50 and p95 of each, PostGIS ÷ ours, and how many counts differ (must be none).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { AreaGeometry, SearchFilter } from '@catchment/domain';
import { TERRITORY_IMPORTERS, type PoiItem } from '@catchment/geodata';
import type { DatabaseHandle } from '../../apps/api/src/db/database.js';
import { countVersions } from '../../apps/api/src/poi/count/count-versions.repository.js';
import { PoiCounts } from '../../apps/api/src/poi/count/poi-counts.js';
import { CountVersionsCache, DATA_VERSIONS_CHANNEL } from '../../apps/api/src/poi/count/count-versions-cache.js';
import { PgChannelListener } from '../../apps/api/src/db/pg-channel-listener.js';
import { poiFilterWhere } from '../../apps/api/src/poi/count/poi-filter.js';
import { importOsmPoiExtract, importSireneFiles } from '../../apps/api/src/poi/data/poi-import.js';
import { importTerritories } from '../../apps/api/src/territories/data/territory-import.js';
import { loadPoiDataset } from '../../apps/api/src/poi/data/poi-loader.js';
import { withScratchBench, type ScratchBench } from '../scratch-database.js';
import type { ComputePool } from '../../apps/api/src/compute/compute-pool.js';
import { ms, percentile, ratio, seededRandom, table } from '../stats.js';
import { isochroneLike } from '../isochrone-like.js';
import { argument } from '../arguments.js';

const AREAS = Number(argument('--areas') ?? 100);
const POINTS = Number(argument('--points') ?? 3_000_000);
const KEEP = process.argv.includes('--keep');
const WARM_UP = 5;
const BENCH_DATABASE = 'catchment_bench_poi';
const ROOT = path.resolve(import.meta.dirname, '../..');
const EXTRACTS = ['andorra.osm.pbf', 'liechtenstein-2013-08-03.osm.pbf', 'monaco.osm.pbf', 'north-bayreuth.osm.pbf', 'rnv-mannheim-heidelberg.osm.pbf'];
const STRASBOURG: [number, number] = [7.7521, 48.5734];
/** France's density of establishments: 12 M over 550,000 km². */
const POINTS_PER_KM2 = 22;
const JITTER = 0.02;
const KM_PER_DEGREE = 111.32;

/** The grid the copies' centres sit on: copies of `perCopy` points spaced for POINTS_PER_KM2 overall. */
function copyGrid(perCopy: number, count: number): { side: number; dx: number; dy: number } {
  const spacingKm = Math.sqrt(perCopy / POINTS_PER_KM2);
  return {
    side: Math.ceil(Math.sqrt(count / perCopy)),
    dx: spacingKm / (KM_PER_DEGREE * Math.cos((STRASBOURG[1] * Math.PI) / 180)),
    dy: spacingKm / KM_PER_DEGREE,
  };
}

type Db = DatabaseHandle['db'];

/** A search's condition as SQL text with its parameters ($1…), then the area as the next one. */
function withFilter(db: Db, filter: SearchFilter, area: AreaGeometry): { where: string; areaParam: string; values: unknown[] } {
  const compiled = poiFilterWhere(filter).compile(db);
  return { where: compiled.sql, areaParam: `$${compiled.parameters.length + 1}`, values: [...compiled.parameters, JSON.stringify(area)] };
}

/**
 * The PostGIS formulations of a count, each through its own connection as an unnamed statement
 * (planned for each area); the bench takes the faster at each percentile.
 */
const BASELINES: Record<string, (peer: pg.Client, db: Db, filter: SearchFilter, area: AreaGeometry) => Promise<number>> = {
  'ST_Intersects (GiST)': async (peer, db, filter, area) => {
    const { where, areaParam, values } = withFilter(db, filter, area);
    const { rows } = await peer.query<{ n: number }>(`SELECT count(*)::int AS n FROM live_poi_items i
      WHERE ${where} AND ST_Intersects(i.position, ST_SetSRID(ST_GeomFromGeoJSON(${areaParam}), 4326))`, values);
    return rows[0]!.n;
  },
  'ST_Subdivide area, then ST_Intersects': async (peer, db, filter, area) => {
    const { where, areaParam, values } = withFilter(db, filter, area);
    const { rows } = await peer.query<{ n: number }>(`
      WITH parts AS (SELECT ST_Subdivide(ST_SetSRID(ST_GeomFromGeoJSON(${areaParam}), 4326), 64) AS g)
      SELECT count(DISTINCT i.id)::int AS n FROM parts p JOIN live_poi_items i ON ST_Intersects(p.g, i.position)
      WHERE ${where}`, values);
    return rows[0]!.n;
  },
};

/** The same for establishments placed by their IRIS: the API's former query (each IRIS's share, ST_CoveredBy first), rounded. */
const IRIS_BASELINES: typeof BASELINES = {
  'IRIS shares (GiST, CoveredBy, ST_Intersection)': async (peer, db, filter, area) => {
    const { where, areaParam, values } = withFilter(db, filter, area);
    const { rows } = await peer.query<{ n: number }>(`
      WITH area AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON(${areaParam}), 4326) AS g)
      SELECT coalesce(sum(m.n * CASE WHEN ST_CoveredBy(u.geometry, area.g) THEN 1
               ELSE ST_Area(ST_Intersection(u.geometry, area.g)) / ST_Area(u.geometry) END), 0)::float8 AS n
      FROM (SELECT i.iris, count(*) AS n FROM live_poi_items i WHERE ${where} AND i.position IS NULL GROUP BY i.iris) m
      JOIN live_territory_units u ON u.kind = 'fr_iris' AND u.code = m.iris AND NOT u.is_point AND u.area_m2 > 0, area
      WHERE ST_Intersects(u.geometry, area.g)`, values);
    return Math.round(rows[0]!.n);
  },
};

interface Sample { first: number; again: number; versions: number; thread: number; peers: number[]; points: number; differs: boolean; inline: boolean }

/** Samples the process's resident memory while `work` runs: its peak, in MB. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number; seconds: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 25);
  const started = performance.now();
  try {
    const result = await work();
    return { result, peakMb: Math.max(peak, process.memoryUsage().rss) / 1024 / 1024, seconds: (performance.now() - started) / 1000 };
  } finally {
    clearInterval(timer);
  }
}

interface RealPoint { catalogue: string; categories: string[]; tags: string[]; name: string | null; x: number; y: number }

/** The replicated points (see the header): copies of the real ones around Strasbourg, jittered. */
async function* replicated(real: readonly RealPoint[], count: number): AsyncGenerator<PoiItem> {
  const random = seededRandom(2024);
  const centroids = new Map<string, [number, number]>();
  for (const catalogue of new Set(real.map((point) => point.catalogue))) {
    const own = real.filter((point) => point.catalogue === catalogue);
    centroids.set(catalogue, [own.reduce((s, p) => s + p.x, 0) / own.length, own.reduce((s, p) => s + p.y, 0) / own.length]);
  }
  const grid = copyGrid(real.length, count);
  let made = 0;
  for (let copy = 0; made < count; copy += 1) {
    const centre = copyCentre(copy, grid);
    for (const point of real) {
      if (made >= count) return;
      const [cx, cy] = centroids.get(point.catalogue)!;
      const x = point.x - cx + centre[0] + (random() * 2 - 1) * JITTER;
      const y = point.y - cy + centre[1] + (random() * 2 - 1) * JITTER;
      made += 1;
      yield {
        catalogue: 'fr_osm_poi', ref: `c${made}`, name: point.name, categories: point.categories, tags: point.tags, naf: null, headcount: null,
        brand: null, address: null, openingHours: null, website: null, details: {}, country: 'fr', position: [x, y], iris: null,
      };
    }
  }
}

function copyCentre(copy: number, { side, dx, dy }: ReturnType<typeof copyGrid>): [number, number] {
  return [STRASBOURG[0] + ((copy % side) - (side - 1) / 2) * dx, STRASBOURG[1] + (Math.floor(copy / side) - (side - 1) / 2) * dy];
}

async function measure(
  label: string, ours: Ours, db: Db, peer: pg.Client, searches: [string, SearchFilter][], areas: AreaGeometry[], baselines = BASELINES,
): Promise<void> {
  for (const [name, filter] of searches) {
    const samples: Sample[] = [];
    for (const [i, area] of areas.entries()) {
      const started = performance.now();
      const [first] = await ours.counts.count(filter, [area]);
      const firstMs = performance.now() - started;
      const inlineBefore = ours.counts.made.inline;
      const againStarted = performance.now();
      const [again] = await ours.counts.count(filter, [area]);
      const againMs = performance.now() - againStarted;
      const inline = ours.counts.made.inline > inlineBefore;
      // The parts: the versions' query, and the thread's round trip (its cells held) as larger work takes it.
      const versionsStarted = performance.now();
      const versions = await countVersions(db);
      const versionsMs = performance.now() - versionsStarted;
      const threadStarted = performance.now();
      const { counts: [threaded] } = await ours.compute.poiCounts([area], { filter, ...versions });
      const threadMs = performance.now() - threadStarted;
      const peers: number[] = [];
      let differs = first!.count !== again!.count || threaded!.count !== first!.count;
      for (const baseline of Object.values(baselines)) {
        const peerStarted = performance.now();
        const expected = await baseline(peer, db, filter, area);
        peers.push(performance.now() - peerStarted);
        if (expected !== first!.count) differs = true;
      }
      if (i >= WARM_UP) samples.push({ first: firstMs, again: againMs, versions: versionsMs, thread: threadMs, peers, points: first!.count, differs, inline });
    }
    const q = (pick: (sample: Sample) => number, at: number) => percentile(samples.map(pick), at);
    const best = (at: number) => Math.min(...Object.keys(baselines).map((_, b) => q((s) => s.peers[b]!, at)));
    const row = (way: string, pick: (sample: Sample) => number, compared = true) =>
      [way, ms(q(pick, 50)), ms(q(pick, 95)), compared ? ratio(best(50) / q(pick, 50)) : '', compared ? ratio(best(95) / q(pick, 95)) : ''];
    console.log(`\n${label}: ${name}, ${samples.length} areas, ${q((s) => s.points, 50).toLocaleString('en')} counted in the median area (target: PostGIS ÷ ours ≥ 10× at p50, identical counts)\n`);
    console.log(table([
      ['way', 'p50 ms', 'p95 ms', 'best PostGIS ÷ this p50', 'p95'],
      row('ours (PoiCounts.count), the region held', (s) => s.again),
      row('ours, first count of the search in the area', (s) => s.first),
      row('  part: the data versions (one query)', (s) => s.versions, false),
      row('  part: the compute thread, the region held', (s) => s.thread, false),
      ...Object.keys(baselines).map((baseline, b) => row(`PostGIS: ${baseline}`, (s) => s.peers[b]!, false)),
    ]));
    console.log(`held counts made in the API process, not a thread: ${samples.filter((s) => s.inline).length} of ${samples.length}`);
    console.log(`counts that differ from PostGIS's (or between our ways): ${samples.filter((s) => s.differs).length} of ${samples.length}`);
  }
}

/** What the API's count routes call (one instance for the run, as one API process), and its compute pool. */
interface Ours { counts: PoiCounts; compute: ComputePool }

/** Seeded areas (warm-up ones first): centres from `centres`, radius between the bounds. */
function areasIn(centres: (random: () => number) => [number, number], radiusKm: [number, number], seed: number): AreaGeometry[] {
  const random = seededRandom(seed);
  return Array.from({ length: AREAS + WARM_UP }, () => isochroneLike(centres(random), (radiusKm[0] + random() * (radiusKm[1] - radiusKm[0])) * 1000, random));
}

async function main({ database, compute, peer, work }: ScratchBench): Promise<void> {
  const db = database.db;
  // As an API process on PostgreSQL: the data versions kept until the database announces a change.
  const listener = await PgChannelListener.start(database.connection, { channel: DATA_VERSIONS_CHANNEL, applicationName: 'catchment-bench-versions' });
  try {
    await measureAll(database, compute, peer, work, { counts: new PoiCounts(db, compute, new CountVersionsCache(db, listener)), compute });
  } finally {
    await listener.close();
  }
}

async function measureAll(database: DatabaseHandle, compute: ComputePool, peer: pg.Client, work: string, ours: Ours): Promise<void> {
  const db = database.db;
  console.log('Importers\n');
  const rows: string[][] = [['import', 'points', 'seconds', 'points/s', 'file MB/s', 'peak RSS MB']];
  for (const extract of EXTRACTS) {
    const file = path.join(ROOT, 'test-data/osm', extract);
    const { result, peakMb, seconds } = await withPeakMemory(() => importOsmPoiExtract(db, file, { scratchDir: work }));
    rows.push([`osm-pois ${extract}`, result.loaded.items.toLocaleString('en'), seconds.toFixed(1), Math.round(result.loaded.items / seconds).toLocaleString('en'),
      (statSync(file).size / 1024 / 1024 / seconds).toFixed(1), peakMb.toFixed(0)]);
  }
  const sireneFile = path.join(ROOT, 'test-data/poi/sirene-etablissements-67-bas-rhin-by-iris.csv');
  await importTerritories(db, TERRITORY_IMPORTERS['fr-iris']!, [path.join(ROOT, 'test-data/fr/iris-67-bas-rhin.geojson'), path.join(ROOT, 'test-data/fr/population-iris-67-bas-rhin-2016.csv')], { scratchDir: work });
  const sirene = await withPeakMemory(() => importSireneFiles(db, [sireneFile]));
  const establishments = sirene.result.reduce((n, result) => n + result.loaded.items, 0);
  rows.push(['sirene (by IRIS, Bas-Rhin)', establishments.toLocaleString('en'), sirene.seconds.toFixed(1), Math.round(establishments / sirene.seconds).toLocaleString('en'),
    (statSync(sireneFile).size / 1024 / 1024 / sirene.seconds).toFixed(1), sirene.peakMb.toFixed(0)]);
  const real = (await peer.query<RealPoint>(`
    SELECT catalogue, categories, tags, name, ST_X(position) AS x, ST_Y(position) AS y FROM live_poi_items WHERE position IS NOT NULL ORDER BY id`)).rows;
  const { peakMb, seconds } = await withPeakMemory(() => loadPoiDataset(db, {
    id: 'bench--replicated', source: 'osm-pois', files: ['replicated'], contentHash: `replicated-${POINTS}`,
    items: async () => replicated(real, POINTS), expectedItems: () => POINTS,
  }));
  rows.push([`${POINTS.toLocaleString('en')} replicated points (the POI loader)`, POINTS.toLocaleString('en'), seconds.toFixed(1), Math.round(POINTS / seconds).toLocaleString('en'), '', peakMb.toFixed(0)]);
  console.log(table(rows));
  await database.execScript('ANALYZE');

  const everything = (catalogue: string): SearchFilter => ({ datasetName: catalogue, categories: [], names: [], nafCodes: [], headcounts: [] });
  const restaurants = (catalogue: string): SearchFilter => ({ ...everything(catalogue), categories: ['food.restaurant'] });

  // The real data: Mannheim–Heidelberg's extract (the largest) and Andorra, centres within 5 km of theirs.
  const realCentres: [string, [number, number]][] = [['de_osm_poi', [8.57, 49.44]], ['ad_osm_poi', [1.55, 42.52]]];
  for (const [catalogue, [x, y]] of realCentres) {
    const areas = areasIn((random) => [x + (random() - 0.5) * 0.12, y + (random() - 0.5) * 0.09], [2, 15], 14);
    await measure(`Real imports (${catalogue})`, ours, db, peer, [['every business', everything(catalogue)], ['restaurants', restaurants(catalogue)]], areas);
  }

  // Real SIRENE establishments placed by IRIS (Bas-Rhin): estimates weighed by each IRIS's share.
  const strasbourgAreas = areasIn((random) => [STRASBOURG[0] + (random() - 0.5) * 0.14, STRASBOURG[1] + (random() - 0.5) * 0.09], [2, 15], 67);
  const institutions: SearchFilter = { ...everything('fr_institutions') };
  await measure('Real imports (fr_institutions, placed by IRIS: estimates)', ours, db, peer,
    [['every establishment', institutions], ['restaurants (NAF 56.10A)', { ...institutions, nafCodes: ['56.10A'] }]], strasbourgAreas, IRIS_BASELINES);

  // Centres within the copies' grid, a radius away from its edges.
  const grid = copyGrid(real.length, POINTS);
  const [halfX, halfY] = [((grid.side - 1) * grid.dx) / 2 - 0.5, ((grid.side - 1) * grid.dy) / 2 - 0.35];
  const scaleAreas = areasIn((random) => [STRASBOURG[0] + (random() * 2 - 1) * halfX, STRASBOURG[1] + (random() * 2 - 1) * halfY], [15, 35], 30);
  await measure(`Scale test, ${POINTS.toLocaleString('en')} replicated points`, ours, db, peer,
    [['every business', everything('fr_osm_poi')], ['restaurants', restaurants('fr_osm_poi')]], scaleAreas);
}

await withScratchBench(BENCH_DATABASE, { keep: KEEP }, main);
