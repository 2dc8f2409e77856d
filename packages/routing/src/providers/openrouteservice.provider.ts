/**
 * openrouteservice (POST {baseUrl}/v2/isochrones/{profile}): `range` in seconds or metres with
 * `range_type`, the key in the Authorization header; features carry `properties.value` in the
 * same units.
 */
import type { MultiPolygon, Polygon } from 'geojson';
import { validateRequest } from '../engine/validate-request.js';
import type { RoutingMode } from '../modes.js';
import { asMultiPolygon, collectionOf, fetchJson } from './external-request.js';
import type { ExternalProviderOptions, IsochroneProvider } from './isochrone-provider.js';

const PROFILES: Record<RoutingMode, string> = {
  car: 'driving-car',
  truck: 'driving-hgv',
  heavy_truck: 'driving-hgv',
  bike: 'cycling-regular',
  walk: 'foot-walking',
};

interface OrsAnswer { features?: Array<{ geometry?: Polygon | MultiPolygon; properties?: { value?: number } }> }

export function openrouteserviceProvider(options: ExternalProviderOptions): IsochroneProvider {
  return {
    async isochrones(raw) {
      const request = validateRequest(raw);
      const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
      const url = new URL(`v2/isochrones/${PROFILES[request.transportMode]}`, base);
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/geo+json, application/json' };
      if (options.apiKey) headers.authorization = options.apiKey;
      const answer = (await fetchJson('openrouteservice', url, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          locations: [request.startPoint],
          range: request.values,
          range_type: request.isoMode === 'isochrone' ? 'time' : 'distance',
          units: 'm',
        }),
      }, options)) as OrsAnswer;
      const geometries = new Map<number, MultiPolygon | null>();
      for (const value of request.values) {
        geometries.set(value, asMultiPolygon(answer.features?.find((feature) => feature.properties?.value === value)?.geometry));
      }
      return collectionOf('openrouteservice', request, geometries);
    },
    close: async () => {},
  };
}
