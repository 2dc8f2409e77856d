import FlatQueue from 'flatqueue';
import type { LineString } from 'geojson';
import type { RoutingGraph } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import { MAX_ISOCHRONE_SECONDS } from '@catchment/domain';
import { RoutingError } from '../errors.js';
import type { Direction } from './bounded-search.js';
import { snapToRoad, MAX_SNAP_DISTANCE_METERS, type SnappedPoint } from './snap.js';
import { snapStart } from './compute-isochrones.js';

/** A way to check a point of an isochrone: from the start to the point (departure) or from the point to the start (arrival). */
export interface RouteRequest {
  startPoint: [number, number];
  point: [number, number];
  transportMode: RoutingMode;
  direction: Direction;
}

/** The fastest way between two snapped points: seconds and metres, and the road it follows. */
export interface Route {
  /** Seconds, as the isochrone's search counts them (its costs at the two points). */
  duration: number;
  /** Metres along the roads of that way. */
  distance: number;
  geometry: LineString;
}

/**
 * Point-to-point Dijkstra on the mode's travel times, with each node's arriving edge kept so the
 * way can be drawn. Separate from the isochrone's workspace, whose loop keeps no predecessors.
 * Costs are those of SearchWorkspace: the start's segment at its share towards each end, the
 * edges' times, the destination's segment at its share from each end (or straight along the
 * segment when both points lie on it and its direction allows), so the duration to a point is
 * what the isochrone reads there.
 */
export class RouteWorkspace {
  private readonly cost: Float64Array;
  private readonly via: Int32Array;
  private readonly stamp: Uint32Array;
  private readonly settledFlag: Uint32Array;
  private current = 0;
  private readonly heap = new FlatQueue<number>();

  constructor(private readonly graph: RoutingGraph) {
    const n = graph.header.nodeCount;
    this.cost = new Float64Array(n);
    this.via = new Int32Array(n);
    this.stamp = new Uint32Array(n);
    this.settledFlag = new Uint32Array(n);
  }

