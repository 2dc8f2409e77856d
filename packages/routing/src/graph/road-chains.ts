import type { RoutingMode } from '../modes.js';
import type { RoutingGraph } from './routing-graph.js';

/**
 * The graph with its degree-2 nodes folded into chains, for searching: most OSM nodes only shape
 * a road between two junctions, and a Dijkstra that settles each of them pays a heap operation
 * per node. A junction is a node with other than two neighbours (a dead end, a crossing), and one
 * node of every ring that has none. A chain is the road between two junctions (possibly the same
 * one), its steps the original segments in order; a junction's incident chains are its "halves".
 *
 * Half `h` is `2 * chain + side`: side 0 leaves the chain's first junction along the chain (its
 * forward direction), side 1 its last junction, backwards. `halfTimes[mode][h]` is the time of
 * the whole chain driven in that half's direction (Infinity when any step forbids it), summed in
 * Float64 so that a node's cost through a chain equals, to rounding, the sum over its edges.
 *
 * Interior nodes carry their chain and the step arriving at them, so a search can start inside a
 * chain and give every interior node its exact cost by walking the chain from its ends.
 */
export interface RoadChains {
  /** Halves leaving junction `n`: `halfOffsets[n] .. halfOffsets[n + 1] - 1` (none for interior nodes). */
  halfOffsets: Uint32Array;
  /** Per entry: the half (2 * chain + side) and the junction at its other end. */
  halves: Uint32Array;
  halfTargets: Uint32Array;
  /** Per half, seconds per mode for the whole chain in that direction. */
  halfTimes: Record<RoutingMode, Float64Array>;
  /** Per chain, metres. */
  chainLengths: Float64Array;
  /** Per chain: its first junction, and its steps `chainSteps[c] .. chainSteps[c + 1] - 1`. */
  chainFirstNode: Uint32Array;
  chainSteps: Uint32Array;
  /** Per step: the node it arrives at, and the original edges along it forwards and backwards (-1: none). */
  stepNodes: Uint32Array;
  stepForward: Int32Array;
  stepBackward: Int32Array;
  /** Per node: its chain (-1 for a junction) and, for an interior node, the step arriving at it. */
  nodeChain: Int32Array;
  nodeStep: Uint32Array;
}

export function chainCount(chains: RoadChains): number {
  return chains.chainFirstNode.length;
}

/** Bytes held by the chain arrays (what contraction adds to a graph's memory). */
export function roadChainsBytes(chains: RoadChains): number {
  let bytes = 0;
  for (const value of Object.values(chains)) {
    if (ArrayBuffer.isView(value)) bytes += value.byteLength;
    else for (const array of Object.values(value as Record<string, Float64Array>)) bytes += array.byteLength;
  }
  return bytes;
}

const built = new WeakMap<RoutingGraph, RoadChains>();

/** The graph's chains: built on the first search of a graph in a thread, then kept. */
export function roadChains(graph: RoutingGraph): RoadChains {
  let chains = built.get(graph);
  if (!chains) built.set(graph, (chains = buildRoadChains(graph)));
  return chains;
}

type ChainSource = Pick<RoutingGraph, 'header' | 'lengths' | 'times' | 'segmentFrom' | 'segmentTo' | 'segmentForward' | 'segmentBackward'>;

