/**
 * The plumbing every external adapter shares: the request validated as for our engine, one HTTP
 * call with a time limit, failures turned into RoutingError, answers turned into our collection.
 */
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { RoutingError } from '../errors.js';
import type { IsochroneCollection, IsochroneRequest } from '../query/compute-isochrones.js';
import type { ExternalProviderOptions } from './isochrone-provider.js';

const DEFAULT_TIMEOUT_MS = 30_000;

export async function fetchJson(provider: string, url: URL, init: RequestInit, options: ExternalProviderOptions): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
  } catch (error) {
    throw new RoutingError('CANNOT_CALCULATE', `${provider} did not answer: ${(error as Error).message}`, { provider });
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    throw new RoutingError('CANNOT_CALCULATE', `${provider} answered ${response.status}`, { provider, status: response.status, body: body ?? text.slice(0, 500) });
  }
  return body;
}

/** Any (Multi)Polygon as a MultiPolygon with 2D positions. */
export function asMultiPolygon(geometry: Polygon | MultiPolygon | null | undefined): MultiPolygon | null {
  if (!geometry) return null;
  const flat = (ring: Position[]) => ring.map(([lng = 0, lat = 0]) => [lng, lat]);
  if (geometry.type === 'Polygon') return { type: 'MultiPolygon', coordinates: [geometry.coordinates.map(flat)] };
  if (geometry.type === 'MultiPolygon') return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map(flat)) };
  return null;
}

/** Our collection from one geometry per requested value, smallest value first. */
export function collectionOf(provider: string, request: IsochroneRequest, geometries: Map<number, MultiPolygon | null>): IsochroneCollection {
  const features: Array<Feature<MultiPolygon, IsochroneCollection['features'][number]['properties']>> = [];
  for (const value of [...request.values].sort((a, b) => a - b)) {
    const geometry = geometries.get(value);
    if (!geometry) throw new RoutingError('CANNOT_CALCULATE', `${provider} gave no area for ${value}`, { provider, value });
    features.push({
      type: 'Feature',
      geometry,
      properties: { value, isoMode: request.isoMode, transportMode: request.transportMode, snappedPoint: request.startPoint },
    });
  }
  return { type: 'FeatureCollection', features };
}
