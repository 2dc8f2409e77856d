/**
 * An area's surface on the ground (geodesic, on the sphere @turf/area measures on), for figures
 * per km² such as the population density of the comparison export.
 */
import turfArea from '@turf/area';
import type { AreaGeometry } from './types.js';

export function surfaceSquareKilometers(geometry: AreaGeometry): number {
  return turfArea(geometry) / 1_000_000;
}
