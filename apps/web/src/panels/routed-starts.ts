/**
 * The starts of a travel-time or road-distance area: one (the usual) or up to ten, for one area
 * reached from any of them. Pure helpers of the routed form: what the request carries, and how the
 * list changes when a start is added or removed.
 */
import { ISOCHRONE_START_POINTS_MAX, type IsochronesRequest } from '@catchment/domain';

/** The starts as the isochrone request and the area carry them: startPoint for one, startPoints for several. */
export function startsRequest(centers: [number, number][]): Pick<IsochronesRequest, 'startPoint' | 'startPoints'> {
  return centers.length > 1 ? { startPoints: centers } : { startPoint: centers[0]! };
}

/** Another start can be added: one is chosen, and fewer than the server's maximum. */
export function canAddStart(count: number): boolean {
  return count >= 1 && count < ISOCHRONE_START_POINTS_MAX;
}

/** The list once a start is appended (the same place twice adds nothing). */
export function withStart<T extends { center: [number, number] }>(starts: T[], start: T): T[] {
  const known = starts.some(({ center }) => center[0] === start.center[0] && center[1] === start.center[1]);
  return known || starts.length >= ISOCHRONE_START_POINTS_MAX ? starts : [...starts, start];
}

/** The list without the start at `index`: the next one becomes the first (the area's startPoint). */
export function withoutStart<T>(starts: T[], index: number): T[] {
  return starts.filter((_, i) => i !== index);
}
