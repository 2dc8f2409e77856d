/**
 * Checking a point of a travel-time or road-distance area: which areas can be checked (one start,
 * a routed mode), the route request for a point, the verdict against the area's value and the
 * travel time as people read it. Pure, so the rules are tested without a map or a server.
 */
import {
  isRoutedTransportMode, type Area, type IsochroneDirection, type IsochroneRouteRequest, type IsochroneRouteResponse, type RoutedIsoMode,
  type RoutedTransportMode,
} from '@catchment/domain';

/** What a point is checked against: the area's start, mode and direction, and its value (seconds or metres). */
export interface PointCheckTarget {
  uuid: string;
  startPoint: [number, number];
  transportMode: RoutedTransportMode;
  direction: IsochroneDirection;
  isoMode: RoutedIsoMode;
  /** Seconds for an isochrone, metres for a road isodistance. */
  value: number;
}

/**
 * The area as a check target, or null when it cannot be checked: circles, drawn or combined
 * outlines and administrative areas have no road from a start to follow.
 */
export function pointCheckTarget(area: Area): PointCheckTarget | null {
  const { startPoint, transportMode, isoMode } = area;
  // An area from several starts reaches a point from the nearest of them: no one start to route from.
  const several = (area as Area & { startPoints?: unknown[] | null }).startPoints;
  if (!startPoint || several || !transportMode || !isRoutedTransportMode(transportMode)) return null;
  const value = isoMode === 'isochrone' ? area.duration : isoMode === 'isodistance' ? area.distance : null;
  if (!value || (isoMode !== 'isochrone' && isoMode !== 'isodistance')) return null;
  // Arrival areas (from where the start is reached) carry their direction; the others are departures.
  const direction = (area as Area & { direction?: IsochroneDirection | null }).direction ?? 'departure';
  return { uuid: area.uuid, startPoint, transportMode, direction, isoMode, value };
}

export function routeRequest(target: PointCheckTarget, point: [number, number]): IsochroneRouteRequest {
  return { startPoint: target.startPoint, point, transportMode: target.transportMode, direction: target.direction };
}

/**
 * Whether the point is within the area's value: its travel time for an isochrone, the length of
 * that way for a road isodistance (the fastest way, which may be longer than the shortest the
 * area is drawn from, so a point near its edge may read a little beyond).
 */
export function withinArea(target: PointCheckTarget, route: Pick<IsochroneRouteResponse, 'duration' | 'distance'>): boolean {
  const measured = target.isoMode === 'isochrone' ? Math.round(route.duration) : Math.round(route.distance);
  return measured <= target.value;
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
