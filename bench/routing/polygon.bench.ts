/**
 * The isochrone's polygon alone: the engine's builder against the earlier one
 * (reachable-area-baseline.ts), in one process, on the same graph, the same seeded start points
 * and the same search, interleaved (their order alternating per point) so the machine's load
 * falls on both alike:
 * `npx tsx bench/routing/polygon.bench.ts [--regions monaco,andorra,rnv-mannheim-heidelberg] [--points 60] [--quality-points 10]`.
 *
 * Per region and request (car 10/30/60 min, walk 15 min, bike 5 km): p50 and p95 of each builder
 * in CPU time of the process (the search is shared and not counted; its p50 is shown for scale), the ratio of the p50s and
 * p95s, and both polygons' shape quality against the road the search reached (shape-quality.ts),
 * so a speed-up is not bought with quality.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MultiPolygon } from 'geojson';
import {
  importOsm,
  loadGraph,
  reachedAreas,
  reachedPieces,
  SearchWorkspace,
  snapToRoad,
  type IsoMode,
  type RoutingMode,
} from '../../packages/routing/src/index.js';
import { areaFarFromRoads, reachedLengthInside } from '../../packages/routing/src/polygon/shape-quality.js';
import { argument } from '../arguments.js';
import { ms, pct, percentile, ratio, table } from '../stats.js';
import { buildBaselineAreas } from './reachable-area-baseline.js';
import { seedOf, startPoints } from './start-points.js';

const regions = (argument('--regions') ?? 'monaco,andorra,rnv-mannheim-heidelberg').split(',');
const pointCount = Number(argument('--points') ?? 60);
const qualityPoints = Number(argument('--quality-points') ?? 10);
const WARM_UP = 3;

const KINDS: Array<{ label: string; isoMode: IsoMode; transportMode: RoutingMode; value: number }> = [
  { label: 'car 10 min', isoMode: 'isochrone', transportMode: 'car', value: 600 },
  { label: 'car 30 min', isoMode: 'isochrone', transportMode: 'car', value: 1_800 },
  { label: 'car 60 min', isoMode: 'isochrone', transportMode: 'car', value: 3_600 },
  { label: 'walk 15 min', isoMode: 'isochrone', transportMode: 'walk', value: 900 },
  { label: 'bike 5 km', isoMode: 'isodistance', transportMode: 'bike', value: 5_000 },
];

interface Builder {
  times: number[];
  inside: number[];
  far: number[];
}

/** The process's CPU time in ms (wall time on a shared machine mostly measures the wait for a core). */
function timed<T>(run: () => T): [T, number] {
  const t0 = process.cpuUsage();
  const value = run();
  const { user, system } = process.cpuUsage(t0);
  return [value, (user + system) / 1000];
}

const work = mkdtempSync(join(tmpdir(), 'polygon-bench-'));
try {
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`# Polygon benchmark — ${pointCount} start points, node ${process.version}, load average ${load}; polygon only, CPU ms`);
  for (const region of regions) {
    const extract = `test-data/osm/${region}.osm.pbf`;
    if (!existsSync(extract)) {
      console.log(`\n${region}: no extract at ${extract}, skipped`);
      continue;
    }
    const file = join(work, `${region}.graph`);
    await importOsm(extract, file);
    const graph = loadGraph(file);
    const workspace = new SearchWorkspace(graph);
    const points = startPoints(graph, pointCount + WARM_UP, seedOf(region));
    const rows = [['request', 'search p50', 'baseline p50', 'p95', 'new p50', 'p95', 'speed-up p50', 'p95', 'road inside (min) base / new', 'area > 300 m (max) base / new']];
    for (const kind of KINDS) {
      const baseline: Builder = { times: [], inside: [], far: [] };
      const ours: Builder = { times: [], inside: [], far: [] };
      const searchTimes: number[] = [];
      for (const [i, point] of points.entries()) {
        const start = snapToRoad(graph, kind.transportMode, point[0], point[1]);
        if (!start) continue;
        const [result, searchMs] = timed(() => workspace.search(start, kind.transportMode, kind.isoMode, kind.value));
        const runBaseline = () =>
          timed(() => buildBaselineAreas([start.lon, start.lat], [kind.value], (budget) => reachedPieces(graph, kind.transportMode, kind.isoMode, start, result, budget))[0]!);
        const runOurs = () => timed(() => reachedAreas(graph, kind.transportMode, kind.isoMode, [start], result, [kind.value])[0]!);
        let base: [MultiPolygon, number];
        let mine: [MultiPolygon, number];
        if (i % 2 === 0) {
          base = runBaseline();
          mine = runOurs();
        } else {
          mine = runOurs();
          base = runBaseline();
        }
        if (i < WARM_UP) continue;
        searchTimes.push(searchMs);
        baseline.times.push(base[1]);
        ours.times.push(mine[1]);
        if (i < WARM_UP + qualityPoints) {
          const pieces = reachedPieces(graph, kind.transportMode, kind.isoMode, start, result, kind.value);
          for (const [builder, polygon] of [[baseline, base[0]], [ours, mine[0]]] as const) {
            builder.inside.push(reachedLengthInside(polygon, pieces, 25));
            builder.far.push(areaFarFromRoads(polygon, pieces));
          }
        }
      }
      const p = (values: number[], q: number) => percentile(values, q);
      rows.push([
        kind.label,
        ms(p(searchTimes, 50)),
        ms(p(baseline.times, 50)),
        ms(p(baseline.times, 95)),
        ms(p(ours.times, 50)),
        ms(p(ours.times, 95)),
        ratio(p(baseline.times, 50) / p(ours.times, 50)),
        ratio(p(baseline.times, 95) / p(ours.times, 95)),
        `${pct(Math.min(...baseline.inside))} / ${pct(Math.min(...ours.inside))}`,
        `${pct(Math.max(...baseline.far))} / ${pct(Math.max(...ours.far))}`,
      ]);
    }
    console.log(`\n## ${region} — ${graph.header.nodeCount.toLocaleString('en')} nodes, ${graph.header.edgeCount.toLocaleString('en')} edges\n`);
    console.log(table(rows));
  }
  console.log(`\nload average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
