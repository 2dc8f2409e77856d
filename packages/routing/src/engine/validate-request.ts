import { MAX_DISTANCE_METERS, MAX_ISOCHRONE_SECONDS } from '@catchment/domain';
import { RoutingError } from '../errors.js';
import { isRoutingMode } from '../modes.js';
import type { IsochroneRequest } from '../query/compute-isochrones.js';
import type { RouteRequest } from '../query/route.js';
import type { Direction } from '../query/bounded-search.js';
import type { TransitIsochroneRequest } from '../transit/transit-isochrones.js';

/** Several starts for one area: at least 2, at most this many. */
export const MAX_START_POINTS = 10;

/** Limits of the product: at most 3 hours, at most 300 km, positive whole numbers. */
export const MAX_VALUE = { isochrone: MAX_ISOCHRONE_SECONDS, isodistance: MAX_DISTANCE_METERS } as const;

export interface RawIsochroneRequest {
  startPoint: readonly number[];
  /** Several starts (the first is startPoint): one area, the union of theirs. */
  startPoints?: readonly (readonly number[])[];
  direction?: string;
  isoMode: string;
  transportMode: string;
  values: readonly unknown[];
  /** Transit: when the traveller leaves, or arriving when they must be there by (milliseconds since 1970). */
  departureMs?: number;
}

export interface RawRouteRequest {
  startPoint: readonly number[];
  point: readonly number[];
  transportMode: string;
  direction?: string;
}

/** Checks a request before any work: the mode is routed, the values are whole, positive and within limits. */
export function validateRequest(raw: RawIsochroneRequest): IsochroneRequest {
  const startPoint = validPoint(raw.startPoint, 'The start point');
  let startPoints: [number, number][] | undefined;
  if (raw.startPoints !== undefined) {
    if (raw.startPoints.length < 2 || raw.startPoints.length > MAX_START_POINTS) {
      throw new RoutingError('CANNOT_CALCULATE', `Several starts are 2 to ${MAX_START_POINTS} points`, { max: MAX_START_POINTS });
    }
    startPoints = raw.startPoints.map((point) => validPoint(point, 'Each start point'));
  }
  const direction = validDirection(raw.direction);
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
    startPoint: startPoints ? startPoints[0]! : startPoint,
    ...(startPoints ? { startPoints } : {}),
    ...(direction === 'arrival' ? { direction } : {}),
    isoMode: raw.isoMode,
    transportMode: raw.transportMode,
    values: raw.values as number[],
  };
}

/**
 * A transit request: one start (several are not searched on timetables), departing or arriving,
 * travel times within the product's limit, and the instant of departure or arrival.
 */
export function validateTransitRequest(raw: RawIsochroneRequest): TransitIsochroneRequest {
  const startPoint = validPoint(raw.startPoint, 'The start point');
  const direction = validDirection(raw.direction);
  if (raw.startPoints !== undefined || raw.isoMode !== 'isochrone') {
    throw new RoutingError('CANNOT_CALCULATE', 'Transit areas are travel times from or to one start', { transportMode: 'transit' });
  }
  if (raw.values.length === 0) throw new RoutingError('INVALID_VALUE', 'At least one value is needed', { isoMode: raw.isoMode });
  const max = MAX_VALUE.isochrone;
  for (const value of raw.values) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > max) {
      throw new RoutingError('INVALID_VALUE', `Values must be whole numbers between 1 and ${max}`, { isoMode: raw.isoMode, value, max });
    }
  }
  if (typeof raw.departureMs !== 'number' || !Number.isFinite(raw.departureMs)) {
    throw new RoutingError('CANNOT_CALCULATE', 'A transit area needs a departure time', { transportMode: 'transit' });
  }
  return { startPoint, values: raw.values as number[], departureMs: raw.departureMs, ...(direction === 'arrival' ? { direction } : {}) };
}

/** A route's request: both points, a routed mode, a direction. */
export function validateRouteRequest(raw: RawRouteRequest): RouteRequest {
  const startPoint = validPoint(raw.startPoint, 'The start point');
  const point = validPoint(raw.point, 'The point');
  if (!isRoutingMode(raw.transportMode)) {
    throw new RoutingError('MODE_NOT_AVAILABLE', `The ${raw.transportMode} mode is not routed on the road network`, {
      transportMode: raw.transportMode,
    });
  }
  return { startPoint, point, transportMode: raw.transportMode, direction: validDirection(raw.direction) };
}

function validDirection(direction: string | undefined): Direction {
  if (direction === undefined || direction === 'departure' || direction === 'arrival') return direction ?? 'departure';
  throw new RoutingError('CANNOT_CALCULATE', `Unknown direction ${direction}`, { direction });
}

function validPoint(point: readonly number[], what: string): [number, number] {
  const [lng, lat] = point;
  if (point.length !== 2 || !isCoordinate(lng, 180) || !isCoordinate(lat, 90)) {
    throw new RoutingError('CANNOT_CALCULATE', `${what} must be [longitude, latitude]`);
  }
  return [lng, lat];
}

function isCoordinate(value: number | undefined, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}
