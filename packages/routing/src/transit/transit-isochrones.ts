import type { Feature, MultiPolygon } from 'geojson';
import type { RoutingGraph } from '../graph/routing-graph.js';
import type { Direction, SearchWorkspace } from '../query/bounded-search.js';
import { snapStart, type IsochroneCollection, type IsochroneProperties, type IsochroneTimings } from '../query/compute-isochrones.js';
import { reachedAreas } from '../query/reached-road.js';
import type { SnappedPoint } from '../query/snap.js';
import type { RaptorWorkspace } from './raptor.js';
import { localServiceTime } from './service-days.js';
import { stopAsStart, walkCostToPoint } from './stop-links.js';
import type { Timetable } from './timetable.js';

export interface TransitIsochroneRequest {
  startPoint: [number, number];
  /** Seconds, positive integers. */
  values: number[];
  /**
   * When the traveller leaves the start, or with direction 'arrival' when they must be there by
   * (milliseconds since 1970, any time zone: the feed's is applied).
   */
  departureMs: number;
  /** 'arrival': from where the start is reached by that time (latest departures); departing by default. */
  direction?: Direction;
}

/** What the transit search found, beside the polygons (tests, benches). */
export interface TransitTimings extends IsochroneTimings {
  /** Stops within walking reach of the start. */
  accessStops: number;
  /** Stops reached sooner by riding than on foot (the egress search's starts beside the start itself). */
  ridden: number;
}

/**
 * Where one gets within each value by walking and public transport, leaving the start at the
 * departure time: walk to the stops within the budget (a bounded walking search), RAPTOR over
 * the timetable from them, then walk on from the start and from every stop reached, each with the
 * time left at its arrival (one multi-start walking search), and draw the reached walking network
 * exactly as a walking isochrone is drawn.
 *
 * Arriving (direction 'arrival'), the same backwards in time: the stops within the budget on foot
 * and the latest departure from each (RAPTOR on the reversed timetable), then the walk to every
 * stop reached, each with the time its latest departure leaves before the arrival. Walking has
 * no one-ways, so the walks are the departing searches' own.
 */
export function computeTransitIsochrones(
  graph: RoutingGraph,
  workspace: SearchWorkspace,
  timetable: Timetable,
  raptor: RaptorWorkspace,
  request: TransitIsochroneRequest,
): { collection: IsochroneCollection; timings: TransitTimings; byRiding: Float64Array } {
  const t0 = performance.now();
  const start = snapStart(graph, 'walk', request.startPoint);
  const t1 = performance.now();
  const budgets = [...new Set(request.values)].sort((a, b) => a - b);
  const budget = budgets.at(-1)!;

  // Access: the stops within the budget on foot.
  const access = workspace.search(start, 'walk', 'isochrone', budget);
  const accessStops: number[] = [];
  const accessSeconds: number[] = [];
  for (let s = 0; s < timetable.header.stopCount; s++) {
    const segment = timetable.stopSegment[s]!;
    if (segment < 0) continue;
    const seconds = walkCostToPoint(graph, access, segment, timetable.stopFraction[s]!) + timetable.stopWalkSeconds[s]!;
    if (seconds <= budget) {
      accessStops.push(s);
      accessSeconds.push(seconds);
    }
  }

  const { day, seconds } = localServiceTime(request.departureMs, timetable.header.timezone);
  const byRiding = secondsByRiding(raptor, request.direction ?? 'departure', { day, seconds, budget, accessStops, accessSeconds });

  // Egress (arriving: access): from the start (cost 0) and from each stop reached sooner by riding, at the time spent riding.
  const starts: SnappedPoint[] = [start];
  const costs: number[] = [0];
  for (let s = 0; s < timetable.header.stopCount; s++) {
    const cost = byRiding[s]! + timetable.stopWalkSeconds[s]!;
    if (cost >= budget) continue;
    starts.push(stopAsStart(timetable.stopLon[s]!, timetable.stopLat[s]!, timetable.stopSegment[s]!, timetable.stopFraction[s]!));
    costs.push(cost);
  }
  const result = workspace.searchFrom(starts, 'walk', 'isochrone', budget, 'departure', costs);
  const t2 = performance.now();
  const areas = reachedAreas(graph, 'walk', 'isochrone', starts, result, budgets, { startCosts: costs, centre: [start.lon, start.lat] });
  const t3 = performance.now();
  const byValue = new Map(budgets.map((value, i) => [value, areas[i]!]));
  const features = request.values.map(
    (value): Feature<MultiPolygon, IsochroneProperties> => ({
      type: 'Feature',
      properties: { value, isoMode: 'isochrone', transportMode: 'transit', snappedPoint: [start.lon, start.lat] },
      geometry: byValue.get(value)!,
    }),
  );
  return {
    collection: { type: 'FeatureCollection', features },
    timings: {
      snapMs: t1 - t0, searchMs: t2 - t1, polygonMs: t3 - t2, settledNodes: result.settled.length,
      accessStops: accessStops.length, ridden: starts.length - 1,
    },
    byRiding,
  };
}

/**
 * Seconds spent between the start and each stop by public transport where that beats walking
 * (Infinity elsewhere): departing, from leaving the start to arriving at the stop (earliest
 * arrivals); arriving, from leaving the stop to reaching the start (latest departures). The walk
 * to or from the start is compared in the searches' own clock times, as they label it.
 */
function secondsByRiding(
  raptor: RaptorWorkspace, direction: Direction,
  { day, seconds, budget, accessStops, accessSeconds }: { day: number; seconds: number; budget: number; accessStops: number[]; accessSeconds: number[] },
): Float64Array {
  const labels = direction === 'arrival'
    ? raptor.latestDepartures({ day, arrival: seconds, earliest: seconds - budget, egressStops: accessStops, egressSeconds: accessSeconds })
    : raptor.search({ day, departure: seconds, limit: seconds + budget, accessStops, accessSeconds });
  // Clock time to travel time: after the departure, or before the arrival.
  const sign = direction === 'arrival' ? -1 : 1;
  const walked = new Float64Array(labels.length).fill(NaN);
  accessStops.forEach((stop, i) => { walked[stop] = seconds + sign * accessSeconds[i]!; });
  const byRiding = new Float64Array(labels.length).fill(Infinity);
  for (let s = 0; s < labels.length; s++) {
    const label = labels[s]!;
    if (Math.abs(label) === Infinity || label === walked[s]) continue;
    byRiding[s] = sign * (label - seconds);
  }
  return byRiding;
}

