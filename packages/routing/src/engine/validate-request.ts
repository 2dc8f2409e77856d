import { MAX_DISTANCE_METERS, MAX_ISOCHRONE_SECONDS } from '@catchment/domain';
import { RoutingError } from '../errors.js';
import { isRoutingMode } from '../modes.js';
import type { IsochroneRequest } from '../query/compute-isochrones.js';

/** Limits of the product: at most 3 hours, at most 300 km, positive whole numbers. */
export const MAX_VALUE = { isochrone: MAX_ISOCHRONE_SECONDS, isodistance: MAX_DISTANCE_METERS } as const;

export interface RawIsochroneRequest {
  startPoint: readonly number[];
  isoMode: string;
  transportMode: string;
  values: readonly unknown[];
}

/** Checks a request before any work: the mode is routed, the values are whole, positive and within limits. */
export function validateRequest(raw: RawIsochroneRequest): IsochroneRequest {
  const [lng, lat] = raw.startPoint;
  if (raw.startPoint.length !== 2 || !isCoordinate(lng, 180) || !isCoordinate(lat, 90)) {
    throw new RoutingError('CANNOT_CALCULATE', 'The start point must be [longitude, latitude]');
  }
  if (raw.isoMode !== 'isochrone' && raw.isoMode !== 'isodistance') {
    throw new RoutingError('MODE_NOT_AVAILABLE', `Unknown isoMode ${raw.isoMode}`);
  }
  if (!isRoutingMode(raw.transportMode)) {
    throw new RoutingError('MODE_NOT_AVAILABLE', `The ${raw.transportMode} mode is not routed on the road network`, {
      transportMode: raw.transportMode,
    });
  }
  const max = MAX_VALUE[raw.isoMode];
  if (raw.values.length === 0) throw new RoutingError('INVALID_VALUE', 'At least one value is needed', { isoMode: raw.isoMode });
  for (const value of raw.values) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > max) {
      throw new RoutingError('INVALID_VALUE', `Values must be whole numbers between 1 and ${max}`, { isoMode: raw.isoMode, value, max });
    }
  }
  return {
    startPoint: [lng!, lat!],
    isoMode: raw.isoMode,
    transportMode: raw.transportMode,
    values: raw.values as number[],
  };
}

function isCoordinate(value: number | undefined, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}
