import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';
import type { RoutingGraph } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import { RoutingError } from '../errors.js';
import { SearchWorkspace, type Direction, type IsoMode } from './bounded-search.js';
import { reachedAreas } from './reached-road.js';
import { snapToRoad, MAX_SNAP_DISTANCE_METERS, type SnappedPoint } from './snap.js';

export interface IsochroneRequest {
  /** The start (the first of `startPoints` when there are several). */
  startPoint: [number, number];
  /** Several starts: one area, each place at the cost from the nearest of them (all starts at time 0). */
  startPoints?: [number, number][];
  /** departure (default): where one gets from the start; arrival: from where one gets to it. */
  direction?: Direction;
  isoMode: IsoMode;
  transportMode: RoutingMode;
  /** Seconds (isochrone) or metres (isodistance), positive integers. */
  values: number[];
}

export interface IsochroneProperties {
  value: number;
  isoMode: IsoMode;
  /** A road mode, or transit (walking and the timetables: transit/transit-isochrones.ts). */
  transportMode: RoutingMode | 'transit';
  /** Where the start was placed on the road network. */
  snappedPoint: [number, number];
}

export interface IsochroneTimings {
  snapMs: number;
  searchMs: number;
  polygonMs: number;
  settledNodes: number;
}

export type IsochroneCollection = FeatureCollection<MultiPolygon, IsochroneProperties>;

/**
 * Snap, one bounded search for the largest value, then one polygon per value from that search
 * (a smaller budget's reach is read off the same costs), smallest first so the bands nest.
 */
export function computeIsochrones(
  graph: RoutingGraph,
  workspace: SearchWorkspace,
  request: IsochroneRequest,
): { collection: IsochroneCollection; timings: IsochroneTimings } {
  const { isoMode, transportMode } = request;
  const direction = request.direction ?? 'departure';
  const t0 = performance.now();
  const starts = (request.startPoints ?? [request.startPoint]).map((point) => snapStart(graph, transportMode, point));
  const start = starts[0]!;
  const t1 = performance.now();
  const budgets = [...new Set(request.values)].sort((a, b) => a - b);
  const result = workspace.searchFrom(starts, transportMode, isoMode, budgets.at(-1)!, direction);
  const t2 = performance.now();
  const areas = reachedAreas(graph, transportMode, isoMode, starts, result, budgets, { direction });
  const t3 = performance.now();
  const byValue = new Map(budgets.map((budget, i) => [budget, areas[i]!]));
  const features = request.values.map(
    (value): Feature<MultiPolygon, IsochroneProperties> => ({
      type: 'Feature',
      properties: { value, isoMode, transportMode, snappedPoint: [start.lon, start.lat] },
      geometry: byValue.get(value)!,
    }),
  );
  return {
    collection: { type: 'FeatureCollection', features },
    timings: { snapMs: t1 - t0, searchMs: t2 - t1, polygonMs: t3 - t2, settledNodes: result.settled.length },
  };
}

/** A start on the road of the mode, or START_TOO_FAR naming the point. */
export function snapStart(graph: RoutingGraph, transportMode: RoutingMode, point: [number, number]): SnappedPoint {
  const start = snapToRoad(graph, transportMode, point[0], point[1]);
  if (!start) {
    throw new RoutingError('START_TOO_FAR', `No road usable by ${transportMode} within ${MAX_SNAP_DISTANCE_METERS} m of the start point`, {
      maxDistanceMeters: MAX_SNAP_DISTANCE_METERS, point,
    });
  }
  return start;
}

export { SearchWorkspace };
