import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';
import type { RoutingGraph } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import { RoutingError } from '../errors.js';
import { buildReachableAreas } from '../polygon/reachable-area.js';
import { SearchWorkspace, type IsoMode } from './bounded-search.js';
import { reachedPieces } from './reached-pieces.js';
import { snapToRoad, MAX_SNAP_DISTANCE_METERS } from './snap.js';

export interface IsochroneRequest {
  startPoint: [number, number];
  isoMode: IsoMode;
  transportMode: RoutingMode;
  /** Seconds (isochrone) or metres (isodistance), positive integers. */
  values: number[];
}

export interface IsochroneProperties {
  value: number;
  isoMode: IsoMode;
  transportMode: RoutingMode;
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
  const { startPoint, isoMode, transportMode } = request;
  const t0 = performance.now();
  const start = snapToRoad(graph, transportMode, startPoint[0], startPoint[1]);
  if (!start) {
    throw new RoutingError('START_TOO_FAR', `No road usable by ${transportMode} within ${MAX_SNAP_DISTANCE_METERS} m of the start point`, {
      maxDistanceMeters: MAX_SNAP_DISTANCE_METERS,
    });
  }
  const t1 = performance.now();
  const budgets = [...new Set(request.values)].sort((a, b) => a - b);
  const result = workspace.search(start, transportMode, isoMode, budgets.at(-1)!);
  const t2 = performance.now();
  const areas = buildReachableAreas([start.lon, start.lat], budgets, (budget) =>
    reachedPieces(graph, transportMode, isoMode, start, result, budget),
  );
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

export { SearchWorkspace };
