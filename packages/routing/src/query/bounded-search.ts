import type { RoutingGraph } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import FlatQueue from 'flatqueue';
import type { SnappedPoint } from './snap.js';

/** isochrone budgets are seconds of travel time, isodistance budgets metres along the roads. */
export type IsoMode = 'isochrone' | 'isodistance';

/** Cost of each edge for a mode and metric: Infinity where the mode may not drive it. */
export function edgeCost(graph: RoutingGraph, mode: RoutingMode, isoMode: IsoMode): (edge: number) => number {
  const times = graph.times[mode];
  if (isoMode === 'isochrone') return (edge) => times[edge]!;
  const lengths = graph.lengths;
  return (edge) => (times[edge]! === Infinity ? Infinity : lengths[edge]!);
}

/**
 * What a bounded search reached: every node whose cost is within the budget, in the order they
 * were settled, with that cost. `costOf` answers Infinity for nodes not reached. The result is a
 * view over the workspace: it is valid until the workspace's next search.
 */
export interface SearchResult {
  settled: Uint32Array;
  costOf(node: number): number;
  budget: number;
}

/**
 * Per-graph scratch memory reused between searches: costs are valid only where `stamp` equals
 * the current search's number, so nothing is cleared between queries.
 */
export class SearchWorkspace {
  private readonly cost: Float64Array;
  private readonly stamp: Uint32Array;
  private readonly settledFlag: Uint32Array;
  private current = 0;
  /**
   * Nodes by cost. Keys are never decreased in place: a node is pushed again when a shorter way is
   * found and its stale entries are skipped when popped (simpler, and as fast on road graphs).
   * flatqueue rather than our own typed-array heap: faster on the same searches (bench/routing/heap.bench.ts).
   */
  private readonly heap = new FlatQueue<number>();
  private settledBuffer: Uint32Array;

  constructor(private readonly graph: RoutingGraph) {
    const n = graph.header.nodeCount;
    this.cost = new Float64Array(n);
    this.stamp = new Uint32Array(n);
    this.settledFlag = new Uint32Array(n);
    this.settledBuffer = new Uint32Array(Math.min(n, 1 << 16));
  }

  /** Dijkstra from a snapped start, stopping at the first node whose cost exceeds the budget. */
  search(start: SnappedPoint, mode: RoutingMode, isoMode: IsoMode, budget: number): SearchResult {
    return this.searchFrom([start], mode, isoMode, budget);
  }

  /**
   * The same from several starts at once (each node's cost is from the nearest of them): one
   * search tells what a set of places reaches together, as cheaply as from one place.
   */
  searchFrom(starts: readonly SnappedPoint[], mode: RoutingMode, isoMode: IsoMode, budget: number): SearchResult {
    const { graph, cost, stamp, settledFlag, heap } = this;
    const run = ++this.current;
    heap.clear();
    const weight = edgeCost(graph, mode, isoMode);
    const times = graph.times[mode];
    const lengths = isoMode === 'isodistance' ? graph.lengths : null;
    const relax = (node: number, value: number) => {
      if (!(value <= budget)) return;
      if (stamp[node] !== run || value < cost[node]!) {
        stamp[node] = run;
        cost[node] = value;
        heap.push(node, value);
      }
    };
    for (const start of starts) {
      const forward = graph.segmentForward[start.segment]!;
      const backward = graph.segmentBackward[start.segment]!;
      // Checked before multiplying: a forbidden direction (Infinity) at fraction 0 would give NaN.
      if (forward >= 0 && weight(forward) !== Infinity) relax(graph.segmentTo[start.segment]!, weight(forward) * (1 - start.fraction));
      if (backward >= 0 && weight(backward) !== Infinity) relax(graph.segmentFrom[start.segment]!, weight(backward) * start.fraction);
    }

    const { offsets, targets } = graph;
    let settledCount = 0;
    while (heap.length > 0) {
      const key = heap.peekValue()!;
      const node = heap.pop()!;
      if (settledFlag[node] === run || key > cost[node]!) continue;
      settledFlag[node] = run;
      if (settledCount === this.settledBuffer.length) this.growSettled();
      this.settledBuffer[settledCount++] = node;
      for (let e = offsets[node]!, end = offsets[node + 1]!; e < end; e++) {
        const target = targets[e]!;
        if (settledFlag[target] === run) continue;
        const time = times[e]!;
        if (time === Infinity) continue;
        const value = key + (lengths ? lengths[e]! : time);
        if (value > budget) continue;
        if (stamp[target] !== run || value < cost[target]!) {
          stamp[target] = run;
          cost[target] = value;
          heap.push(target, value);
        }
      }
    }
    // Every node given a cost within the budget has been settled, so the stamp alone tells reached nodes.
    return {
      settled: this.settledBuffer.subarray(0, settledCount),
      budget,
      costOf: (node) => (settledFlag[node] === run ? cost[node]! : Infinity),
    };
  }

  private growSettled(): void {
    const bigger = new Uint32Array(this.settledBuffer.length * 2);
    bigger.set(this.settledBuffer);
    this.settledBuffer = bigger;
  }
}
