import type { RoutingGraph } from './routing-graph.js';

/**
 * The graph's edges grouped by the node they arrive at, for searches that run backwards ("from
 * where can one reach this point"): the edges arriving at node `n` are `offsets[n] .. offsets[n + 1] - 1`,
 * each with its `sources` node and its index in the forward arrays (`edges`), where its length and
 * per-mode times are read: nothing is copied but the order. 4 bytes per node and 8 per edge.
 */
export interface ReversedEdges {
  offsets: Uint32Array;
  sources: Uint32Array;
  edges: Uint32Array;
}

const built = new WeakMap<RoutingGraph, ReversedEdges>();

/**
 * Built on the first backward search of a graph in a thread (a counting sort by target, linear in
 * edges) and kept for the thread's life; departure searches never pay for it.
 */
export function reversedEdges(graph: RoutingGraph): ReversedEdges {
  let reversed = built.get(graph);
  if (!reversed) built.set(graph, (reversed = buildReversedEdges(graph)));
  return reversed;
}

export function buildReversedEdges(graph: Pick<RoutingGraph, 'offsets' | 'targets'>): ReversedEdges {
  const { offsets, targets } = graph;
  const nodeCount = offsets.length - 1;
  const edgeCount = targets.length;
  const reversedOffsets = new Uint32Array(nodeCount + 1);
  for (let e = 0; e < edgeCount; e++) reversedOffsets[targets[e]! + 1]!++;
  for (let n = 0; n < nodeCount; n++) reversedOffsets[n + 1]! += reversedOffsets[n]!;
  const next = reversedOffsets.slice(0, nodeCount);
  const sources = new Uint32Array(edgeCount);
  const edges = new Uint32Array(edgeCount);
  for (let node = 0; node < nodeCount; node++) {
    for (let e = offsets[node]!, end = offsets[node + 1]!; e < end; e++) {
      const slot = next[targets[e]!]!++;
      sources[slot] = node;
      edges[slot] = e;
    }
  }
  return { offsets: reversedOffsets, sources, edges };
}
