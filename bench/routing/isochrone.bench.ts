/**
 * Routing benchmark: our engine against PostgreSQL + PostGIS + pgRouting on the same extracts,
 * same machine, same run. `npm run bench:routing -- [--regions a,b] [--points 100] [--quality-points 10] [--no-baseline]`.
 *
 * Per region: import time, peak memory and bytes per edge (ours: one child process; the peer:
 * osmium .pbf → .osm then osm2pgrouting with the car configuration); then 10, 30 and 60 minutes by
 * car, 15 minutes on foot and 5 km by bike from the same seeded random start points, p50 and p95
 * latency split into snap / search / polygon, settled nodes per second, and the shape quality of
 * both engines' polygons against the road our search reached.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import {
  createRoutingEngine,
  loadGraph,
  reachedPieces,
  SearchWorkspace,
  snapToRoad,
  type IsoMode,
  type RoutingMode,
} from '../../packages/routing/src/index.js';
import { areaFarFromRoads, reachedLengthInside } from '../../packages/routing/src/polygon/shape-quality.js';
import {
  BASELINE_COSTS,
  BaselineQueries,
  CONCAVE_HULL_TARGET,
  convertToXml,
  dropBaselineDatabases,
  importBaseline,
  prepareBaseline,
  type BaselineCost,
  type BaselineSetup,
  type MeasuredRun,
} from './pgrouting-baseline.js';
import { seedOf, startPoints } from './start-points.js';
import { mb, median, ms, pct, percentile, ratio, table } from '../stats.js';

const run = promisify(execFile);

const REGIONS = ['monaco', 'andorra', 'north-bayreuth', 'rnv-mannheim-heidelberg'];
const EXTRACT_DIR = 'test-data/osm';

interface QueryKind {
  label: string;
  isoMode: IsoMode;
  transportMode: RoutingMode;
  value: number;
  baseline: BaselineCost;
}

const QUERIES: QueryKind[] = [
  { label: 'car 10 min', isoMode: 'isochrone', transportMode: 'car', value: 600, baseline: BASELINE_COSTS.carTime },
  { label: 'car 30 min', isoMode: 'isochrone', transportMode: 'car', value: 1_800, baseline: BASELINE_COSTS.carTime },
  { label: 'car 60 min', isoMode: 'isochrone', transportMode: 'car', value: 3_600, baseline: BASELINE_COSTS.carTime },
  { label: 'walk 15 min', isoMode: 'isochrone', transportMode: 'walk', value: 900, baseline: BASELINE_COSTS.walkTime },
  { label: 'bike 5 km', isoMode: 'isodistance', transportMode: 'bike', value: 5_000, baseline: BASELINE_COSTS.bikeLength },
];

interface Options {
  regions: string[];
  points: number;
  qualityPoints: number;
  baseline: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { regions: REGIONS, points: 100, qualityPoints: 10, baseline: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--regions') options.regions = argv[++i]!.split(',');
    else if (arg === '--points') options.points = Number(argv[++i]);
    else if (arg === '--quality-points') options.qualityPoints = Number(argv[++i]);
    else if (arg === '--no-baseline') options.baseline = false;
    else throw new Error(`Unknown option ${arg}`);
  }
  return options;
}

interface Latency {
  snapMs: number[];
  searchMs: number[];
  polygonMs: number[];
  totalMs: number[];
  failures: number;
}

const newLatency = (): Latency => ({ snapMs: [], searchMs: [], polygonMs: [], totalMs: [], failures: 0 });

interface Quality {
  inside: number[];
  far: number[];
}

interface QueryResult {
  kind: QueryKind;
  ours: Latency & { settledPerSecond: number[] };
  peer: Latency | null;
  oursQuality: Quality;
  peerQuality: Quality;
}

interface OurImport {
  seconds: number;
  maxRssKb: number;
  /** The same process's peak before the import started. */
  idleRssKb: number;
  bytesPerEdge: number;
}

interface RegionResult {
  region: string;
  nodes: number;
  edges: number;
  import: { ours: OurImport; peer: { osmium: MeasuredRun; osm2pgrouting: MeasuredRun } | null };
  queries: QueryResult[];
}

/** Our import in its own process, so its peak memory is the import's (plus Node and the TypeScript loader). */
async function importOurs(input: string, output: string): Promise<OurImport> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', new URL('./import-once.ts', import.meta.url).pathname, input, output]);
  const summary = JSON.parse(stdout) as { milliseconds: number; maxRssKb: number; idleRssKb: number; bytesPerEdge: number };
  return { seconds: summary.milliseconds / 1000, maxRssKb: summary.maxRssKb, idleRssKb: summary.idleRssKb, bytesPerEdge: summary.bytesPerEdge };
}

