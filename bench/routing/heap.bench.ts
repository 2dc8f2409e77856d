/**
 * Which priority queue for the routing engine's Dijkstra: flatqueue (the maintained library the
 * design names, which the engine uses) against our earlier typed-array heap (typed-array-heap.ts,
 * the baseline), both driving the same bounded search over the Mannheim–Heidelberg road graph, in
 * alternating rounds in one process. The searches must settle the same nodes.
 *
 *   npx tsx bench/routing/heap.bench.ts [--searches 200] [--rounds 5]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import FlatQueue from 'flatqueue';
import { importOsm, loadGraph, snapToRoad, type RoutingGraph } from '../../packages/routing/src/index.js';
import { MinHeap } from './typed-array-heap.js';

interface Queue { push(key: number, node: number): void; size: number; peekKey(): number; peekNode(): number; pop(): void; clear(): void }

/** flatqueue behind the engine's queue interface. */
class FlatQueueAdapter implements Queue {
  private readonly queue = new FlatQueue<number>();
  get size() { return this.queue.length; }
  push(key: number, node: number) { this.queue.push(node, key); }
  peekKey() { return this.queue.peekValue()!; }
  peekNode() { return this.queue.peek()!; }
  pop() { this.queue.pop(); }
  clear() { this.queue.clear(); }
}

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const SEARCHES = argument('searches', 200);
const ROUNDS = argument('rounds', 5);
/** 20 minutes by car: the engine's typical large isochrone. */
const BUDGET_S = 1_200;

function search(graph: RoutingGraph, queue: Queue, start: number, cost: Float64Array, stamp: Uint32Array, run: number): number {
  const { offsets, targets } = graph;
  const times = graph.times.car;
  queue.clear();
  stamp[start] = run;
  cost[start] = 0;
  queue.push(0, start);
  let settled = 0;
  while (queue.size > 0) {
    const key = queue.peekKey();
    const node = queue.peekNode();
    queue.pop();
    if (key > cost[node]!) continue;
    settled += 1;
    for (let e = offsets[node]!, end = offsets[node + 1]!; e < end; e++) {
      const time = times[e]!;
      if (time === Infinity) continue;
      const value = key + time;
      if (value > BUDGET_S) continue;
      const target = targets[e]!;
      if (stamp[target] !== run || value < cost[target]!) {
        stamp[target] = run;
        cost[target] = value;
        queue.push(value, target);
      }
    }
  }
  return settled;
}

const graphFile = path.join(os.tmpdir(), 'catchment-heap-bench.graph');
if (!fs.existsSync(graphFile)) await importOsm('test-data/osm/rnv-mannheim-heidelberg.osm.pbf', graphFile);
const graph = loadGraph(graphFile);
const [minLon, minLat, maxLon, maxLat] = graph.header.bbox;
let seed = 7;
const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
const starts: number[] = [];
while (starts.length < SEARCHES) {
  const snapped = snapToRoad(graph, 'car', minLon + random() * (maxLon - minLon), minLat + random() * (maxLat - minLat));
  if (snapped) starts.push(graph.segmentTo[snapped.segment]!);
}

const n = graph.header.nodeCount;
const queues: Record<string, Queue> = { MinHeap: new MinHeap(), flatqueue: new FlatQueueAdapter() };
const state = { cost: new Float64Array(n), stamp: new Uint32Array(n), run: 0 };
const times: Record<string, number[]> = { MinHeap: [], flatqueue: [] };
const settledBy: Record<string, number> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, queue] of Object.entries(queues)) {
    const started = performance.now();
    let settled = 0;
    for (const start of starts) settled += search(graph, queue, start, state.cost, state.stamp, ++state.run);
    times[name]!.push(performance.now() - started);
    settledBy[name] = settled;
  }
}
if (settledBy.MinHeap !== settledBy.flatqueue) throw new Error(`the queues settled different nodes: ${JSON.stringify(settledBy)}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`${SEARCHES} car searches of ${BUDGET_S / 60} min on Mannheim–Heidelberg (${settledBy.MinHeap!.toLocaleString('en')} nodes settled per round), median of ${ROUNDS} rounds:`);
console.log('| queue | ms per round | per search |\n|---|---|---|');
for (const name of Object.keys(queues)) console.log(`| ${name} | ${median(times[name]!).toFixed(0)} | ${(median(times[name]!) / SEARCHES).toFixed(2)} ms |`);
console.log(`flatqueue / MinHeap: ${(median(times.flatqueue!) / median(times.MinHeap!)).toFixed(2)}×`);
