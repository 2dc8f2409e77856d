import { buildRoadChains } from './road-chains.js';
import type { RoutingGraph } from './routing-graph.js';

/**
 * A node order in which the nodes of each chain (graph/road-chains.ts) follow one another: each
 * chain's first junction (when not placed yet), then its interior nodes in order. OSM ids, the
 * import's first order, scatter the nodes of one road (only a third of a chain's steps joined ids
 * within 8 of each other on Mannheim–Heidelberg), so a search walking a road jumped around memory.
 * Returns the old node at each new position. Not applied at import yet: bench/routing/contraction.bench.ts
 * measures what it would give.
 */
export function chainOrder(graph: RoutingGraph): Uint32Array {
  const { chainFirstNode, chainSteps, stepNodes } = buildRoadChains(graph);
  const nodeCount = graph.header.nodeCount;
  const order = new Uint32Array(nodeCount);
  const placed = new Uint8Array(nodeCount);
  let next = 0;
  const place = (node: number) => {
    if (placed[node]) return;
    placed[node] = 1;
    order[next++] = node;
  };
  for (let c = 0; c < chainFirstNode.length; c++) {
    place(chainFirstNode[c]!);
    for (let i = chainSteps[c]!; i < chainSteps[c + 1]!; i++) place(stepNodes[i]!);
  }
  for (let node = 0; node < nodeCount; node++) place(node);
  return order;
}

/** The same graph with its nodes renumbered (`order[new] = old`): edges, segments and their edges follow; segment numbers stay. */
export function renumberNodes(graph: RoutingGraph, order: Uint32Array): RoutingGraph {
  const nodeCount = graph.header.nodeCount;
  const newIndex = new Uint32Array(nodeCount);
  for (let i = 0; i < nodeCount; i++) newIndex[order[i]!] = i;
  const offsets = new Uint32Array(nodeCount + 1);
  for (let i = 0; i < nodeCount; i++) offsets[i + 1] = offsets[i]! + graph.offsets[order[i]! + 1]! - graph.offsets[order[i]!]!;
  const edgeCount = graph.targets.length;
  const newEdge = new Uint32Array(edgeCount);
  const targets = new Uint32Array(edgeCount);
  const lengths = new Float32Array(edgeCount);
  const times = Object.fromEntries(graph.header.modes.map((mode) => [mode, new Float32Array(edgeCount)])) as RoutingGraph['times'];
  for (let i = 0; i < nodeCount; i++) {
    const old = order[i]!;
    for (let e = graph.offsets[old]!, k = offsets[i]!; e < graph.offsets[old + 1]!; e++, k++) {
      newEdge[e] = k;
      targets[k] = newIndex[graph.targets[e]!]!;
      lengths[k] = graph.lengths[e]!;
      for (const mode of graph.header.modes) times[mode][k] = graph.times[mode][e]!;
    }
  }
  const remapEdge = (edge: number) => (edge < 0 ? edge : newEdge[edge]!);
  return {
    ...graph,
    lon: Float64Array.from(order, (old) => graph.lon[old]!),
    lat: Float64Array.from(order, (old) => graph.lat[old]!),
    offsets, targets, lengths, times,
    segmentFrom: graph.segmentFrom.map((node) => newIndex[node]!),
    segmentTo: graph.segmentTo.map((node) => newIndex[node]!),
    segmentForward: graph.segmentForward.map(remapEdge),
    segmentBackward: graph.segmentBackward.map(remapEdge),
  };
}
