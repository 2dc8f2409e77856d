import FlatQueue from 'flatqueue';
import type { RoutingGraph } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import type { SnappedPoint } from './snap.js';

/** isochrone budgets are seconds of travel time, isodistance budgets metres along the roads. */
export type IsoMode = 'isochrone' | 'isodistance';

/**
 * departure: the cost from the start to each node ("where can I get from here"); arrival: the
 * cost from each node to the start, along one-way streets the right way ("from where can one get here").
 */
export type Direction = 'departure' | 'arrival';

/**
 * What a bounded search reached: every node whose cost is within the budget, with that cost.
 * `costOf` answers Infinity for nodes not reached. The order of `settled` is no promise (the
 * junctions in the order they were settled, the nodes between them after). The result is a view
 * over the workspace: it is valid until the workspace's next search.
 */
export interface SearchResult {
  settled: Uint32Array;
  costOf(node: number): number;
  budget: number;
}

/** Cost of each edge for a mode and metric: Infinity where the mode may not drive it. */
export function edgeCost(graph: RoutingGraph, mode: RoutingMode, isoMode: IsoMode): (edge: number) => number {
  const times = graph.times[mode];
  if (isoMode === 'isochrone') return (edge) => times[edge]!;
  const lengths = graph.lengths;
  return (edge) => (times[edge]! === Infinity ? Infinity : lengths[edge]!);
}

/**
 * Per-graph scratch memory reused between searches: costs are valid only where `stamp` equals
 * the current search's number, so nothing is cleared between queries.
 */
export class SearchScratch {
  readonly cost: Float64Array;
  readonly stamp: Uint32Array;
  readonly settledFlag: Uint32Array;
  /**
   * Nodes by cost. Keys are never decreased in place: a node is pushed again when a shorter way is
   * found and its stale entries are skipped when popped (simpler, and as fast on road graphs).
   * flatqueue rather than our own typed-array heap: faster on the same searches (bench/routing/heap.bench.ts).
   */
  readonly heap = new FlatQueue<number>();
  /** The nodes reached, in `settled[0 .. count - 1]`; grown by doubling. */
  settled: Uint32Array;
  private current = 0;

  constructor(nodeCount: number) {
    this.cost = new Float64Array(nodeCount);
    this.stamp = new Uint32Array(nodeCount);
    this.settledFlag = new Uint32Array(nodeCount);
    this.settled = new Uint32Array(Math.min(nodeCount, 1 << 16));
  }

  /** A new search's number, with an empty heap. */
  nextRun(): number {
    this.heap.clear();
    return ++this.current;
  }

  growSettled(): void {
    const bigger = new Uint32Array(this.settled.length * 2);
    bigger.set(this.settled);
    this.settled = bigger;
  }

  result(run: number, count: number, budget: number): SearchResult {
    const { settledFlag, cost } = this;
    return {
      settled: this.settled.subarray(0, count),
      budget,
      costOf: (node) => (settledFlag[node] === run ? cost[node]! : Infinity),
    };
  }
}

/**
 * Where a search leaves each start: the two ends of its segment at their share of the segment's
 * cost (plus what the start has already cost, `startCosts`). Departing, the to node along the
 * forward edge (the rest of it) and the from node along the backward edge (its share `fraction`);
 * arriving, the from node along the forward edge and the to node along the backward one.
 */
export function forEachStartNode(
  graph: RoutingGraph, weight: (edge: number) => number, starts: readonly SnappedPoint[], direction: Direction,
  startCosts: ArrayLike<number> | undefined, visit: (node: number, cost: number) => void,
): void {
  for (const [i, start] of starts.entries()) {
    const forward = graph.segmentForward[start.segment]!;
    const backward = graph.segmentBackward[start.segment]!;
    const initial = startCosts ? startCosts[i]! : 0;
    const from = graph.segmentFrom[start.segment]!;
    const to = graph.segmentTo[start.segment]!;
    // Checked before multiplying: a forbidden direction (Infinity) at fraction 0 would give NaN.
    if (direction === 'departure') {
      if (forward >= 0 && weight(forward) !== Infinity) visit(to, initial + weight(forward) * (1 - start.fraction));
      if (backward >= 0 && weight(backward) !== Infinity) visit(from, initial + weight(backward) * start.fraction);
    } else {
      if (forward >= 0 && weight(forward) !== Infinity) visit(from, initial + weight(forward) * start.fraction);
      if (backward >= 0 && weight(backward) !== Infinity) visit(to, initial + weight(backward) * (1 - start.fraction));
    }
  }
}
