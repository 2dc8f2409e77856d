import type { RoadChains } from '../graph/road-chains.js';
import type { RoutingGraph } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import { CANCELLATION_CHECK_EVERY, throwIfCancelled } from './cancellation.js';
import { edgeCost, forEachStartNode, type Direction, type IsoMode, type SearchResult, type SearchScratch } from './search-scratch.js';
import type { SnappedPoint } from './snap.js';

/**
 * The bounded search on the graph's chains (graph/road-chains.ts), with the plain search's answer:
 * every original node within the budget at its exact cost.
 *
 * 1. Starts: each start's segment ends get their costs as in the plain search. An end inside a
 *    chain is reached there, and the chain is walked from it both ways, edge by edge, to its two
 *    junctions, which are offered to the heap.
 * 2. Dijkstra over junctions only: a settled junction relaxes each chain leaving it at the chain's
 *    total (its time for the mode, or its length; Infinity when a step forbids the mode).
 * 3. Expansion: from every settled junction, each chain leaving it is walked edge by edge, giving
 *    its interior nodes their cost from that end, until the budget runs out, a step forbids the
 *    mode, or the chain's other junction. An interior node keeps the least of its two ends (and of
 *    a start inside its chain): a chain has no other way in, so that is its cost in the full graph.
 *
 * Arriving, costs run towards the start: the chain is walked over the edges that point back to
 * where the walk comes from.
 */
export function chainSearch(
  scratch: SearchScratch, graph: RoutingGraph, chains: RoadChains, starts: readonly SnappedPoint[], mode: RoutingMode,
  isoMode: IsoMode, budget: number, direction: Direction, startCosts?: ArrayLike<number>,
): SearchResult {
  const { cost, stamp, heap } = scratch;
  const run = scratch.nextRun();
  const lengths = isoMode === 'isodistance' ? graph.lengths : null;
  const halfTimes = chains.halfTimes[mode];
  const arrival = direction === 'arrival';
  const { chainFirstNode, chainSteps, nodeChain, nodeStep } = chains;
  const walker = new ChainWalker(scratch, graph, chains, mode, lengths, budget, direction, run);

  const offer = (node: number, value: number) => {
    if (stamp[node] !== run || value < cost[node]!) {
      stamp[node] = run;
      cost[node] = value;
      heap.push(node, value);
    }
  };
  forEachStartNode(graph, edgeCost(graph, mode, isoMode), starts, direction, startCosts, (node, value) => {
    if (!(value <= budget)) return;
    const chain = nodeChain[node]!;
    if (chain < 0) {
      offer(node, value);
      return;
    }
    walker.reach(node, value);
    const position = nodeStep[node]! - chainSteps[chain]! + 1;
    const last = walker.walk(chain, position, value, true);
    if (last >= 0) offer(walker.lastNode(chain), last);
    const first = walker.walk(chain, position, value, false);
    if (first >= 0) offer(chainFirstNode[chain]!, first);
  });

  // Three functions, not one: V8 optimises each loop on its own feedback (one function holding
  // both loops was deoptimised at the expansion after every search).
  settleJunctions(scratch, chains, walker, halfTimes, lengths ? chains.chainLengths : null, budget, arrival, run);
  expandChains(scratch, chains, walker);
  return scratch.result(run, walker.count, budget);
}

/** Dijkstra over the junctions, each chain leaving a settled one at its total for the mode. */
function settleJunctions(
  scratch: SearchScratch, chains: RoadChains, walker: ChainWalker, halfTimes: Float64Array, chainLengths: Float64Array | null,
  budget: number, arrival: boolean, run: number,
): void {
  const { cost, stamp, settledFlag, heap } = scratch;
  const { halfOffsets, halves, halfTargets } = chains;
  while (heap.length > 0) {
    const key = heap.peekValue()!;
    const node = heap.pop()!;
    if (settledFlag[node] === run || key > cost[node]!) continue;
    walker.settle(node);
    for (let k = halfOffsets[node]!, end = halfOffsets[node + 1]!; k < end; k++) {
      const target = halfTargets[k]!;
      if (settledFlag[target] === run) continue;
      const half = halves[k]!;
      const time = halfTimes[arrival ? half ^ 1 : half]!;
      if (time === Infinity) continue;
      const value = key + (chainLengths ? chainLengths[half >>> 1]! : time);
      if (value > budget) continue;
      if (stamp[target] !== run || value < cost[target]!) {
        stamp[target] = run;
        cost[target] = value;
        heap.push(target, value);
      }
    }
  }
}

/** From every settled junction, each chain leaving it walked as far as the budget goes. */
function expandChains(scratch: SearchScratch, chains: RoadChains, walker: ChainWalker): void {
  const { cost } = scratch;
  const { halfOffsets, halves, chainSteps } = chains;
  // Interior nodes have no halves, so only the junctions settled walk their chains.
  for (let i = 0, settledBefore = walker.count; i < settledBefore; i++) {
    const node = scratch.settled[i]!;
    const value = cost[node]!;
    for (let k = halfOffsets[node]!, end = halfOffsets[node + 1]!; k < end; k++) {
      const half = halves[k]!;
      const chain = half >>> 1;
      if ((half & 1) === 0) walker.walk(chain, 0, value, true);
      else walker.walk(chain, chainSteps[chain + 1]! - chainSteps[chain]!, value, false);
    }
  }
}

