import type { RoutingGraph } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import type { SnappedPoint } from './snap.js';
import { reversedEdges } from '../graph/reversed-edges.js';
import { roadChains } from '../graph/road-chains.js';
import { CANCELLATION_CHECK_EVERY, throwIfCancelled } from './cancellation.js';
import { chainSearch } from './chain-search.js';
import { edgeCost, forEachStartNode, SearchScratch, type Direction, type IsoMode, type SearchResult } from './search-scratch.js';

export { edgeCost, type Direction, type IsoMode, type SearchResult } from './search-scratch.js';

export interface SearchWorkspaceOptions {
  /**
   * Search every node of the graph instead of its chains (query/chain-search.ts): the same answer,
   * several times slower; the reference the chain search is tested and measured against.
   */
  plain?: boolean;
}

/**
 * Per-graph scratch memory reused between searches (search-scratch.ts), and the searches: by
 * default on the graph's chains of degree-2 nodes (query/chain-search.ts), or node by node.
 */
export class SearchWorkspace {
  private readonly scratch: SearchScratch;
  private readonly plain: boolean;

  constructor(private readonly graph: RoutingGraph, options: SearchWorkspaceOptions = {}) {
    this.scratch = new SearchScratch(graph.header.nodeCount);
    this.plain = options.plain ?? false;
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
    if (!this.plain) return chainSearch(this.scratch, this.graph, roadChains(this.graph), starts, mode, isoMode, budget, direction, startCosts);
    if (direction === 'arrival') return this.searchTo(starts, mode, isoMode, budget);
    const { graph, scratch } = this;
    const { cost, stamp, settledFlag, heap } = scratch;
    const run = scratch.nextRun();
    const times = graph.times[mode];
    const lengths = isoMode === 'isodistance' ? graph.lengths : null;
    forEachStartNode(graph, edgeCost(graph, mode, isoMode), starts, 'departure', startCosts, (node, value) => this.offer(run, node, value, budget));

    const { offsets, targets } = graph;
    let settledCount = 0;
    while (heap.length > 0) {
      const key = heap.peekValue()!;
      const node = heap.pop()!;
      if (settledFlag[node] === run || key > cost[node]!) continue;
      settledFlag[node] = run;
      if (settledCount === scratch.settled.length) scratch.growSettled();
      scratch.settled[settledCount++] = node;
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
    return scratch.result(run, settledCount, budget);
  }

  /**
   * The same search backwards, on the edges arriving at each node (graph/reversed-edges.ts): each
   * node's cost is that of driving from it to the nearest of the targets. A target at `fraction`
   * of its segment is reached from the segment's from node along its forward edge (that share of
   * it), from its to node along its backward edge (the rest). Kept apart from the departure loop so
   * that loop stays as it was.
   */
  private searchTo(targetsOnRoad: readonly SnappedPoint[], mode: RoutingMode, isoMode: IsoMode, budget: number): SearchResult {
    const { graph, scratch } = this;
    const { cost, stamp, settledFlag, heap } = scratch;
    const run = scratch.nextRun();
    const times = graph.times[mode];
    const lengths = isoMode === 'isodistance' ? graph.lengths : null;
    forEachStartNode(graph, edgeCost(graph, mode, isoMode), targetsOnRoad, 'arrival', undefined, (node, value) => this.offer(run, node, value, budget));

    const { offsets, sources, edges } = reversedEdges(graph);
    let settledCount = 0;
    while (heap.length > 0) {
      const key = heap.peekValue()!;
      const node = heap.pop()!;
      if (settledFlag[node] === run || key > cost[node]!) continue;
      settledFlag[node] = run;
      if (settledCount === scratch.settled.length) scratch.growSettled();
      scratch.settled[settledCount++] = node;
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
    return scratch.result(run, settledCount, budget);
  }

  /** A start's node at its cost, when within the budget. */
  private offer(run: number, node: number, value: number, budget: number): void {
    if (!(value <= budget)) return;
    const { stamp, cost, heap } = this.scratch;
    if (stamp[node] !== run || value < cost[node]!) {
      stamp[node] = run;
      cost[node] = value;
      heap.push(node, value);
    }
  }
}
