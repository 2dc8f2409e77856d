/**
 * `npm run bench:datasets`: a dataset's figures in areas (the rows inside, the sum and the average
 * of a numeric column) computed the way the API does it, against PostGIS (GiST index,
 * ST_Intersects, the column's cells read into numeric) on the same rows of the same PostgreSQL
 * database, in the same run.
 *
 * Data, in a scratch database `catchment_bench_datasets` on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; PostGIS must be installed; dropped afterwards unless
 * `--keep`), migrated like the API's. A scale test, said so: `--points` (default 100,000, the
 * Advanced plan's pins) rows made by replicating the 742 real London cycle hire stations of
 * test-data/customers (id, name, area, nbikes, nempty, lon, lat) as often as the count needs, each
 * copy of a station moved by a seeded uniform jitter (mulberry32, seed 2025) of ±0.01° in longitude
 * and ±0.006° in latitude (about ±700 m) around it, its cells kept; written with the datasets'
 * repository as an import writes them (batches of 1,000 rows), then ANALYZE.
 *
 * Areas: `--areas` (default 100, plus 5 warm-up ones not counted) seeded isochrone-like polygons
 * (96 points, the radius varying with the bearing between 55 % and 100 %), radius 1 to 5 km,
 * centred within the stations' extent.
 *
 * Ours, with one compute thread: DatasetFigures.figures, what the aggregation route calls, for the
 * column nbikes (one answer holds count, sum and average: the three methods cost the same). Timed:
 * computed in the thread (each area new to the API's cache; the thread holds the region's rows
 * after the warm-up), and the same area asked again (the API process's cache). The first figures
 * of the dataset, when the thread (started and connected) reads the rows of the region, are timed
 * apart.
 * Baseline: the faster at each percentile of two PostGIS queries through their own connection (an
 * unnamed statement, planned for each area): the cells read by the import's rule for numbers (a
 * regular expression, then numeric), and a plain cast to numeric (right only for a column of
 * clean numbers, as nbikes is). Printed: p50 and p95 of each, PostGIS ÷ ours, and how many figures
 * differ from PostGIS's (count, sum and average: must be none).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { AreaGeometry } from '@catchment/domain';
import { DatasetsRepository, type PlacedRow } from '../../apps/api/src/datasets/datasets.repository.js';
import type { AreaFigures } from '../../apps/api/src/datasets/maps/area-figures.js';
import { DatasetFigures } from '../../apps/api/src/datasets/maps/dataset-figures.js';
import { canonicalGeometry } from '../../apps/api/src/maps/geometry-hash.js';
import { argument } from '../arguments.js';
import { isochroneLike } from '../isochrone-like.js';
import { withScratchBench, type ScratchBench } from '../scratch-database.js';
import { ms, percentile, ratio, seededRandom, table } from '../stats.js';

const AREAS = Number(argument('--areas') ?? 100);
const POINTS = Number(argument('--points') ?? 100_000);
const KEEP = process.argv.includes('--keep');
const WARM_UP = 5;
const ROOT = path.resolve(import.meta.dirname, '../..');
const JITTER = { lon: 0.01, lat: 0.006 };
const BATCH = 1_000;
const COLUMN = 'nbikes';

/** The stations' rows (header first). */
function stations(): { columns: string[]; rows: string[][] } {
  const [columns, ...rows] = readFileSync(path.join(ROOT, 'test-data/customers/london-cycle-hire-stations.csv'), 'utf8').trim().split(/\r?\n/).map((line) => line.split(','));
  return { columns: columns!, rows };
}

/** The replicated rows (see the header): copies of every station in turn, each jittered around it. */
function* replicated(rows: string[][], count: number): Generator<PlacedRow> {
  const random = seededRandom(2025);
  for (let made = 0; made < count; made += 1) {
    const cells = rows[made % rows.length]!;
    const lng = Number(cells[5]) + (random() * 2 - 1) * JITTER.lon;
    const lat = Number(cells[6]) + (random() * 2 - 1) * JITTER.lat;
    yield { rowNumber: made + 1, cells: [...cells.slice(0, 5), lng.toFixed(9), lat.toFixed(8)], position: { lng, lat }, precision: 'coordinates' };
  }
}

type Baseline = (peer: pg.Client, datasetId: number, column: number, area: AreaGeometry) => Promise<AreaFigures>;

const figuresQuery = (value: string) => `
  WITH value AS (
    SELECT ${value} AS v FROM client_dataset_rows
    WHERE dataset_id = $1 AND position IS NOT NULL AND ST_Intersects(position, ST_SetSRID(ST_GeomFromGeoJSON($3), 4326))
  )
  SELECT count(*)::int AS count, coalesce(sum(v), 0)::float8 AS sum, avg(v)::float8 AS average FROM value`;

const BASELINES: Record<string, Baseline> = {
  "ST_Intersects (GiST), cells read by the import's rule": async (peer, datasetId, column, area) => (await peer.query<AreaFigures>(figuresQuery(`
    CASE WHEN regexp_replace(cells->>$2::int, '\\s', '', 'g') ~ '^[+-]?([0-9]+([.,][0-9]*)?|[.,][0-9]+)$'
      THEN replace(regexp_replace(cells->>$2::int, '\\s', '', 'g'), ',', '.')::numeric END`), [datasetId, column, JSON.stringify(area)])).rows[0]!,
  'ST_Intersects (GiST), cells cast to numeric': async (peer, datasetId, column, area) =>
    (await peer.query<AreaFigures>(figuresQuery('(cells->>$2::int)::numeric'), [datasetId, column, JSON.stringify(area)])).rows[0]!,
};

