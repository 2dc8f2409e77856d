import turfCircle from '@turf/circle';
import type { PolygonGeometry, Position } from './types.js';

/** Vertices of a circle polygon: enough to look round at any zoom a catchment is viewed at. */
export const CIRCLE_STEPS = 128;

/** The 'as the crow flies' area: a geodesic circle around a centre, radius in metres. */
export function circlePolygon(center: Position, radiusMeters: number): PolygonGeometry {
  const feature = turfCircle(center, radiusMeters / 1000, { steps: CIRCLE_STEPS, units: 'kilometers' });
  return { type: 'Polygon', coordinates: feature.geometry.coordinates as Position[][] };
}
