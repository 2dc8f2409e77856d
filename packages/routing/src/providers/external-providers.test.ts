/**
 * The adapters against each service's documented request and answer formats, over real HTTP: a
 * local server checks what the adapter sends and answers in the shape the service's API
 * reference documents (GeoJSON features with `contour` for Valhalla, `value` for
 * openrouteservice, a `polygons` list for GraphHopper).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RoutingError } from '../errors.js';
import { EXTERNAL_PROVIDERS } from './external-providers.js';

interface Seen { method: string; url: URL; headers: http.IncomingHttpHeaders; body: unknown }

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => { if (server) server.close(() => resolve()); else resolve(); }));

/** Serves `answer(seen)` as JSON; returns the base URL and what was received. */
async function serve(answer: (seen: Seen) => { status?: number; body: unknown }): Promise<{ baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => { text += chunk.toString(); });
    request.on('end', () => {
      const entry = { method: request.method!, url: new URL(request.url!, 'http://local'), headers: request.headers, body: text ? JSON.parse(text) : undefined };
      seen.push(entry);
      const { status = 200, body } = answer(entry);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

const square = (size: number) => ({ type: 'Polygon', coordinates: [[[0, 0], [size, 0], [size, size], [0, size], [0, 0]]] });
const START: [number, number] = [7.42, 43.73];

describe('Valhalla adapter', () => {
  it('asks for contours in minutes with polygons, and reads each contour back', async () => {
    const { baseUrl, seen } = await serve(() => ({
      body: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { contour: 20, metric: 'time', color: '#bf4040' }, geometry: square(2) },
          { type: 'Feature', properties: { contour: 10, metric: 'time', color: '#bf4040' }, geometry: square(1) },
        ],
      },
    }));
    const answer = await EXTERNAL_PROVIDERS.valhalla({ baseUrl }).isochrones({ startPoint: START, isoMode: 'isochrone', transportMode: 'bike', values: [1200, 600] });
    expect(seen[0]).toMatchObject({ method: 'POST', body: { locations: [{ lon: 7.42, lat: 43.73 }], costing: 'bicycle', contours: [{ time: 20 }, { time: 10 }], polygons: true } });
    expect(seen[0]!.url.pathname).toBe('/isochrone');
    expect(answer.features.map((feature) => feature.properties.value)).toEqual([600, 1200]);
    expect(answer.features[0]!.geometry).toEqual({ type: 'MultiPolygon', coordinates: [square(1).coordinates] });
  });

  it('asks for distances in kilometres and sends truck dimensions', async () => {
    const { baseUrl, seen } = await serve(() => ({ body: { features: [{ properties: { contour: 2.5, metric: 'distance' }, geometry: square(1) }] } }));
    await EXTERNAL_PROVIDERS.valhalla({ baseUrl }).isochrones({ startPoint: START, isoMode: 'isodistance', transportMode: 'heavy_truck', values: [2500] });
    expect(seen[0]!.body).toMatchObject({ costing: 'truck', costing_options: { truck: { weight: 40 } }, contours: [{ distance: 2.5 }] });
  });
});

describe('openrouteservice adapter', () => {
  it('posts ranges in seconds to the profile path with the key, and reads features by value', async () => {
    const { baseUrl, seen } = await serve(() => ({
      body: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { group_index: 0, value: 300, center: START }, geometry: square(1) },
          { type: 'Feature', properties: { group_index: 0, value: 600, center: START }, geometry: square(2) },
        ],
        bbox: [0, 0, 2, 2],
      },
    }));
    const answer = await EXTERNAL_PROVIDERS.openrouteservice({ baseUrl: `${baseUrl}/ors`, apiKey: 'secret' })
      .isochrones({ startPoint: START, isoMode: 'isochrone', transportMode: 'truck', values: [600, 300] });
    expect(seen[0]!.url.pathname).toBe('/ors/v2/isochrones/driving-hgv');
    expect(seen[0]!.headers.authorization).toBe('secret');
    expect(seen[0]!.body).toEqual({ locations: [START], range: [600, 300], range_type: 'time', units: 'm' });
    expect(answer.features.map((feature) => [feature.properties.value, feature.geometry.coordinates[0]![0]![2]])).toEqual([[300, [1, 1]], [600, [2, 2]]]);
  });

  it('turns a refusal into a routing error that names the service', async () => {
    const { baseUrl } = await serve(() => ({ status: 404, body: { error: { code: 3099, message: 'Unable to build an isochrone map.' } } }));
    const failure = EXTERNAL_PROVIDERS.openrouteservice({ baseUrl }).isochrones({ startPoint: START, isoMode: 'isodistance', transportMode: 'walk', values: [500] });
    await expect(failure).rejects.toBeInstanceOf(RoutingError);
    await expect(failure).rejects.toMatchObject({ code: 'CANNOT_CALCULATE', details: { provider: 'openrouteservice', status: 404 } });
  });
});

describe('GraphHopper adapter', () => {
  it('asks once per value with lat,lng and the limit, and reads the first polygon', async () => {
    const { baseUrl, seen } = await serve(({ url }) => ({
      body: { polygons: [{ type: 'Feature', properties: { bucket: 0 }, geometry: square(Number(url.searchParams.get('distance_limit')) / 1000) }], info: { copyrights: ['GraphHopper'], took: 3 } },
    }));
    const answer = await EXTERNAL_PROVIDERS.graphhopper({ baseUrl, apiKey: 'k' }).isochrones({ startPoint: START, isoMode: 'isodistance', transportMode: 'walk', values: [2000, 1000] });
    const queries = seen.map(({ url }) => Object.fromEntries(url.searchParams)).sort((a, b) => Number(a.distance_limit) - Number(b.distance_limit));
    expect(queries).toEqual([
      { point: '43.73,7.42', profile: 'foot', distance_limit: '1000', buckets: '1', key: 'k' },
      { point: '43.73,7.42', profile: 'foot', distance_limit: '2000', buckets: '1', key: 'k' },
    ]);
    expect(answer.features.map((feature) => feature.geometry.coordinates[0]![0]![2])).toEqual([[1, 1], [2, 2]]);
  });

  it('refuses values beyond the product limits before calling the service', async () => {
    const { baseUrl, seen } = await serve(() => ({ body: {} }));
    await expect(EXTERNAL_PROVIDERS.graphhopper({ baseUrl }).isochrones({ startPoint: START, isoMode: 'isochrone', transportMode: 'car', values: [20_000] }))
      .rejects.toMatchObject({ code: 'INVALID_VALUE' });
    expect(seen).toEqual([]);
  });
});
