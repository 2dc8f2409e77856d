/**
 * The name of a point picked on the map: its nearest town ("Nice"), "Near Nice" when the town's
 * centre is more than NEAR_METERS away, its coordinates when no town is near.
 */
import type { NearestPlace } from './place-search.js';

/** Within this distance of a town's centre, a point is named after the town itself. */
export const NEAR_METERS = 2_000;

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function pickedPointName([lng, lat]: [number, number], nearest: NearestPlace | null, t: Translate): string {
  const place = nearest?.place;
  if (!place) return t('createArea.pickedPoint', { lat: lat.toFixed(4), lng: lng.toFixed(4) });
  if (nearest.distanceMeters !== null && nearest.distanceMeters > NEAR_METERS) return t('createArea.nearPlace', { name: place.label });
  return place.label;
}
