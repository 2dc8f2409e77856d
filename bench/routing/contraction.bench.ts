/**
 * The search on the graph's chains of degree-2 nodes against the plain node-by-node search, in one
 * process, same graph, same start points, same run: `npx tsx bench/routing/contraction.bench.ts
 * [--regions monaco,andorra] [--points 40]`.
 *
 * Per region: what folding the chains gives (junctions and chains against nodes and edges, the
 * build time and the bytes it adds), then car 10, 30 and 60 minutes, p50 and p95 of the search
 * alone in CPU time (no polygon; the chain search including the walk that gives every node of a chain its
 * cost), interleaved start by start, and the ratio. Each pair of searches is checked to reach the
 * same number of nodes. Both again on the graph with its nodes renumbered along the roads
 * (graph/renumber-nodes.ts, done in memory here; the import keeps OSM id order), the ratios against
 * the plain search on the imported order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { importOsm, loadGraph, SearchWorkspace, snapToRoad, type SnappedPoint } from '../../packages/routing/src/index.js';
import { buildRoadChains, chainCount, roadChainsBytes } from '../../packages/routing/src/graph/road-chains.js';
import { chainOrder, renumberNodes } from '../../packages/routing/src/graph/renumber-nodes.js';
import { argument } from '../arguments.js';
import { median, ms, percentile, ratio, table } from '../stats.js';
import { seedOf, startPoints } from './start-points.js';

const regions = (argument('--regions') ?? 'monaco,andorra,rnv-mannheim-heidelberg').split(',');
const pointCount = Number(argument('--points') ?? 40);
const work = mkdtempSync(join(tmpdir(), 'contraction-bench-'));

/**
 * Milliseconds of this process's CPU time: on a shared machine whose load exceeds its cores, wall
 * time mostly measures the wait for a core, CPU time what the search itself costs.
 */
function time(run: () => void): number {
  const t0 = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(t0);
  return (user + system) / 1_000;
}

try {
  console.log(`# Contraction benchmark — ${pointCount} start points, node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; search only, in process, CPU time (ms)`);
  for (const region of regions) {
    const file = join(work, `${region}.graph`);
    await importOsm(`test-data/osm/${region}.osm.pbf`, file);
    const graph = loadGraph(file);
    const { nodeCount, edgeCount } = graph.header;
    let chains = buildRoadChains(graph);
    const buildMs = Math.min(...[0, 1, 2].map(() => time(() => (chains = buildRoadChains(graph)))));
    let junctions = 0;
    for (let n = 0; n < nodeCount; n++) if (chains.halfOffsets[n + 1]! > chains.halfOffsets[n]!) junctions++;
    let carChainEdges = 0;
    for (const time of chains.halfTimes.car) if (time !== Infinity) carChainEdges++;
    const bytes = roadChainsBytes(chains);
    const graphBytes = graph.lon.buffer.byteLength;

    const points = startPoints(graph, pointCount, seedOf(region));
    const starts = points.map(([lon, lat]) => snapToRoad(graph, 'car', lon, lat)).filter((p): p is SnappedPoint => p !== null);
    const alongRoads = renumberNodes(graph, chainOrder(graph));
    // Segment numbers and fractions are the same in both graphs, so the snapped starts serve both.
    const workspaces = {
      plain: new SearchWorkspace(graph, { plain: true }),
      chains: new SearchWorkspace(graph),
      'plain, along roads': new SearchWorkspace(alongRoads, { plain: true }),
      'chains, along roads': new SearchWorkspace(alongRoads),
    };
    const rows = [['car', 'search', 'nodes reached', 'p50', 'p95', 'p50 plain / this']];
    for (const budget of [600, 1_800, 3_600]) {
      const samples = Object.fromEntries(Object.keys(workspaces).map((kind) => [kind, [] as number[]]));
      let reached = 0;
      // Interleaved, so the machine's load falls on every kind alike; 3 warm-up rounds not counted.
      for (let i = -3; i < starts.length; i++) {
        const start = starts[Math.max(0, i)]!;
        const counts = new Set<number>();
        for (const [kind, workspace] of Object.entries(workspaces)) {
          let count = 0;
          const spent = time(() => (count = workspace.search(start, 'car', 'isochrone', budget).settled.length));
          counts.add(count);
          if (i >= 0) samples[kind]!.push(spent);
          if (kind === 'plain' && i >= 0) reached += count;
        }
        if (counts.size > 1) throw new Error(`${region} ${budget} s: the searches reached different numbers of nodes (${[...counts].join(', ')})`);
      }
      const base = median(samples.plain!);
      for (const [kind, values] of Object.entries(samples)) {
        rows.push([`${budget / 60} min`, kind, Math.round(reached / starts.length).toLocaleString('en'), ms(median(values)), ms(percentile(values, 95)), ratio(base / median(values))]);
      }
    }
    console.log(`\n## ${region} — ${nodeCount.toLocaleString('en')} nodes, ${edgeCount.toLocaleString('en')} edges`);
    console.log(`chains: ${junctions.toLocaleString('en')} junctions (${((junctions / nodeCount) * 100).toFixed(0)} % of the nodes), `
      + `${chainCount(chains).toLocaleString('en')} chains, ${carChainEdges.toLocaleString('en')} chain edges by car (${((carChainEdges / edgeCount) * 100).toFixed(0)} % of the edges); `
      + `built in ${ms(buildMs)} ms, ${(bytes / 1e6).toFixed(1)} MB (${((bytes / graphBytes) * 100).toFixed(0)} % of the graph's ${(graphBytes / 1e6).toFixed(1)} MB)`);
    console.log(table(rows));
  }
  console.log(`\nload average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
