/**
 * Valhalla's isochrone service (POST {baseUrl}/isochrone): contours in minutes (`time`) or
 * kilometres (`distance`), polygons on, answered as GeoJSON features whose `properties.contour`
 * is the contour's value in those units.
 */
import type { MultiPolygon, Polygon } from 'geojson';
import { validateRequest } from '../engine/validate-request.js';
import type { RoutingMode } from '../modes.js';
import { asMultiPolygon, collectionOf, fetchJson } from './external-request.js';
import type { ExternalProviderOptions, IsochroneProvider } from './isochrone-provider.js';

const COSTING: Record<RoutingMode, { costing: string; costing_options?: object }> = {
  car: { costing: 'auto' },
  truck: { costing: 'truck', costing_options: { truck: { weight: 7.5, height: 3.5, length: 10 } } },
  heavy_truck: { costing: 'truck', costing_options: { truck: { weight: 40, height: 4, length: 18.75 } } },
  bike: { costing: 'bicycle' },
  walk: { costing: 'pedestrian' },
};

interface ValhallaAnswer { features?: Array<{ geometry?: Polygon | MultiPolygon; properties?: { contour?: number; metric?: string } }> }

export function valhallaProvider(options: ExternalProviderOptions): IsochroneProvider {
  return {
    async isochrones(raw) {
      const request = validateRequest(raw);
      const toUnits = (value: number) => (request.isoMode === 'isochrone' ? value / 60 : value / 1000);
      const body = {
        locations: [{ lon: request.startPoint[0], lat: request.startPoint[1] }],
        ...COSTING[request.transportMode],
        contours: request.values.map((value) => (request.isoMode === 'isochrone' ? { time: toUnits(value) } : { distance: toUnits(value) })),
        polygons: true,
      };
      const url = new URL('isochrone', options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
      if (options.apiKey) url.searchParams.set('api_key', options.apiKey);
      const answer = (await fetchJson('Valhalla', url, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      }, options)) as ValhallaAnswer;
      const geometries = new Map<number, MultiPolygon | null>();
      for (const value of request.values) {
        const feature = answer.features?.find((candidate) => Math.abs((candidate.properties?.contour ?? Number.NaN) - toUnits(value)) < 1e-6);
        geometries.set(value, asMultiPolygon(feature?.geometry));
      }
      return collectionOf('Valhalla', request, geometries);
    },
    close: async () => {},
  };
}
