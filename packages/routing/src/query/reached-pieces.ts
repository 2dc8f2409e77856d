import type { RoutingGraph } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import type { Direction, IsoMode, SearchResult } from './bounded-search.js';
import type { SnappedPoint } from './snap.js';
import { reversedEdges } from '../graph/reversed-edges.js';

/**
 * Reached road as flat numbers, PIECE_STRIDE per piece: lon1, lat1, lon2, lat2, then the budget
 * left (seconds or metres) at each end, then the piece's length in metres.
 */
export type ReachedPieces = Float64Array;
export const PIECE_STRIDE = 7;

/**
 * The road reached within `budget` (≤ the search's budget): each start point, its segment on
 * either side of it, every edge leaving a reached node, and at the frontier the part of an edge
 * the remaining budget covers, so the area ends where the budget runs out, not at the last
 * junction. Written into one typed array: this runs over every reached edge, often 100 k+.
 * For an arrival search (`direction`), the edges arriving at reached nodes instead, from their end.
 * `startCosts`: the cost already spent at each start (as given to the search).
 */
export function reachedPieces(
  graph: RoutingGraph,
  mode: RoutingMode,
  isoMode: IsoMode,
  starts: SnappedPoint | readonly SnappedPoint[],
  result: SearchResult,
  budget: number,
  direction: Direction = 'departure',
  startCosts?: ArrayLike<number>,
): ReachedPieces {
  const startList: readonly SnappedPoint[] = Array.isArray(starts) ? starts : [starts as SnappedPoint];
  return direction === 'arrival'
    ? arrivalPieces(graph, mode, isoMode, startList, result, budget)
    : departurePieces(graph, mode, isoMode, startList, result, budget, startCosts);
}

function departurePieces(
  graph: RoutingGraph,
  mode: RoutingMode,
  isoMode: IsoMode,
  startList: readonly SnappedPoint[],
  result: SearchResult,
  budget: number,
  startCosts?: ArrayLike<number>,
): ReachedPieces {
  const { lon, lat, offsets, targets, lengths } = graph;
  const times = graph.times[mode];
  const byLength = isoMode === 'isodistance';
  const { settled } = result;
  // At most one piece per edge leaving a settled node, and per start two for its segment, one for the point.
  let capacity = 3 * startList.length;
  for (let i = 0; i < settled.length; i++) capacity += offsets[settled[i]! + 1]! - offsets[settled[i]!]!;
  const out = new Float64Array(capacity * PIECE_STRIDE);
  let n = 0;
  // Written out by hand: this loop visits every reached edge, and a call per piece doubled its cost.
  const edgePart = (from: number, to: number, edge: number, startFraction: number, remaining: number) => {
    const time = times[edge]!;
    if (time === Infinity || remaining <= 0) return;
    const cost = byLength ? lengths[edge]! : time;
    const available = 1 - startFraction;
    const covered = cost > 0 ? Math.min(available, remaining / cost) : available;
    const ax = lon[from]!;
    const ay = lat[from]!;
    const dx = lon[to]! - ax;
    const dy = lat[to]! - ay;
    const t = startFraction + covered;
    out[n] = ax + dx * startFraction;
    out[n + 1] = ay + dy * startFraction;
    out[n + 2] = ax + dx * t;
    out[n + 3] = ay + dy * t;
    out[n + 4] = remaining;
    out[n + 5] = remaining - covered * cost;
    out[n + 6] = lengths[edge]! * covered;
    n += PIECE_STRIDE;
  };
  for (const [i, start] of startList.entries()) {
    // A start reached only after some cost (a transit stop) has that much less to spare.
    const left = budget - (startCosts ? startCosts[i]! : 0);
    if (!(left > 0)) continue;
    out[n + 2] = out[n] = start.lon;
    out[n + 3] = out[n + 1] = start.lat;
    out[n + 5] = out[n + 4] = left;
    n += PIECE_STRIDE;
    const a = graph.segmentFrom[start.segment]!;
    const b = graph.segmentTo[start.segment]!;
    const forward = graph.segmentForward[start.segment]!;
    const backward = graph.segmentBackward[start.segment]!;
    if (forward >= 0) edgePart(a, b, forward, start.fraction, left);
    if (backward >= 0) edgePart(b, a, backward, 1 - start.fraction, left);
  }

  // From a settled node every edge starts at its beginning (fraction 0).
  for (let i = 0; i < settled.length; i++) {
    const node = settled[i]!;
    const remaining = budget - result.costOf(node);
    if (!(remaining > 0)) continue;
    const ax = lon[node]!;
    const ay = lat[node]!;
    for (let e = offsets[node]!, end = offsets[node + 1]!; e < end; e++) {
      const time = times[e]!;
      if (time === Infinity) continue;
      const length = lengths[e]!;
      const cost = byLength ? length : time;
      const covered = cost > remaining ? remaining / cost : 1;
      const target = targets[e]!;
      out[n] = ax;
      out[n + 1] = ay;
      out[n + 2] = ax + (lon[target]! - ax) * covered;
      out[n + 3] = ay + (lat[target]! - ay) * covered;
      out[n + 4] = remaining;
      out[n + 5] = remaining - covered * cost;
      out[n + 6] = length * covered;
      n += PIECE_STRIDE;
    }
  }
  return out.subarray(0, n);
}

