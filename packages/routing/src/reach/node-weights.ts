/**
 * Populations as weights on the road graph's nodes, so that what a search reaches can be summed:
 * a territorial unit with a boundary spreads its count evenly over the nodes of the mode's roads
 * inside it (people live along the roads of their commune, not at its town hall); a unit without
 * a boundary (a city's position), or a boundary with no such road inside, puts it on the node
 * nearest to its point.
 */
import type { MultiPolygon, Polygon } from 'geojson';
import type { RoutingGraph } from '../graph/routing-graph.js';
import { modeBit } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import { PolygonIndex } from '../polygon/shape-quality.js';
import { snapToRoad, type SnappedPoint } from '../query/snap.js';

/** A count to place: a territorial unit's population, its position (or label point) and its boundary when it has one. */
export interface WeightSource {
  value: number;
  point: [number, number];
  boundary?: Polygon | MultiPolygon;
}

export interface WeightsSpread {
  /** Of the sources' total, what was put on nodes. */
  placed: number;
  /** What lies farther than the snapping distance from any road of the mode (a hamlet off the extract). */
  unplaced: number;
  /** Sources spread over the nodes inside their boundary (the others went to one node). */
  spreadOverBoundary: number;
}

/** Adds each source's value to `weights` (one entry per node of the graph). */
export function spreadNodeWeights(graph: RoutingGraph, mode: RoutingMode, sources: readonly WeightSource[], weights: Float32Array): WeightsSpread {
  const spread: WeightsSpread = { placed: 0, unplaced: 0, spreadOverBoundary: 0 };
  for (const source of sources) {
    if (!(source.value > 0)) continue;
    const inside = source.boundary ? nodesInside(graph, mode, source.boundary) : [];
    if (inside.length > 0) {
      const share = source.value / inside.length;
      for (const node of inside) weights[node] = weights[node]! + share;
      spread.spreadOverBoundary += 1;
      spread.placed += source.value;
      continue;
    }
    const node = nearestNode(graph, mode, source.point);
    if (node < 0) {
      spread.unplaced += source.value;
      continue;
    }
    weights[node] = weights[node]! + source.value;
    spread.placed += source.value;
  }
  return spread;
}

/** The node of the mode's roads nearest to a point (an end of the nearest segment), -1 when none lies within the snapping distance. */
export function nearestNode(graph: RoutingGraph, mode: RoutingMode, [lon, lat]: [number, number]): number {
  const snapped = snapToRoad(graph, mode, lon, lat);
  return snapped ? nearerEnd(graph, snapped) : -1;
}

const nearerEnd = (graph: RoutingGraph, snapped: SnappedPoint): number =>
  snapped.fraction < 0.5 ? graph.segmentFrom[snapped.segment]! : graph.segmentTo[snapped.segment]!;

/** The distinct nodes of the mode's segments that lie inside the boundary. */
export function nodesInside(graph: RoutingGraph, mode: RoutingMode, boundary: Polygon | MultiPolygon): number[] {
  const polygon: MultiPolygon = boundary.type === 'Polygon' ? { type: 'MultiPolygon', coordinates: [boundary.coordinates] } : boundary;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of polygon.coordinates.flat()) {
    for (const [x, y] of ring as [number, number][]) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  if (!(minX <= maxX)) return [];
  const bit = modeBit(graph, mode);
  const segments = graph.segmentIndex.search(minX, minY, maxX, maxY, (i) => (graph.segmentModes[i]! & bit) !== 0);
  const index = new PolygonIndex(polygon);
  const seen = new Set<number>();
  const inside: number[] = [];
  for (const segment of segments) {
    for (const node of [graph.segmentFrom[segment]!, graph.segmentTo[segment]!]) {
      if (seen.has(node)) continue;
      seen.add(node);
      const x = graph.lon[node]!;
      const y = graph.lat[node]!;
      if (x >= minX && x <= maxX && y >= minY && y <= maxY && index.contains(x, y)) inside.push(node);
    }
  }
  return inside;
}
