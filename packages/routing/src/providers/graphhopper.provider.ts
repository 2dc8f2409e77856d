/**
 * GraphHopper (GET {baseUrl}/isochrone?point=lat,lng&profile=…&time_limit|distance_limit=…):
 * one limit per request (its buckets split a limit evenly, not at chosen values), so one call per
 * value; the answer's `polygons` holds the area.
 */
import type { MultiPolygon, Polygon } from 'geojson';
import { validateRequest } from '../engine/validate-request.js';
import type { RoutingMode } from '../modes.js';
import { asMultiPolygon, collectionOf, fetchJson } from './external-request.js';
import type { ExternalProviderOptions, IsochroneProvider } from './isochrone-provider.js';

const PROFILES: Record<RoutingMode, string> = { car: 'car', truck: 'truck', heavy_truck: 'truck', bike: 'bike', walk: 'foot' };

interface GraphHopperAnswer { polygons?: Array<{ geometry?: Polygon | MultiPolygon }> }

export function graphhopperProvider(options: ExternalProviderOptions): IsochroneProvider {
  return {
    async isochrones(raw) {
      const request = validateRequest(raw);
      const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
      const answers = await Promise.all(request.values.map(async (value) => {
        const url = new URL('isochrone', base);
        url.searchParams.set('point', `${request.startPoint[1]},${request.startPoint[0]}`);
        url.searchParams.set('profile', PROFILES[request.transportMode]);
        url.searchParams.set(request.isoMode === 'isochrone' ? 'time_limit' : 'distance_limit', String(value));
        url.searchParams.set('buckets', '1');
        if (options.apiKey) url.searchParams.set('key', options.apiKey);
        const answer = (await fetchJson('GraphHopper', url, { method: 'GET' }, options)) as GraphHopperAnswer;
        return [value, asMultiPolygon(answer.polygons?.[0]?.geometry)] as const;
      }));
      return collectionOf('GraphHopper', request, new Map(answers));
    },
    close: async () => {},
  };
}
