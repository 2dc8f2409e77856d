/**
 * Routing benchmark: our engine against PostgreSQL + PostGIS + pgRouting on the same extracts,
 * same machine, same run. `npm run bench:routing -- [--regions a,b] [--points 100] [--quality-points 10] [--no-baseline] [--no-http]`.
 *
 * Per region: import time, peak memory and bytes per edge (ours: one child process; the peer:
 * osmium .pbf → .osm then osm2pgrouting with the car configuration); then 10, 30 and 60 minutes by
 * car, 15 minutes on foot and 5 km by bike from the same seeded random start points: ours through
 * the HTTP API (the real server in a child process, POST /api/v2/isochrones) and through the
 * engine's worker pool in this process (p50 and p95 split into snap / search / polygon), the peer
 * through one connection, interleaved point by point; settled nodes per second; for car, our search
 * against a plain bounded Dijkstra in C on the same graph from the same starts (reference-search.ts),
 * which must settle the same nodes; and the shape quality of both engines' polygons against the
 * road our search reached.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import {
  createRoutingEngine,
  loadGraph,
  reachedPieces,
  SearchWorkspace,
  snapToRoad,
  type IsoMode,
  type SnappedPoint,
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
import { ApiIsochrones, isArea } from './http-isochrones.js';
import { compileReference, ReferenceProcess, seedsOf } from './reference-search.js';
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
  http: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { regions: REGIONS, points: 100, qualityPoints: 10, baseline: true, http: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--regions') options.regions = argv[++i]!.split(',');
    else if (arg === '--points') options.points = Number(argv[++i]);
    else if (arg === '--quality-points') options.qualityPoints = Number(argv[++i]);
    else if (arg === '--no-baseline') options.baseline = false;
    else if (arg === '--no-http') options.http = false;
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

/** Our requests through the HTTP API: the time from sending to the answer's last byte. */
interface HttpLatency {
  totalMs: number[];
  failures: number;
  /** The first failure's status and answer, to say why. */
  firstFailure?: string;
}

/** Our search and the compiled reference's on the same starts (car). */
interface ReferenceComparison {
  /** Ours as the worker timed it in the request, the reference's single run. */
  oursSearchMs: number[];
  referenceMs: number[];
  /** The fastest of BEST_OF runs of each, ours on the bench's thread. */
  oursFastestMs: number[];
  referenceFastestMs: number[];
  /** Searches where both settled the same number of nodes, of those compared. */
  sameSettled: number;
  compared: number;
  oursSettled: number[];
  referenceSettled: number[];
}

interface QueryResult {
  kind: QueryKind;
  ours: Latency & { settledPerSecond: number[] };
  http: HttpLatency | null;
  reference: ReferenceComparison | null;
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

/** Our import in its own process, compiled as `npm run data` runs it (import-once.ts), so its peak memory is the import's plus Node's own. */
async function importOurs(input: string, output: string): Promise<OurImport> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', new URL('./import-once.ts', import.meta.url).pathname, input, output]);
  const summary = JSON.parse(stdout) as { milliseconds: number; maxRssKb: number; idleRssKb: number; bytesPerEdge: number };
  return { seconds: summary.milliseconds / 1000, maxRssKb: summary.maxRssKb, idleRssKb: summary.idleRssKb, bytesPerEdge: summary.bytesPerEdge };
}

/** The compiled reference search (reference-search.ts), or why there is none. */
type Reference = { ok: true; binary: string } | { ok: false; reason: string };

/**
 * Runs of the same search of which the fastest is kept, ours and the reference's alike: on a
 * machine shared with other work, the least disturbed run is the nearest to the work itself.
 */
const BEST_OF = 3;

