import type { RoutingGraph } from '../graph/routing-graph.js';
import { modeBit } from '../graph/routing-graph.js';
import { localProjection, type LocalProjection } from '../geo.js';
import type { RoutingMode } from '../modes.js';

/** A start point placed on a road: segment `segment`, at `fraction` (0 = its from node, 1 = its to node). */
export interface SnappedPoint {
  segment: number;
  fraction: number;
  lon: number;
  lat: number;
  /** Metres between the requested point and the road. */
  distance: number;
}

/** How far from a road a start may be before it is refused (a point in a field, a lake, another region). */
export const MAX_SNAP_DISTANCE_METERS = 2_000;
const CANDIDATES = 32;

/**
 * Nearest segment usable by the mode. The R-tree returns candidates by bounding-box distance in
 * degrees; their exact distance is computed in a local metric projection and the smallest kept.
 * Returns null when none lies within `maxDistance`.
 */
export function snapToRoad(
  graph: RoutingGraph,
  mode: RoutingMode,
  lon: number,
  lat: number,
  maxDistance = MAX_SNAP_DISTANCE_METERS,
): SnappedPoint | null {
  const bit = modeBit(graph, mode);
  const projection = localProjection(lon, lat);
  const usable = (i: number) => (graph.segmentModes[i]! & bit) !== 0;
  // Degrees of longitude are the shorter ones: a radius in them covers at least that many metres in every direction.
  const degrees = (meters: number) => meters / projection.metersPerDegreeLon;
  const first = nearestAmong(graph, projection, graph.segmentIndex.neighbors(lon, lat, CANDIDATES, degrees(maxDistance), usable));
  if (!first || first.distance > maxDistance) return null;
  // The index ranks by bounding box in degrees, not by metres: look again at everything within the distance found.
  const all = graph.segmentIndex.neighbors(lon, lat, Infinity, degrees(first.distance) * 1.001 + 1e-9, usable);
  const best = nearestAmong(graph, projection, all) ?? first;
  return best.distance <= first.distance ? best : first;
}

function nearestAmong(graph: RoutingGraph, projection: LocalProjection, candidates: number[]): SnappedPoint | null {
  let best: SnappedPoint | null = null;
  for (const segment of candidates) {
    const a = graph.segmentFrom[segment]!;
    const b = graph.segmentTo[segment]!;
    const ax = projection.x(graph.lon[a]!);
    const ay = projection.y(graph.lat[a]!);
    const bx = projection.x(graph.lon[b]!);
    const by = projection.y(graph.lat[b]!);
    const dx = bx - ax;
    const dy = by - ay;
    const squared = dx * dx + dy * dy;
    const fraction = squared > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / squared)) : 0;
    const px = ax + fraction * dx;
    const py = ay + fraction * dy;
    const distance = Math.hypot(px, py);
    if (!best || distance < best.distance) best = { segment, fraction, lon: projection.lon(px), lat: projection.lat(py), distance };
  }
  return best;
}
