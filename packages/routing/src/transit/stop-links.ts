import type { RoutingGraph } from '../graph/routing-graph.js';
import type { SearchResult } from '../query/bounded-search.js';
import type { SnappedPoint } from '../query/snap.js';

/** Walking speed off the network (stop to its road, in m/s): the walk profile's 5 km/h. */
export const WALK_METERS_PER_SECOND = 5 / 3.6;

/**
 * The walking cost of a point on a segment from a search's costs: from either end of its segment
 * along that end's share of it (walking has no one-ways, so either edge's time tells the
 * segment's). Infinity when neither end was reached.
 */
export function walkCostToPoint(graph: RoutingGraph, result: SearchResult, segment: number, fraction: number): number {
  const forward = graph.segmentForward[segment]!;
  const edge = forward >= 0 ? forward : graph.segmentBackward[segment]!;
  const seconds = edge >= 0 ? graph.times.walk[edge]! : Infinity;
  if (seconds === Infinity) return Infinity;
  const fromA = result.costOf(graph.segmentFrom[segment]!) + seconds * fraction;
  const fromB = result.costOf(graph.segmentTo[segment]!) + seconds * (1 - fraction);
  return Math.min(fromA, fromB);
}

/** A stop as a start of a walking search: its linked point on the network. */
export function stopAsStart(lon: number, lat: number, segment: number, fraction: number): SnappedPoint {
  return { segment, fraction, lon, lat, distance: 0 };
}