interface Sample { computed: number; held: number; peers: number[]; count: number; differs: boolean }

async function main({ database, compute, peer }: ScratchBench): Promise<void> {
  const db = database.db;
  const { columns, rows } = stations();
  const { rows: [client] } = await peer.query<{ id: number }>(`
    INSERT INTO clients (email, password_hash, first_name, last_name) VALUES ('bench@example.com', '-', 'Bench', 'Datasets') RETURNING id`);
  const datasets = new DatasetsRepository(db);
  const dataset = await datasets.create({ clientId: client!.id, name: 'London stations, replicated', color: '#e6194b', source: 'file', columns, operationColumn: COLUMN, rowCount: POINTS });
  const loadStarted = performance.now();
  let batch: PlacedRow[] = [];
  for (const row of replicated(rows, POINTS)) {
    batch.push(row);
    if (batch.length === BATCH) {
      await datasets.insertRows(dataset.id, batch);
      batch = [];
    }
  }
  await datasets.insertRows(dataset.id, batch);
  const ready = (await datasets.finish(dataset.id, { pointCount: POINTS, notGeocodedCount: 0, precisions: { coordinates: POINTS } }))!;
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  await database.execScript('ANALYZE');
  console.log(`${POINTS.toLocaleString('en')} replicated stations written in ${loadSeconds.toFixed(1)} s (${Math.round(POINTS / loadSeconds).toLocaleString('en')} rows/s)`);

  // Centres within the stations' extent.
  const random = seededRandom(51);
  const [minX, minY, maxX, maxY] = [-0.237, 51.455, -0.002, 51.542];
  const areas = Array.from({ length: AREAS + WARM_UP }, () =>
    canonicalGeometry(isochroneLike([minX + random() * (maxX - minX), minY + random() * (maxY - minY)], (1 + random() * 4) * 1000, random)));

  const figures = new DatasetFigures(compute);
  const key = { datasetId: ready.id, version: ready.version, column: columns.indexOf(COLUMN) };
  // The thread started (modules loaded) and connected, as a running API's are: a task, then a count of no dataset.
  await compute.invalidAreas([areas[0]!]);
  await compute.datasetFigures([areas[0]!], { ...key, datasetId: 0 });
  const firstStarted = performance.now();
  await compute.datasetFigures([areas[0]!], key);
  const firstMs = performance.now() - firstStarted;

  const samples: Sample[] = [];
  for (const [i, area] of areas.entries()) {
    const started = performance.now();
    const [ours] = await figures.figures(key, [area]);
    const computedMs = performance.now() - started;
    const heldStarted = performance.now();
    const [again] = await figures.figures(key, [area]);
    const heldMs = performance.now() - heldStarted;
    const peers: number[] = [];
    let differs = JSON.stringify(again) !== JSON.stringify(ours);
    for (const baseline of Object.values(BASELINES)) {
      const peerStarted = performance.now();
      const expected = await baseline(peer, ready.id, key.column, area);
      peers.push(performance.now() - peerStarted);
      if (expected.count !== ours!.count || expected.sum !== ours!.sum || expected.average !== ours!.average) differs = true;
    }
    if (i >= WARM_UP) samples.push({ computed: computedMs, held: heldMs, peers, count: ours!.count, differs });
  }
  if (figures.made.computed !== areas.length) throw new Error(`expected every area computed once, got ${figures.made.computed}`);

  const q = (pick: (sample: Sample) => number, at: number) => percentile(samples.map(pick), at);
  const best = (at: number) => Math.min(...Object.keys(BASELINES).map((_, b) => q((s) => s.peers[b]!, at)));
  const row = (way: string, pick: (sample: Sample) => number, compared = true) =>
    [way, ms(q(pick, 50)), ms(q(pick, 95)), compared ? ratio(best(50) / q(pick, 50)) : '', compared ? ratio(best(95) / q(pick, 95)) : ''];
  console.log(`\nScale test, ${POINTS.toLocaleString('en')} replicated stations: count, sum and average of ${COLUMN} in ${samples.length} areas, ` +
    `${q((s) => s.count, 50).toLocaleString('en')} rows in the median area (target: PostGIS ÷ ours ≥ 10× at p50, identical figures)\n`);
  console.log(table([
    ['way', 'p50 ms', 'p95 ms', 'best PostGIS ÷ this p50', 'p95'],
    row('ours (DatasetFigures), computed in the thread, the region held', (s) => s.computed),
    row("ours, the same area again (the API process's cache)", (s) => s.held),
    ...Object.keys(BASELINES).map((baseline, b) => row(`PostGIS: ${baseline}`, (s) => s.peers[b]!, false)),
  ]));
  console.log(`the dataset's first figures (the thread reads its rows): ${ms(firstMs)} ms`);
  console.log(`figures that differ from PostGIS's (count, sum or average): ${samples.filter((s) => s.differs).length} of ${samples.length}`);
}

await withScratchBench('catchment_bench_datasets', { keep: KEEP }, main);