async function benchRegion(region: string, options: Options, setup: BaselineSetup | null, work: string): Promise<RegionResult> {
  const pbf = join(EXTRACT_DIR, `${region}.osm.pbf`);
  const graphDir = join(work, region);
  mkdirSync(graphDir, { recursive: true });
  const graphPath = join(graphDir, `${region}.graph`);
  log(`${region}: importing (ours)`);
  const ours = await importOurs(pbf, graphPath);
  let peer: RegionResult['import']['peer'] = null;
  if (setup) {
    const osm = join(work, `${region}.osm`);
    log(`${region}: importing (osmium + osm2pgrouting, car, pedestrian and bicycle configurations)`);
    const osmium = await convertToXml(pbf, osm);
    const osm2pgrouting = await importBaseline(setup, region, 'cars', osm, work);
    await importBaseline(setup, region, 'pedestrian', osm, work);
    await importBaseline(setup, region, 'bicycles', osm, work);
    rmSync(osm);
    peer = { osmium, osm2pgrouting };
  }

  const graph = loadGraph(graphPath);
  const workspace = new SearchWorkspace(graph);
  const points = startPoints(graph, options.points, seedOf(region));
  const engine = await createRoutingEngine({ graphDir, workers: 1 });
  const baseline = setup ? new BaselineQueries(region) : null;
  const queries: QueryResult[] = [];
  try {
    for (const kind of QUERIES) {
      log(`${region}: ${kind.label} from ${points.length} points`);
      const request = (point: [number, number]) => ({ startPoint: point, isoMode: kind.isoMode, transportMode: kind.transportMode, values: [kind.value] });
      // Warm-up (JIT, caches) on both sides, not counted.
      for (const point of points.slice(0, 3)) {
        await engine.isochrones(request(point)).catch(() => undefined);
        await baseline?.isochrone(kind.baseline, point, kind.value).catch(() => undefined);
      }
      const result: QueryResult = {
        kind,
        ours: { ...newLatency(), settledPerSecond: [] },
        peer: baseline ? newLatency() : null,
        oursQuality: { inside: [], far: [] },
        peerQuality: { inside: [], far: [] },
      };
      for (const [i, point] of points.entries()) {
        const started = performance.now();
        let ourPolygon = null;
        try {
          const { collection, timings } = await engine.isochronesWithTimings(request(point));
          const total = performance.now() - started;
          result.ours.snapMs.push(timings.snapMs);
          result.ours.searchMs.push(timings.searchMs);
          result.ours.polygonMs.push(timings.polygonMs);
          result.ours.totalMs.push(total);
          result.ours.settledPerSecond.push(timings.settledNodes / (timings.searchMs / 1000));
          ourPolygon = collection.features[0]!.geometry;
        } catch {
          result.ours.failures++;
        }
        let peerPolygon = null;
        if (baseline && result.peer) {
          try {
            const answer = await baseline.isochrone(kind.baseline, point, kind.value);
            result.peer.snapMs.push(answer.snapMs);
            result.peer.searchMs.push(answer.searchMs);
            result.peer.polygonMs.push(answer.polygonMs);
            result.peer.totalMs.push(answer.snapMs + answer.searchMs + answer.polygonMs);
            peerPolygon = answer.polygon;
          } catch {
            result.peer.failures++;
          }
        }
        if (i < options.qualityPoints && ourPolygon) {
          // The reference network: the road our search reached (the peer's graph covers the same ways).
          const start = snapToRoad(graph, kind.transportMode, point[0], point[1])!;
          const searched = workspace.search(start, kind.transportMode, kind.isoMode, kind.value);
          const pieces = reachedPieces(graph, kind.transportMode, kind.isoMode, start, searched, kind.value);
          result.oursQuality.inside.push(reachedLengthInside(ourPolygon, pieces, 25));
          result.oursQuality.far.push(areaFarFromRoads(ourPolygon, pieces));
          if (peerPolygon) {
            result.peerQuality.inside.push(reachedLengthInside(peerPolygon, pieces, 25));
            result.peerQuality.far.push(areaFarFromRoads(peerPolygon, pieces));
          }
        }
      }
      queries.push(result);
    }
  } finally {
    await engine.close();
    await baseline?.close();
    if (setup) await dropBaselineDatabases(region);
  }
  return { region, nodes: graph.header.nodeCount, edges: graph.header.edgeCount, import: { ours, peer }, queries };
}

function split(latency: Latency, p: number): string {
  if (latency.totalMs.length === 0) return '–';
  return `${ms(percentile(latency.totalMs, p))} (${ms(percentile(latency.snapMs, p))} / ${ms(percentile(latency.searchMs, p))} / ${ms(percentile(latency.polygonMs, p))})`;
}

