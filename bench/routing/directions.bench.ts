/**
 * Arrival searches, several-start searches and point-to-point routes against the plain departure
 * search, in one process, same graph, same start points, same run:
 * `npx tsx bench/routing/directions.bench.ts [--regions monaco,andorra] [--points 50]`.
 *
 * Per region: the cost of the reversed edges an arrival search needs (built on a thread's first
 * arrival search: time and bytes, against the graph's own arrays), then car 10 and 30 minutes as
 * departure, arrival and from 3 starts at once, and the route from the start to another point,
 * p50 and p95 of the search alone (no polygon), each with its ratio to the departure search.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildReversedEdges,
  importOsm,
  loadGraph,
  RouteWorkspace,
  SearchWorkspace,
  snapToRoad,
  type SnappedPoint,
} from '../../packages/routing/src/index.js';
import { argument } from '../arguments.js';
import { median, ms, percentile, ratio, table } from '../stats.js';
import { seedOf, startPoints } from './start-points.js';

const regions = (argument('--regions') ?? 'monaco,andorra,rnv-mannheim-heidelberg').split(',');
const pointCount = Number(argument('--points') ?? 50);
const work = mkdtempSync(join(tmpdir(), 'directions-bench-'));

function time(run: () => void): number {
  const t0 = performance.now();
  run();
  return performance.now() - t0;
}

try {
  console.log(`# Directions benchmark — ${pointCount} start points, node ${process.version}; search only, in process (ms)`);
  for (const region of regions) {
    const file = join(work, `${region}.graph`);
    await importOsm(`test-data/osm/${region}.osm.pbf`, file);
    const graph = loadGraph(file);
    const { nodeCount, edgeCount } = graph.header;

    // Reversed edges: built three times, the best kept (the first pays for the JIT).
    let reversed = buildReversedEdges(graph);
    const buildMs = Math.min(...[0, 1, 2].map(() => time(() => (reversed = buildReversedEdges(graph)))));
    const reversedBytes = reversed.offsets.byteLength + reversed.sources.byteLength + reversed.edges.byteLength;
    const graphBytes = graph.lon.buffer.byteLength;

    const points = startPoints(graph, pointCount * 4, seedOf(region));
    const snapped = points.map(([lon, lat]) => snapToRoad(graph, 'car', lon, lat)).filter((p): p is SnappedPoint => p !== null);
    const starts = snapped.slice(0, pointCount);
    const workspace = new SearchWorkspace(graph);
    const routes = new RouteWorkspace(graph);
    const rows = [['request', 'p50 ms', 'p95 ms', 'p50 vs departure']];
    let departure10 = 0;
    for (const budget of [600, 1_800]) {
      const samples: Record<string, number[]> = { departure: [], arrival: [], '3 starts': [], route: [] };
      // Interleaved, so the machine's load falls on every kind alike; 3 warm-up rounds not counted.
      for (let i = -3; i < starts.length; i++) {
        const start = starts[Math.max(0, i)]!;
        const others = [snapped[pointCount + Math.max(0, i)]!, snapped[2 * pointCount + Math.max(0, i)]!];
        const target = snapped[3 * pointCount + Math.max(0, i)]!;
        const measured = {
          departure: time(() => workspace.search(start, 'car', 'isochrone', budget)),
          arrival: time(() => workspace.searchFrom([start], 'car', 'isochrone', budget, 'arrival')),
          '3 starts': time(() => workspace.searchFrom([start, ...others], 'car', 'isochrone', budget)),
          route: time(() => routes.route(start, target, 'car', budget)),
        };
        if (i >= 0) for (const [kind, value] of Object.entries(measured)) samples[kind]!.push(value);
      }
      const base = median(samples.departure!);
      if (budget === 600) departure10 = base;
      for (const [kind, values] of Object.entries(samples)) {
        rows.push([`car ${budget / 60} min ${kind}`, ms(median(values)), ms(percentile(values, 95)), ratio(median(values) / base)]);
      }
    }
    console.log(`\n## ${region} — ${nodeCount.toLocaleString('en')} nodes, ${edgeCount.toLocaleString('en')} edges`);
    console.log(`reversed edges: built in ${ms(buildMs)} ms (${ratio(buildMs / departure10)} the p50 10-min departure search), `
      + `${(reversedBytes / 1e6).toFixed(1)} MB per thread that searched backwards (${((reversedBytes / graphBytes) * 100).toFixed(0)} % of the graph's ${(graphBytes / 1e6).toFixed(1)} MB)`);
    console.log(table(rows));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
