/**
 * Checking a point of a travel-time or road-distance area: which areas can be checked (a routed
 * mode, from one start or several), the route requests for a point, the way kept (from the nearest
 * start, as the area itself is drawn from whichever start reaches a place first), the verdict
 * against the area's value and the travel time as people read it. Pure, so the rules are tested
 * without a map or a server.
 */
import {
  isRoutedTransportMode, type Area, type IsochroneDirection, type IsochroneRouteRequest, type IsochroneRouteResponse, type RoutedIsoMode,
  type RoutedTransportMode,
} from '@catchment/domain';

/** What a point is checked against: the area's starts, mode and direction, and its value (seconds or metres). */
export interface PointCheckTarget {
  uuid: string;
  /** One start, or each of an area's several starts. */
  starts: [number, number][];
  transportMode: RoutedTransportMode;
  direction: IsochroneDirection;
  isoMode: RoutedIsoMode;
  /** Seconds for an isochrone, metres for a road isodistance. */
  value: number;
}

/** A way found between one of the area's starts and the point. */
export interface CheckedRoute { start: [number, number]; route: IsochroneRouteResponse }

/**
 * The area as a check target, or null when it cannot be checked: circles, drawn or combined
 * outlines and administrative areas have no road from a start to follow.
 */
export function pointCheckTarget(area: Area): PointCheckTarget | null {
  const { startPoint, startPoints, transportMode, isoMode } = area;
  if (!startPoint || !transportMode || !isRoutedTransportMode(transportMode)) return null;
  const value = isoMode === 'isochrone' ? area.duration : isoMode === 'isodistance' ? area.distance : null;
  if (!value || (isoMode !== 'isochrone' && isoMode !== 'isodistance')) return null;
  const starts = startPoints && startPoints.length > 0 ? startPoints : [startPoint];
  return { uuid: area.uuid, starts, transportMode, direction: area.direction ?? 'departure', isoMode, value };
}

/** One request per start: from it to the point (departure), from the point to it (arrival). */
export function routeRequests(target: PointCheckTarget, point: [number, number]): IsochroneRouteRequest[] {
  return target.starts.map((startPoint) => ({ startPoint, point, transportMode: target.transportMode, direction: target.direction }));
}

/** What the area's value measures on a way: its time for an isochrone, its length for a road isodistance. */
function measure(target: PointCheckTarget, route: Pick<IsochroneRouteResponse, 'duration' | 'distance'>): number {
  return target.isoMode === 'isochrone' ? Math.round(route.duration) : Math.round(route.distance);
}

/** The way from the start nearest by the area's measure (the first of equals); null when none was found. */
export function nearestRoute(target: PointCheckTarget, routes: CheckedRoute[]): CheckedRoute | null {
  let best: CheckedRoute | null = null;
  for (const candidate of routes) if (!best || measure(target, candidate.route) < measure(target, best.route)) best = candidate;
  return best;
}

/**
 * Whether the point is within the area's value: its travel time for an isochrone, the length of
 * that way for a road isodistance (the fastest way, which may be longer than the shortest the
 * area is drawn from, so a point near its edge may read a little beyond).
 */
export function withinArea(target: PointCheckTarget, route: Pick<IsochroneRouteResponse, 'duration' | 'distance'>): boolean {
  return measure(target, route) <= target.value;
}

/** A travel time for people to read: "45 s", "12 min 30 s", "1 h 5 min" (seconds dropped past an hour). */
export function formatTravelTime(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
  return `${rest} s`;
}