/** Folds the degree-2 nodes of the graph into chains (linear in nodes and segments). */
export function buildRoadChains(graph: ChainSource): RoadChains {
  const nodeCount = graph.header.nodeCount;
  const { segmentFrom, segmentTo, segmentForward, segmentBackward } = graph;
  const segmentCount = segmentFrom.length;
  const routable = (s: number) => segmentForward[s]! >= 0 || segmentBackward[s]! >= 0;

  // Undirected incidence: the routable segments at each node.
  const incidentOffsets = new Uint32Array(nodeCount + 1);
  for (let s = 0; s < segmentCount; s++) {
    if (!routable(s)) continue;
    incidentOffsets[segmentFrom[s]! + 1]!++;
    incidentOffsets[segmentTo[s]! + 1]!++;
  }
  for (let n = 0; n < nodeCount; n++) incidentOffsets[n + 1]! += incidentOffsets[n]!;
  const incident = new Uint32Array(incidentOffsets[nodeCount]!);
  const fill = incidentOffsets.slice(0, nodeCount);
  for (let s = 0; s < segmentCount; s++) {
    if (!routable(s)) continue;
    incident[fill[segmentFrom[s]!]!++] = s;
    incident[fill[segmentTo[s]!]!++] = s;
  }
  const otherEnd = (s: number, node: number) => (segmentFrom[s] === node ? segmentTo[s]! : segmentFrom[s]!);

  // Interior: exactly two segments, to two different nodes (two parallel segments make a junction).
  const junction = new Uint8Array(nodeCount);
  for (let n = 0; n < nodeCount; n++) {
    const first = incidentOffsets[n]!;
    junction[n] = incidentOffsets[n + 1]! - first !== 2 || otherEnd(incident[first]!, n) === otherEnd(incident[first + 1]!, n) ? 1 : 0;
  }

  const stepNodes: number[] = [];
  const stepForward: number[] = [];
  const stepBackward: number[] = [];
  const chainFirstNode: number[] = [];
  const chainSteps: number[] = [];
  const nodeChain = new Int32Array(nodeCount).fill(-1);
  const nodeStep = new Uint32Array(nodeCount);
  const used = new Uint8Array(segmentCount);

  const walkChain = (start: number, firstSegment: number) => {
    const chain = chainFirstNode.length;
    chainFirstNode.push(start);
    chainSteps.push(stepNodes.length);
    let node = start;
    let segment = firstSegment;
    for (;;) {
      used[segment] = 1;
      const forwards = segmentFrom[segment] === node;
      const next = forwards ? segmentTo[segment]! : segmentFrom[segment]!;
      stepForward.push(forwards ? segmentForward[segment]! : segmentBackward[segment]!);
      stepBackward.push(forwards ? segmentBackward[segment]! : segmentForward[segment]!);
      stepNodes.push(next);
      if (junction[next]) return;
      nodeChain[next] = chain;
      nodeStep[next] = stepNodes.length - 1;
      const first = incidentOffsets[next]!;
      segment = incident[first] === segment ? incident[first + 1]! : incident[first]!;
      node = next;
    }
  };
  const chainsFrom = (node: number) => {
    for (let k = incidentOffsets[node]!, end = incidentOffsets[node + 1]!; k < end; k++) {
      if (!used[incident[k]!]) walkChain(node, incident[k]!);
    }
  };
  for (let n = 0; n < nodeCount; n++) if (junction[n]) chainsFrom(n);
  // Rings of degree-2 nodes only: one of their nodes becomes their junction.
  for (let n = 0; n < nodeCount; n++) {
    if (junction[n] || nodeChain[n]! >= 0) continue;
    junction[n] = 1;
    chainsFrom(n);
  }
  const count = chainFirstNode.length;
  chainSteps.push(stepNodes.length);

  const chainLengths = new Float64Array(count);
  const halfTimes = Object.fromEntries(graph.header.modes.map((mode) => [mode, new Float64Array(2 * count)])) as Record<RoutingMode, Float64Array>;
  for (let c = 0; c < count; c++) {
    let length = 0;
    for (let i = chainSteps[c]!; i < chainSteps[c + 1]!; i++) {
      const edge = stepForward[i]! >= 0 ? stepForward[i]! : stepBackward[i]!;
      length += graph.lengths[edge]!;
    }
    chainLengths[c] = length;
    for (const mode of graph.header.modes) {
      const times = graph.times[mode];
      for (const [side, edges] of [[0, stepForward], [1, stepBackward]] as const) {
        let total = 0;
        for (let i = chainSteps[c]!; i < chainSteps[c + 1]! && total !== Infinity; i++) {
          total = edges[i]! < 0 ? Infinity : total + times[edges[i]!]!;
        }
        halfTimes[mode][2 * c + side] = total;
      }
    }
  }

  // Each chain is a half at both its ends.
  const halfOffsets = new Uint32Array(nodeCount + 1);
  const lastNode = (c: number) => stepNodes[chainSteps[c + 1]! - 1]!;
  for (let c = 0; c < count; c++) {
    halfOffsets[chainFirstNode[c]! + 1]!++;
    halfOffsets[lastNode(c) + 1]!++;
  }
  for (let n = 0; n < nodeCount; n++) halfOffsets[n + 1]! += halfOffsets[n]!;
  const halves = new Uint32Array(2 * count);
  const halfTargets = new Uint32Array(2 * count);
  const next = halfOffsets.slice(0, nodeCount);
  for (let c = 0; c < count; c++) {
    const first = chainFirstNode[c]!;
    const last = lastNode(c);
    halves[next[first]!] = 2 * c;
    halfTargets[next[first]!++] = last;
    halves[next[last]!] = 2 * c + 1;
    halfTargets[next[last]!++] = first;
  }

  return {
    halfOffsets, halves, halfTargets, halfTimes, chainLengths,
    chainFirstNode: Uint32Array.from(chainFirstNode),
    chainSteps: Uint32Array.from(chainSteps),
    stepNodes: Uint32Array.from(stepNodes),
    stepForward: Int32Array.from(stepForward),
    stepBackward: Int32Array.from(stepBackward),
    nodeChain, nodeStep,
  };
}