/**
 * The road from which the targets are reached within `budget`: each target point, the part of its
 * segment that leads to it (before it along the forward edge, after it along the backward one),
 * and every edge arriving at a reached node, from that node back towards the edge's source as far
 * as the budget left there covers. The budget left at a piece's ends is the time (or distance)
 * still to spare when setting off from there.
 */
function arrivalPieces(
  graph: RoutingGraph,
  mode: RoutingMode,
  isoMode: IsoMode,
  targetsOnRoad: readonly SnappedPoint[],
  result: SearchResult,
  budget: number,
): ReachedPieces {
  const { lon, lat, lengths } = graph;
  const times = graph.times[mode];
  const byLength = isoMode === 'isodistance';
  const { offsets, sources, edges } = reversedEdges(graph);
  const { settled } = result;
  let capacity = 3 * targetsOnRoad.length;
  for (let i = 0; i < settled.length; i++) capacity += offsets[settled[i]! + 1]! - offsets[settled[i]!]!;
  const out = new Float64Array(capacity * PIECE_STRIDE);
  let n = 0;
  const piece = (ax: number, ay: number, bx: number, by: number, remaining: number, cost: number, covered: number, length: number) => {
    out[n] = ax;
    out[n + 1] = ay;
    out[n + 2] = ax + (bx - ax) * covered;
    out[n + 3] = ay + (by - ay) * covered;
    out[n + 4] = remaining;
    out[n + 5] = remaining - covered * cost;
    out[n + 6] = length * covered;
    n += PIECE_STRIDE;
  };
  for (const target of targetsOnRoad) {
    out[n + 2] = out[n] = target.lon;
    out[n + 3] = out[n + 1] = target.lat;
    out[n + 5] = out[n + 4] = budget;
    n += PIECE_STRIDE;
    const a = graph.segmentFrom[target.segment]!;
    const b = graph.segmentTo[target.segment]!;
    // From the target back towards a (driven a → target on the forward edge), and towards b (backward edge).
    for (const [edge, end, share] of [[graph.segmentForward[target.segment]!, a, target.fraction], [graph.segmentBackward[target.segment]!, b, 1 - target.fraction]] as const) {
      if (edge < 0 || times[edge] === Infinity || share <= 0) continue;
      const cost = byLength ? lengths[edge]! : times[edge]!;
      const covered = cost > 0 ? Math.min(1, budget / (cost * share)) : 1;
      piece(target.lon, target.lat, lon[end]!, lat[end]!, budget, cost * share, covered, lengths[edge]! * share);
    }
  }
  for (let i = 0; i < settled.length; i++) {
    const node = settled[i]!;
    const remaining = budget - result.costOf(node);
    if (!(remaining > 0)) continue;
    for (let k = offsets[node]!, end = offsets[node + 1]!; k < end; k++) {
      const e = edges[k]!;
      const time = times[e]!;
      if (time === Infinity) continue;
      const cost = byLength ? lengths[e]! : time;
      const source = sources[k]!;
      piece(lon[node]!, lat[node]!, lon[source]!, lat[source]!, remaining, cost, cost > remaining ? remaining / cost : 1, lengths[e]!);
    }
  }
  return out.subarray(0, n);
}