function fastestSearch(workspace: SearchWorkspace, start: SnappedPoint, kind: QueryKind): number {
  let fastest = Infinity;
  for (let run = 0; run < BEST_OF; run++) {
    const started = performance.now();
    workspace.search(start, kind.transportMode, kind.isoMode, kind.value);
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

async function benchRegion(region: string, options: Options, setup: BaselineSetup | null, reference: Reference, work: string): Promise<RegionResult> {
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
  let api: ApiIsochrones | null = null;
  const queries: QueryResult[] = [];
  try {
    if (options.http) {
      log(`${region}: starting the API on its graph`);
      api = await ApiIsochrones.start(graphDir, (line) => log(`${region} server: ${line}`));
    }
    for (const [kindIndex, kind] of QUERIES.entries()) {
      log(`${region}: ${kind.label} from ${points.length} points`);
      const request = (point: [number, number]) => ({ startPoint: point, isoMode: kind.isoMode, transportMode: kind.transportMode, values: [kind.value] });
      // Each start point is its own client for the per-address rate limit, a new one per request kind.
      const client = (i: number, warmUp = false) => `10.${warmUp ? 200 : kindIndex}.${(i >> 8) & 255}.${i & 255}`;
      const referenceSearch = reference.ok && kind.transportMode === 'car' && kind.isoMode === 'isochrone'
        ? new ReferenceProcess(reference.binary, graphPath, kind.transportMode, BEST_OF)
        : null;
      const referenceOf = async (point: [number, number]) => {
        const start = snapToRoad(graph, kind.transportMode, point[0], point[1]);
        if (!start || !referenceSearch) return undefined;
        const answer = await referenceSearch.search({ budget: kind.value, seeds: seedsOf(graph, kind.transportMode, start) });
        return { ...answer, oursFastestMs: fastestSearch(workspace, start, kind) };
      };
      // Warm-up (JIT, caches) on every side, not counted.
      for (const [i, point] of points.slice(0, 3).entries()) {
        await engine.isochrones(request(point)).catch(() => undefined);
        await api?.request(request(point), client(kindIndex * 3 + i, true)).catch(() => undefined);
        await referenceOf(point);
        await baseline?.isochrone(kind.baseline, point, kind.value).catch(() => undefined);
      }
      const result: QueryResult = {
        kind,
        ours: { ...newLatency(), settledPerSecond: [] },
        http: api ? { totalMs: [], failures: 0 } : null,
        reference: referenceSearch
          ? { oursSearchMs: [], referenceMs: [], oursFastestMs: [], referenceFastestMs: [], sameSettled: 0, compared: 0, oursSettled: [], referenceSettled: [] }
          : null,
        peer: baseline ? newLatency() : null,
        oursQuality: { inside: [], far: [] },
        peerQuality: { inside: [], far: [] },
      };
      for (const [i, point] of points.entries()) {
        const started = performance.now();
        let ourPolygon = null;
        let oursSettled: number | null = null;
        try {
          const { collection, timings } = await engine.isochronesWithTimings(request(point));
          const total = performance.now() - started;
          result.ours.snapMs.push(timings.snapMs);
          result.ours.searchMs.push(timings.searchMs);
          result.ours.polygonMs.push(timings.polygonMs);
          result.ours.totalMs.push(total);
          result.ours.settledPerSecond.push(timings.settledNodes / (timings.searchMs / 1000));
          ourPolygon = collection.features[0]!.geometry;
          oursSettled = timings.settledNodes;
          if (result.reference) result.reference.oursSearchMs.push(timings.searchMs);
        } catch {
          result.ours.failures++;
        }
        const referenceAnswer = await referenceOf(point);
        if (result.reference && referenceAnswer) {
          result.reference.referenceMs.push(referenceAnswer.milliseconds);
          result.reference.oursFastestMs.push(referenceAnswer.oursFastestMs);
          result.reference.referenceFastestMs.push(referenceAnswer.fastestMs);
          result.reference.referenceSettled.push(referenceAnswer.settledNodes);
          if (oursSettled !== null) {
            result.reference.oursSettled.push(oursSettled);
            result.reference.compared++;
            if (oursSettled === referenceAnswer.settledNodes) result.reference.sameSettled++;
          }
        }
        if (api && result.http) {
          try {
            const answer = await api.request(request(point), client(i));
            if (isArea(answer, 1)) result.http.totalMs.push(answer.milliseconds);
            else {
              result.http.failures++;
              result.http.firstFailure ??= `${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`;
            }
          } catch (error) {
            result.http.failures++;
            result.http.firstFailure ??= (error as Error).message;
          }
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
      referenceSearch?.close();
      if (result.http?.firstFailure) log(`${region}: ${kind.label} through HTTP failed ${result.http.failures} times, first: ${result.http.firstFailure}`);
      queries.push(result);
    }
  } finally {
    await api?.stop();
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
  const rows = [[
    'request', 'ours HTTP p50', 'p95', 'engine p50 (snap/search/polygon) ms', 'engine p95', 'settled/s',
    'pgRouting p50 (snap/search/hull) ms', 'pgRouting p95', 'speed-up p50', 'p95',
  ]];
  for (const q of result.queries) {
    const peerLatency = q.peer;
    const ours = oursEndToEnd(q);
    rows.push([
      q.kind.label + (q.ours.failures ? ` (${q.ours.failures} failed)` : ''),
      q.http ? ms(percentile(q.http.totalMs, 50)) + (q.http.failures ? ` (${q.http.failures} failed)` : '') : '–',
      q.http ? ms(percentile(q.http.totalMs, 95)) : '–',
      split(q.ours, 50),
      split(q.ours, 95),
      `${(median(q.ours.settledPerSecond) / 1e6).toFixed(1)} M`,
      peerLatency ? split(peerLatency, 50) + (peerLatency.failures ? ` (${peerLatency.failures} failed)` : '') : '–',
      peerLatency ? split(peerLatency, 95) : '–',
      ...(peerLatency ? ratios(peerLatency.totalMs, ours) : ['–', '–']),
    ]);
  }
  lines.push(table(rows), '');
  const compared = result.queries.filter((q) => q.reference);
  if (compared.length) {
    const referenceRows = [[
      'search alone', 'ours (worker) p50 ms', 'p95', 'C reference p50', 'p95', 'ours ÷ C p50', 'p95',
      `best of ${BEST_OF}: ours p50`, 'C p50', 'ours ÷ C p50', 'p95', 'settled nodes (median)', 'same count',
    ]];
    for (const q of compared) {
      const r = q.reference!;
      referenceRows.push([
        q.kind.label,
        ms(percentile(r.oursSearchMs, 50)), ms(percentile(r.oursSearchMs, 95)),
        ms(percentile(r.referenceMs, 50)), ms(percentile(r.referenceMs, 95)),
        ...ratios(r.oursSearchMs, r.referenceMs),
        ms(percentile(r.oursFastestMs, 50)), ms(percentile(r.referenceFastestMs, 50)),
        ...ratios(r.oursFastestMs, r.referenceFastestMs),
        `${median(r.oursSettled).toLocaleString('en')} / ${median(r.referenceSettled).toLocaleString('en')}`,
        `${r.sameSettled}/${r.compared}`,
      ]);
    }
    lines.push(table(referenceRows), '');
  }
  const qualityRows = [['shape quality', 'ours: road inside (min)', 'area > 300 m from road (max)', 'pgRouting hull: road inside (min)', 'area > 300 m (max)']];
  for (const q of result.queries) {
    const min = (values: number[]) => (values.length ? pct(Math.min(...values)) : '–');
    const max = (values: number[]) => (values.length ? pct(Math.max(...values)) : '–');
    qualityRows.push([q.kind.label, min(q.oursQuality.inside), max(q.oursQuality.far), min(q.peerQuality.inside), max(q.peerQuality.far)]);
  }
  lines.push(table(qualityRows));
  return lines.join('\n');
}

/** The p50 and p95 of `ours` over those of `theirs`. */
function ratios(ours: number[], theirs: number[]): [string, string] {
  return [ratio(percentile(ours, 50) / percentile(theirs, 50)), ratio(percentile(ours, 95) / percentile(theirs, 95))];
}

/** Our end-to-end figures: through the HTTP API when it was measured, else through the engine's pool. */
function oursEndToEnd(q: QueryResult): number[] {
  return q.http?.totalMs.length ? q.http.totalMs : q.ours.totalMs;
}

function targets(results: RegionResult[]): string {
  const mannheim = results.find((r) => r.region === 'rnv-mannheim-heidelberg');
  if (!mannheim?.import.peer) return '\nTargets: need the Mannheim–Heidelberg region with the baseline.';
  const car = mannheim.queries.filter((q) => q.kind.transportMode === 'car' && q.peer);
  const through = car.every((q) => q.http?.totalMs.length) ? 'through the HTTP API' : 'through the engine\'s pool (HTTP not measured)';
  const speedUps = car.map((q) => `${q.kind.label} ${ratios(q.peer!.totalMs, oursEndToEnd(q)).join(' / ')}`);
  const searches = car.filter((q) => q.reference).map((q) => {
    const r = q.reference!;
    return `${q.kind.label} ${ratios(r.oursSearchMs, r.referenceMs).join(' / ')} (best of ${BEST_OF}: ${ratios(r.oursFastestMs, r.referenceFastestMs).join(' / ')})`;
  });
  const { ours, peer } = mannheim.import;
  const peerSeconds = peer.osmium.seconds + peer.osm2pgrouting.seconds;
  const peerRss = Math.max(peer.osmium.maxRssKb, peer.osm2pgrouting.maxRssKb);
  return [
    '\n## Targets (Mannheim–Heidelberg)',
    `- isochrone ${through} ≥ 20× faster than pgRouting (p50 / p95): ${speedUps.join(', ')}`,
    `- search ≤ 3× the compiled reference's time (p50 / p95): ${searches.length ? searches.join(', ') : 'reference not run'}`,
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
  const reference = await compileReference(work);
  const referenceNote = reference.ok
    ? 'search reference: bounded Dijkstra in C (bench/routing/reference-dijkstra.c, cc -O2), same graph file and starts'
    : `REFERENCE UNAVAILABLE: ${reference.reason}`;
  log(referenceNote);
  const results: RegionResult[] = [];
  try {
    for (const region of options.regions) results.push(await benchRegion(region, options, setup, reference, work));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`# Routing benchmark — ${options.points} start points per request, node ${process.version}, ${basename(EXTRACT_DIR)} extracts`);
  console.log(baselineNote);
  console.log(referenceNote);
  console.log(`Load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(', ')} (${availableParallelism()} cores)`);
  console.log(options.http
    ? 'Ours through the HTTP API (POST /api/v2/isochrones, one keep-alive connection, to the last byte) and through the engine\'s worker pool, split as snap / search / polygon (timed by the worker); the peer through one open connection. Speed-ups use our HTTP figures.'
    : 'Latencies in ms as total (snap / search / polygon); ours through the worker pool (HTTP skipped), the peer through one open connection.');
  console.log(`Shape quality on the first ${options.qualityPoints} points, against the road our search reached.`);
  for (const result of results) console.log(report(result));
  if (setup) console.log(targets(results));
}

await main();
