import type { RoutingGraph } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import FlatQueue from 'flatqueue';
import type { SnappedPoint } from './snap.js';
import { reversedEdges } from '../graph/reversed-edges.js';
import { CANCELLATION_CHECK_EVERY, throwIfCancelled } from './cancellation.js';

/** isochrone budgets are seconds of travel time, isodistance budgets metres along the roads. */
export type IsoMode = 'isochrone' | 'isodistance';

/**
 * departure: the cost from the start to each node ("where can I get from here"); arrival: the
 * cost from each node to the start, along one-way streets the right way ("from where can one get here").
 */
export type Direction = 'departure' | 'arrival';

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
   * search tells what a set of places reaches together, as cheaply as from one place. `startCosts`
   * (departure only): what each start has already cost when the search leaves it (a transit
   * isochrone's egress walks on from every stop reached, each at its arrival time).
   */
  searchFrom(
    starts: readonly SnappedPoint[], mode: RoutingMode, isoMode: IsoMode, budget: number, direction: Direction = 'departure',
    startCosts?: ArrayLike<number>,
  ): SearchResult {
    if (direction === 'arrival') return this.searchTo(starts, mode, isoMode, budget);
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
    for (const [i, start] of starts.entries()) {
      const forward = graph.segmentForward[start.segment]!;
      const backward = graph.segmentBackward[start.segment]!;
      const initial = startCosts ? startCosts[i]! : 0;
      // Checked before multiplying: a forbidden direction (Infinity) at fraction 0 would give NaN.
      if (forward >= 0 && weight(forward) !== Infinity) relax(graph.segmentTo[start.segment]!, initial + weight(forward) * (1 - start.fraction));
      if (backward >= 0 && weight(backward) !== Infinity) relax(graph.segmentFrom[start.segment]!, initial + weight(backward) * start.fraction);
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
      if (settledCount % CANCELLATION_CHECK_EVERY === 0) throwIfCancelled();
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

  /**
   * The same search backwards, on the edges arriving at each node (graph/reversed-edges.ts): each
   * node's cost is that of driving from it to the nearest of the targets. A target at `fraction`
   * of its segment is reached from the segment's from node along its forward edge (that share of
   * it), from its to node along its backward edge (the rest). Kept apart from the departure loop so
   * that loop stays as it was.
   */
  private searchTo(targetsOnRoad: readonly SnappedPoint[], mode: RoutingMode, isoMode: IsoMode, budget: number): SearchResult {
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
    for (const target of targetsOnRoad) {
      const forward = graph.segmentForward[target.segment]!;
      const backward = graph.segmentBackward[target.segment]!;
      if (forward >= 0 && weight(forward) !== Infinity) relax(graph.segmentFrom[target.segment]!, weight(forward) * target.fraction);
      if (backward >= 0 && weight(backward) !== Infinity) relax(graph.segmentTo[target.segment]!, weight(backward) * (1 - target.fraction));
    }

    const { offsets, sources, edges } = reversedEdges(graph);
    let settledCount = 0;
    while (heap.length > 0) {
      const key = heap.peekValue()!;
      const node = heap.pop()!;
      if (settledFlag[node] === run || key > cost[node]!) continue;
      settledFlag[node] = run;
      if (settledCount === this.settledBuffer.length) this.growSettled();
      this.settledBuffer[settledCount++] = node;
      if (settledCount % CANCELLATION_CHECK_EVERY === 0) throwIfCancelled();
      for (let k = offsets[node]!, end = offsets[node + 1]!; k < end; k++) {
        const source = sources[k]!;
        if (settledFlag[source] === run) continue;
        const e = edges[k]!;
        const time = times[e]!;
        if (time === Infinity) continue;
        const value = key + (lengths ? lengths[e]! : time);
        if (value > budget) continue;
        if (stamp[source] !== run || value < cost[source]!) {
          stamp[source] = run;
          cost[source] = value;
          heap.push(source, value);
        }
      }
    }
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