/**
 * Walks chains edge by edge for one search, listing the nodes it reaches in the scratch's settled
 * array. A class with the search's arrays as fields rather than closures: this runs once per
 * interior node reached, most of the graph's nodes.
 */
class ChainWalker {
  count = 0;
  private nextCheck = CANCELLATION_CHECK_EVERY;
  private readonly times: Float32Array;
  private readonly edgesTowardsLast: Int32Array;
  private readonly edgesTowardsFirst: Int32Array;
  private readonly chainSteps: Uint32Array;
  private readonly stepNodes: Uint32Array;
  private readonly settledFlag: Uint32Array;
  private readonly cost: Float64Array;

  constructor(
    private readonly scratch: SearchScratch, graph: RoutingGraph, chains: RoadChains, mode: RoutingMode,
    private readonly lengths: Float32Array | null, private readonly budget: number, direction: Direction, private readonly run: number,
  ) {
    this.times = graph.times[mode];
    // Departing, a walk towards a chain's last junction drives its forward edges; arriving, the edges
    // the other way (a node's cost is that of driving from it back to where the walk came from).
    this.edgesTowardsLast = direction === 'arrival' ? chains.stepBackward : chains.stepForward;
    this.edgesTowardsFirst = direction === 'arrival' ? chains.stepForward : chains.stepBackward;
    this.chainSteps = chains.chainSteps;
    this.stepNodes = chains.stepNodes;
    this.settledFlag = scratch.settledFlag;
    this.cost = scratch.cost;
  }

  lastNode(chain: number): number {
    return this.stepNodes[this.chainSteps[chain + 1]! - 1]!;
  }

  /** A junction settled by the search (its cost is set): listed. */
  settle(node: number): void {
    this.settledFlag[node] = this.run;
    this.room(1);
    this.scratch.settled[this.count++] = node;
  }

  /** An interior node reached at `value` (≤ budget): listed the first time, its cost the least. */
  reach(node: number, value: number): void {
    if (this.settledFlag[node] !== this.run) {
      this.settledFlag[node] = this.run;
      this.cost[node] = value;
      this.room(1);
      this.scratch.settled[this.count++] = node;
    } else if (value < this.cost[node]!) {
      this.cost[node] = value;
    }
  }

  /**
   * Walks `chain` from its node at `position` (0: its first junction, its step count: its last)
   * towards its last junction or its first, reaching the interior nodes within the budget. Returns
   * the cost at the junction at the far end, or -1 when the walk stops before it.
   *
   * A walk stops at a node already reached at no more than its own cost: whatever reached it
   * first (a walk from the other end, or from a start inside the chain) has reached, or will, every
   * node beyond it in this direction at least as cheaply (a detour over the node and back costs
   * more), and stopped where this walk would (the same edges, a cost no higher). So each interior
   * node is walked about once, not once from each end.
   */
  walk(chain: number, position: number, value: number, towardsLast: boolean): number {
    const { times, lengths, budget, stepNodes, settledFlag, cost, run } = this;
    const base = this.chainSteps[chain]!;
    const steps = this.chainSteps[chain + 1]! - base;
    this.room(steps);
    const settled = this.scratch.settled;
    let count = this.count;
    let reached = -1;
    if (towardsLast) {
      const edges = this.edgesTowardsLast;
      for (let i = base + position, last = base + steps - 1; i <= last; i++) {
        const edge = edges[i]!;
        if (edge < 0) break;
        const time = times[edge]!;
        if (time === Infinity) break;
        value += lengths ? lengths[edge]! : time;
        if (value > budget) break;
        if (i === last) {
          reached = value;
          break;
        }
        const node = stepNodes[i]!;
        if (settledFlag[node] !== run) {
          settledFlag[node] = run;
          cost[node] = value;
          settled[count++] = node;
        } else if (value < cost[node]!) {
          cost[node] = value;
        } else {
          break; // the walk that reached this node first does at least as well beyond it (see walk's comment)
        }
      }
    } else {
      const edges = this.edgesTowardsFirst;
      for (let i = base + position - 1; i >= base; i--) {
        const edge = edges[i]!;
        if (edge < 0) break;
        const time = times[edge]!;
        if (time === Infinity) break;
        value += lengths ? lengths[edge]! : time;
        if (value > budget) break;
        if (i === base) {
          reached = value;
          break;
        }
        const node = stepNodes[i - 1]!;
        if (settledFlag[node] !== run) {
          settledFlag[node] = run;
          cost[node] = value;
          settled[count++] = node;
        } else if (value < cost[node]!) {
          cost[node] = value;
        } else {
          break; // the walk that reached this node first does at least as well beyond it (see walk's comment)
        }
      }
    }
    this.count = count;
    return reached;
  }

  /** Room for `more` nodes in the settled array; polls cancellation every CANCELLATION_CHECK_EVERY nodes listed. */
  private room(more: number): void {
    while (this.count + more > this.scratch.settled.length) this.scratch.growSettled();
    if (this.count >= this.nextCheck) {
      this.nextCheck += CANCELLATION_CHECK_EVERY;
      throwIfCancelled();
    }
  }
}