function report(result: RegionResult): string {
  const { ours, peer } = result.import;
  const lines = [`\n## ${result.region} — ${result.nodes.toLocaleString('en')} nodes, ${result.edges.toLocaleString('en')} edges`, ''];
  const importRows = [
    ['import', 'time', 'peak memory', 'bytes/edge'],
    ['ours (all 5 modes)', `${ours.seconds.toFixed(2)} s`, `${mb(ours.maxRssKb)} (${mb(ours.maxRssKb - ours.idleRssKb)} above the idle ${mb(ours.idleRssKb)})`, ours.bytesPerEdge.toFixed(1)],
  ];
  if (peer) {
    const peerSeconds = peer.osmium.seconds + peer.osm2pgrouting.seconds;
    const peerRss = Math.max(peer.osmium.maxRssKb, peer.osm2pgrouting.maxRssKb);
    importRows.push(
      ['osmium + osm2pgrouting (cars)', `${peerSeconds.toFixed(2)} s`, mb(peerRss), '–'],
      ['ratio', `${ratio(peerSeconds / ours.seconds)} faster`, `${(ours.maxRssKb / peerRss).toFixed(2)} of the peer's`, ''],
    );
  }
  lines.push(table(importRows), '');
  const rows = [['request', 'ours p50 (snap/search/polygon) ms', 'ours p95', 'settled/s', 'pgRouting p50 (snap/search/hull) ms', 'pgRouting p95', 'speed-up p50', 'p95']];
  for (const q of result.queries) {
    const peerLatency = q.peer;
    rows.push([
      q.kind.label + (q.ours.failures ? ` (${q.ours.failures} failed)` : ''),
      split(q.ours, 50),
      split(q.ours, 95),
      `${(median(q.ours.settledPerSecond) / 1e6).toFixed(1)} M`,
      peerLatency ? split(peerLatency, 50) + (peerLatency.failures ? ` (${peerLatency.failures} failed)` : '') : '–',
      peerLatency ? split(peerLatency, 95) : '–',
      peerLatency ? ratio(percentile(peerLatency.totalMs, 50) / percentile(q.ours.totalMs, 50)) : '–',
      peerLatency ? ratio(percentile(peerLatency.totalMs, 95) / percentile(q.ours.totalMs, 95)) : '–',
    ]);
  }
  lines.push(table(rows), '');
  const qualityRows = [['shape quality', 'ours: road inside (min)', 'area > 300 m from road (max)', 'pgRouting hull: road inside (min)', 'area > 300 m (max)']];
  for (const q of result.queries) {
    const min = (values: number[]) => (values.length ? pct(Math.min(...values)) : '–');
    const max = (values: number[]) => (values.length ? pct(Math.max(...values)) : '–');
    qualityRows.push([q.kind.label, min(q.oursQuality.inside), max(q.oursQuality.far), min(q.peerQuality.inside), max(q.peerQuality.far)]);
  }
  lines.push(table(qualityRows));
  return lines.join('\n');
}

function targets(results: RegionResult[]): string {
  const mannheim = results.find((r) => r.region === 'rnv-mannheim-heidelberg');
  if (!mannheim?.import.peer) return '\nTargets: need the Mannheim–Heidelberg region with the baseline.';
  const car = mannheim.queries.filter((q) => q.kind.transportMode === 'car' && q.peer);
  const speedUps = car.map((q) => `${q.kind.label} ${ratio(percentile(q.peer!.totalMs, 50) / percentile(q.ours.totalMs, 50))}`);
  const { ours, peer } = mannheim.import;
  const peerSeconds = peer.osmium.seconds + peer.osm2pgrouting.seconds;
  const peerRss = Math.max(peer.osmium.maxRssKb, peer.osm2pgrouting.maxRssKb);
  return [
    '\n## Targets (Mannheim–Heidelberg)',
    `- end-to-end isochrone ≥ 20× faster (p50): ${speedUps.join(', ')}`,
    `- import ≥ 5× faster: ${ratio(peerSeconds / ours.seconds)}`,
    `- import peak memory ≤ 1/4 of the peer's: ${(ours.maxRssKb / peerRss).toFixed(2)}`,
  ].join('\n');
}

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const work = mkdtempSync(join(tmpdir(), 'catchment-bench-routing-'));
  let setup: BaselineSetup | null = null;
  let baselineNote = 'baseline skipped (--no-baseline)';
  if (options.baseline) {
    const availability = await prepareBaseline();
    if (availability.ok) {
      setup = availability.setup;
      baselineNote = `baseline: PostgreSQL + PostGIS + pgRouting, osm2pgrouting, ST_ConcaveHull(…, ${CONCAVE_HULL_TARGET})`;
    } else {
      baselineNote = `BASELINE UNAVAILABLE: ${availability.reason}`;
    }
  }
  log(baselineNote);
  const results: RegionResult[] = [];
  try {
    for (const region of options.regions) results.push(await benchRegion(region, options, setup, work));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`# Routing benchmark — ${options.points} start points per request, node ${process.version}, ${basename(EXTRACT_DIR)} extracts`);
  console.log(baselineNote);
  console.log('Latencies in ms as total (snap / search / polygon); ours through the worker pool, the peer through one open connection.');
  console.log(`Shape quality on the first ${options.qualityPoints} points, against the road our search reached.`);
  for (const result of results) console.log(report(result));
  if (setup) console.log(targets(results));
}

await main();
