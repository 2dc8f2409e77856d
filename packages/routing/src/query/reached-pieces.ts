import type { RoutingGraph } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import type { IsoMode, SearchResult } from './bounded-search.js';
import type { SnappedPoint } from './snap.js';

/**
 * Reached road as flat numbers, PIECE_STRIDE per piece: lon1, lat1, lon2, lat2, then the budget
 * left (seconds or metres) at each end, then the piece's length in metres.
 */
export type ReachedPieces = Float64Array;
export const PIECE_STRIDE = 7;

/**
 * The road reached within `budget` (≤ the search's budget): the start point, the start segment on
 * either side of it, every edge leaving a reached node, and at the frontier the part of an edge
 * the remaining budget covers, so the area ends where the budget runs out, not at the last
 * junction. Written into one typed array: this runs over every reached edge, often 100 k+.
 */
export function reachedPieces(
  graph: RoutingGraph,
  mode: RoutingMode,
  isoMode: IsoMode,
  start: SnappedPoint,
  result: SearchResult,
  budget: number,
): ReachedPieces {
  const { lon, lat, offsets, targets, lengths } = graph;
  const times = graph.times[mode];
  const byLength = isoMode === 'isodistance';
  const { settled } = result;
  // At most one piece per edge leaving a settled node, two for the start segment, one for the start point.
  let capacity = 3;
  for (let i = 0; i < settled.length; i++) capacity += offsets[settled[i]! + 1]! - offsets[settled[i]!]!;
  const out = new Float64Array(capacity * PIECE_STRIDE);
  out[2] = out[0] = start.lon;
  out[3] = out[1] = start.lat;
  out[5] = out[4] = budget;
  let n = PIECE_STRIDE;
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
  const a = graph.segmentFrom[start.segment]!;
  const b = graph.segmentTo[start.segment]!;
  const forward = graph.segmentForward[start.segment]!;
  const backward = graph.segmentBackward[start.segment]!;
  if (forward >= 0) edgePart(a, b, forward, start.fraction, budget);
  if (backward >= 0) edgePart(b, a, backward, 1 - start.fraction, budget);

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