  /** The fastest way from `from` to `to` within `maxCost` seconds, or null when there is none. */
  route(from: SnappedPoint, to: SnappedPoint, mode: RoutingMode, maxCost: number): Route | null {
    const { graph, cost, via, stamp, settledFlag, heap } = this;
    const { offsets, targets, lengths, segmentFrom, segmentTo, segmentForward, segmentBackward } = graph;
    const times = graph.times[mode];
    const run = ++this.current;
    heap.clear();
    const usable = (edge: number) => edge >= 0 && times[edge]! !== Infinity;
    const relax = (node: number, value: number, edge: number) => {
      if (!(value <= maxCost)) return;
      if (stamp[node] !== run || value < cost[node]!) {
        stamp[node] = run;
        cost[node] = value;
        via[node] = edge;
        heap.push(node, value);
      }
    };
    // Entered from the start point along its segment, no graph edge before: FORWARD_START or BACKWARD_START.
    const fromForward = segmentForward[from.segment]!;
    const fromBackward = segmentBackward[from.segment]!;
    if (usable(fromForward)) relax(segmentTo[from.segment]!, times[fromForward]! * (1 - from.fraction), FORWARD_START);
    if (usable(fromBackward)) relax(segmentFrom[from.segment]!, times[fromBackward]! * from.fraction, BACKWARD_START);

    const toA = segmentFrom[to.segment]!;
    const toB = segmentTo[to.segment]!;
    const toForward = segmentForward[to.segment]!;
    const toBackward = segmentBackward[to.segment]!;
    let best = Infinity;
    let bestEnd = -1;
    let bestLast = -1;
    if (from.segment === to.segment) {
      if (to.fraction >= from.fraction && usable(toForward)) best = times[toForward]! * (to.fraction - from.fraction);
      else if (to.fraction <= from.fraction && usable(toBackward)) best = times[toBackward]! * (from.fraction - to.fraction);
    }

    while (heap.length > 0) {
      const key = heap.peekValue()!;
      if (key >= best) break;
      const node = heap.pop()!;
      if (settledFlag[node] === run || key > cost[node]!) continue;
      settledFlag[node] = run;
      // The destination from this end of its segment.
      if (node === toA && usable(toForward) && key + times[toForward]! * to.fraction < best) {
        best = key + times[toForward]! * to.fraction;
        [bestEnd, bestLast] = [node, toForward];
      }
      if (node === toB && usable(toBackward) && key + times[toBackward]! * (1 - to.fraction) < best) {
        best = key + times[toBackward]! * (1 - to.fraction);
        [bestEnd, bestLast] = [node, toBackward];
      }
      for (let e = offsets[node]!, end = offsets[node + 1]!; e < end; e++) {
        const time = times[e]!;
        if (time === Infinity) continue;
        const target = targets[e]!;
        if (settledFlag[target] === run) continue;
        relax(target, key + time, e);
      }
    }
    if (!(best <= maxCost)) return null;

    const point = (p: SnappedPoint) => [p.lon, p.lat];
    if (bestEnd < 0) {
      return {
        duration: best,
        distance: lengths[toForward >= 0 ? toForward : toBackward]! * Math.abs(to.fraction - from.fraction),
        geometry: { type: 'LineString', coordinates: [point(from), point(to)] },
      };
    }
    // Back from the destination's segment end to the start's, then forwards.
    const nodes: number[] = [];
    let distance = lengths[bestLast]! * (bestLast === toForward ? to.fraction : 1 - to.fraction);
    let edge: number;
    for (let node = bestEnd; ; node = sourceOf(offsets, edge)) {
      nodes.push(node);
      edge = via[node]!;
      if (edge < 0) break;
      distance += lengths[edge]!;
    }
    distance += edge === FORWARD_START ? lengths[fromForward]! * (1 - from.fraction) : lengths[fromBackward]! * from.fraction;
    const coordinates = [point(from)];
    for (let i = nodes.length - 1; i >= 0; i--) coordinates.push([graph.lon[nodes[i]!]!, graph.lat[nodes[i]!]!]);
    coordinates.push(point(to));
    return { duration: best, distance, geometry: { type: 'LineString', coordinates } };
  }
}

const FORWARD_START = -1;
const BACKWARD_START = -2;

/** The node an edge leaves: the last row of the CSR offsets at or before it (binary search). */
function sourceOf(offsets: Uint32Array, edge: number): number {
  let low = 0;
  let high = offsets.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (offsets[mid]! <= edge) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Both points snapped as an isochrone's start is (START_TOO_FAR for the start, POINT_TOO_FAR for
 * the point), then the fastest way, at most the longest isochrone (3 hours): UNREACHABLE beyond,
 * or where one-way streets or access rules leave no way at all.
 */
export function computeRoute(graph: RoutingGraph, workspace: RouteWorkspace, request: RouteRequest): Route {
  const { transportMode, direction } = request;
  const start = snapStart(graph, transportMode, request.startPoint);
  const point = snapToRoad(graph, transportMode, request.point[0], request.point[1]);
  if (!point) {
    throw new RoutingError('POINT_TOO_FAR', `No road usable by ${transportMode} within ${MAX_SNAP_DISTANCE_METERS} m of the point`, {
      maxDistanceMeters: MAX_SNAP_DISTANCE_METERS, point: request.point,
    });
  }
  const route = direction === 'arrival'
    ? workspace.route(point, start, transportMode, MAX_ISOCHRONE_SECONDS)
    : workspace.route(start, point, transportMode, MAX_ISOCHRONE_SECONDS);
  if (!route) {
    throw new RoutingError('UNREACHABLE', `No way by ${transportMode} within ${MAX_ISOCHRONE_SECONDS} s between the start and the point`, {
      direction, maxSeconds: MAX_ISOCHRONE_SECONDS,
    });
  }
  return route;
}
