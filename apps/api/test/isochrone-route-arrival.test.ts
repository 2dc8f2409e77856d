/**
 * Checking a point of an isochrone (POST /v2/isochrones/route), arrival areas and areas from
 * several starts, through the API on the real Monaco and Andorra road networks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { insidePolygon } from '@catchment/geodata';
import { createRoutingEngine, EXTERNAL_PROVIDERS, importOsm, type RoutingEngine } from '@catchment/routing';
import type { MultiPolygonGeometry } from '@catchment/domain';
import { createContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { testApp } from './harness.js';
import { call, expectStatus } from './maps-factories.js';

/** Boulevard Albert 1er, by the port. */
const START: [number, number] = [7.4209, 43.7371];
/** Monte-Carlo, by the casino; Fontvieille. */
const OTHERS: [number, number][] = [[7.4275, 43.7395], [7.4165, 43.7310]];

let graphDir: string;
let engine: RoutingEngine;
let app: FastifyInstance;
/** Isochrones computed by an external server (Valhalla adapter; never reached in these tests). */
let external: FastifyInstance;

beforeAll(async () => {
  graphDir = mkdtempSync(join(tmpdir(), 'graphs-'));
  await importOsm('test-data/osm/monaco.osm.pbf', join(graphDir, 'monaco.graph'));
  await importOsm('test-data/osm/andorra.osm.pbf', join(graphDir, 'andorra.graph'));
  engine = await createRoutingEngine({ graphDir, workers: 1 });
  const base = await testApp();
  const config = { ...base.ctx.config, routingModeCountries: 'truck=fr,mc;heavy_truck=fr,mc;transit=fr;bike=europe;walk=europe' };
  app = await buildServer(createContext(config, base.ctx.database, { routing: engine, basemap: base.ctx.basemap, gazetteer: base.ctx.gazetteer }), { rateLimits: false });
  await app.ready();
  const valhalla = EXTERNAL_PROVIDERS.valhalla({ baseUrl: 'http://127.0.0.1:9' });
  external = await buildServer(createContext(config, base.ctx.database, { routing: valhalla }), { rateLimits: false });
  await external.ready();
});

afterAll(async () => {
  await app?.close();
  await external?.close();
  await engine?.close();
  rmSync(graphDir, { recursive: true, force: true });
});

interface Answer { features: Array<{ geometry: MultiPolygonGeometry; properties: { value: number; snappedPoint: [number, number] } }> }
interface RouteAnswer { duration: number; distance: number; geometry: { type: 'LineString'; coordinates: [number, number][] } }

const isochrones = (payload: unknown, lang?: 'en' | 'fr', server = app) => call(server, 'POST', '/v2/isochrones', { payload, lang });
const route = (payload: unknown, lang?: 'en' | 'fr', server = app) => call(server, 'POST', '/v2/isochrones/route', { payload, lang });

function contains(geometry: MultiPolygonGeometry, point: readonly number[]): boolean {
  return geometry.coordinates.some((polygon) => insidePolygon(point[0]!, point[1]!, polygon));
}

/** A grid of points over Monaco's built-up area. */
function monacoGrid(): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) points.push([7.410 + i * 0.0028, 43.727 + j * 0.0022]);
  return points;
}

describe('POST /v2/isochrones/route', () => {
  it('gives the time, the distance and the road from the start to the point', async () => {
    const body = await expectStatus<RouteAnswer>(200, route({ startPoint: START, point: OTHERS[0], transportMode: 'car' }));
    expect(body.geometry.type).toBe('LineString');
    expect(body.geometry.coordinates.length).toBeGreaterThan(3);
    expect(body.duration).toBeGreaterThan(30);
    expect(body.duration).toBeLessThan(600);
    // Some 700 m as the crow flies: the road is longer, but not absurdly.
    expect(body.distance).toBeGreaterThan(600);
    expect(body.distance).toBeLessThan(3_000);
    const [first, last] = [body.geometry.coordinates[0]!, body.geometry.coordinates.at(-1)!];
    expect(Math.abs(first[0] - START[0]) + Math.abs(first[1] - START[1])).toBeLessThan(0.001);
    expect(Math.abs(last[0] - OTHERS[0]![0]) + Math.abs(last[1] - OTHERS[0]![1])).toBeLessThan(0.001);
  });

  for (const direction of ['departure', 'arrival'] as const) {
    it(`agrees with the ${direction} isochrone: points outside it take longer, points on its roads inside it no longer (car, 2 minutes)`, async () => {
      const area = await expectStatus<Answer>(200, isochrones({ startPoint: START, direction, isoMode: 'isochrone', transportMode: 'car', values: [120] }));
      const geometry = area.features[0]!.geometry;
      const insideDurations: number[] = [];
      let outside = 0;
      for (const point of monacoGrid()) {
        const response = await route({ startPoint: START, point, transportMode: 'car', direction });
        if (response.statusCode !== 200) {
          expect(response.json().error.code).toMatch(/^(POINT_AT_SEA|POINT_TOO_FAR|ROUTE_UNREACHABLE)$/);
          continue;
        }
        const { duration, geometry: line } = response.json() as RouteAnswer;
        // The point as snapped to its road: the end of the route (departure), its beginning (arrival).
        const snapped = direction === 'departure' ? line.coordinates.at(-1)! : line.coordinates[0]!;
        if (contains(geometry, snapped)) {
          insideDurations.push(duration);
        } else {
          outside++;
          expect(duration).toBeGreaterThan(120);
        }
      }
      expect(insideDurations.length).toBeGreaterThan(5);
      expect(outside).toBeGreaterThan(5);
      // Inside: the outline reaches past the roads reached (the budget left there as a walk, 40 to
      // 300 m, and blocks closed over 400 m gaps), so a street inside it may lie a little beyond the
      // time by car (300 m at 15 km/h: 72 s); most are within it.
      const within = insideDurations.filter((duration) => duration <= 120);
      expect(within.length / insideDurations.length).toBeGreaterThan(0.6);
      for (const duration of insideDurations) expect(duration).toBeLessThanOrEqual(120 + 72);
    });
  }

  it('with arrival, goes from the point to the start: the same way as a departure from the point', async () => {
    const arrival = await expectStatus<RouteAnswer>(200, route({ startPoint: START, point: OTHERS[1], transportMode: 'car', direction: 'arrival' }));
    const reverse = await expectStatus<RouteAnswer>(200, route({ startPoint: OTHERS[1], point: START, transportMode: 'car' }));
    expect(arrival).toEqual(reverse);
    const departure = await expectStatus<RouteAnswer>(200, route({ startPoint: START, point: OTHERS[1], transportMode: 'car' }));
    // One-way streets: there and back differ by car.
    expect(departure.duration).not.toBeCloseTo(arrival.duration, 3);
  });

  it('says when the point is at sea, off the roads, or cannot be reached, in the user\'s language', async () => {
    const sea = await route({ startPoint: START, point: [7.45, 43.69], transportMode: 'car' });
    expect(sea.statusCode).toBe(422);
    expect(sea.json().error).toMatchObject({ code: 'POINT_AT_SEA', message: 'This point is in the sea: there is no road to it. Choose a point on land.', details: { point: [7.45, 43.69] } });
    const startAtSea = await route({ startPoint: [7.45, 43.69], point: START, transportMode: 'car' });
    expect(startAtSea.json().error.code).toBe('START_AT_SEA');
    // The summit of Coma Pedrosa, Andorra: hiking paths only, the nearest road a few kilometres away.
    const summit = await route({ startPoint: [1.5218, 42.5063], point: [1.4437, 42.5915], transportMode: 'car' }, 'fr');
    expect(summit.statusCode).toBe(422);
    expect(summit.json().error).toMatchObject({ code: 'POINT_TOO_FAR', message: 'Ce point est trop loin de toute route utilisable avec ce mode de transport' });
    const otherNetwork = await route({ startPoint: START, point: [1.5218, 42.5063], transportMode: 'car' });
    expect(otherNetwork.statusCode).toBe(422);
    expect(otherNetwork.json().error).toMatchObject({ code: 'ROUTE_UNREACHABLE', message: expect.stringMatching(/cannot be reached/) });
    const noRoads = await route({ startPoint: START, point: [2.35, 48.85], transportMode: 'car' });
    expect(noRoads.json().error.code).toBe('NO_ROAD_NETWORK');
    const bad = await route({ startPoint: START, point: [7.42], transportMode: 'car', direction: 'sideways' });
    expect(bad.statusCode).toBe(400);
  });

  it('is refused with an external routing server, which draws no routes', async () => {
    const response = await route({ startPoint: START, point: OTHERS[0], transportMode: 'car' }, 'en', external);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('ROUTING_OPTION_UNAVAILABLE');
  });
});

describe('arrival isochrones', () => {
  it('on foot, where every way is walked both ways, is the departure area', async () => {
    const payload = { startPoint: START, isoMode: 'isochrone', transportMode: 'walk', values: [300, 600] };
    const departure = await expectStatus<Answer>(200, isochrones(payload));
    const arrival = await expectStatus<Answer>(200, isochrones({ ...payload, direction: 'arrival' }));
    expect(arrival.features.map((feature) => feature.geometry)).toEqual(departure.features.map((feature) => feature.geometry));
  });

  it('by car differs from the departure area (one-way streets), for every road mode', async () => {
    const payload = { startPoint: START, isoMode: 'isochrone', transportMode: 'car', values: [90] };
    const departure = await expectStatus<Answer>(200, isochrones(payload));
    const arrival = await expectStatus<Answer>(200, isochrones({ ...payload, direction: 'arrival' }));
    expect(arrival.features[0]!.geometry).not.toEqual(departure.features[0]!.geometry);
    expect(contains(arrival.features[0]!.geometry, START)).toBe(true);
    for (const transportMode of ['truck', 'heavy_truck', 'bike', 'walk']) {
      const body = await expectStatus<Answer>(200, isochrones({ ...payload, transportMode, direction: 'arrival' }));
      expect(contains(body.features[0]!.geometry, START)).toBe(true);
    }
    const isodistance = await expectStatus<Answer>(200, isochrones({ ...payload, isoMode: 'isodistance', values: [1000], direction: 'arrival' }));
    expect(contains(isodistance.features[0]!.geometry, START)).toBe(true);
  });

  it('is refused with an external routing server rather than answered as a departure', async () => {
    const response = await isochrones({ startPoint: START, isoMode: 'isochrone', transportMode: 'car', values: [600], direction: 'arrival' }, 'fr', external);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'ROUTING_OPTION_UNAVAILABLE', message: expect.stringMatching(/^Les zones d'arrivée/) });
  });
});

describe('isochrones from several starts', () => {
  it('make one area holding each start\'s own area, both directions', async () => {
    const startPoints = [START, ...OTHERS];
    for (const direction of ['departure', 'arrival'] as const) {
      const union = await expectStatus<Answer>(200, isochrones({ startPoints, direction, isoMode: 'isochrone', transportMode: 'car', values: [60] }));
      expect(union.features).toHaveLength(1);
      const geometry = union.features[0]!.geometry;
      for (const startPoint of startPoints) {
        const single = await expectStatus<Answer>(200, isochrones({ startPoint, direction, isoMode: 'isochrone', transportMode: 'car', values: [60] }));
        // The single area's surface, sampled on a fine grid: inside the union but for the edge
        // cells (the two are rasterised on grids of different extents, hence cells).
        const own = single.features[0]!.geometry;
        const vertices = own.coordinates.flat(2);
        const [west, east] = [Math.min(...vertices.map(([lng]) => lng!)), Math.max(...vertices.map(([lng]) => lng!))];
        const [south, north] = [Math.min(...vertices.map(([, lat]) => lat!)), Math.max(...vertices.map(([, lat]) => lat!))];
        let samples = 0;
        let missed = 0;
        for (let i = 0; i <= 60; i++) {
          for (let j = 0; j <= 60; j++) {
            const point = [west + ((east - west) * i) / 60, south + ((north - south) * j) / 60];
            if (!contains(own, point)) continue;
            samples++;
            if (!contains(geometry, point)) missed++;
          }
        }
        expect(samples).toBeGreaterThan(500);
        expect(missed / samples).toBeLessThan(0.02);
      }
    }
  });

  it('are 2 to 10 points, given instead of a single start, and each on land', async () => {
    const base = { isoMode: 'isochrone', transportMode: 'car', values: [60] };
    const one = await isochrones({ ...base, startPoints: [START] }, 'fr');
    expect(one.statusCode).toBe(400);
    expect(one.json().error.message).toBe('Indiquez un point de départ, ou de 2 à 10 points de départ');
    expect((await isochrones({ ...base, startPoints: Array.from({ length: 11 }, () => START) })).statusCode).toBe(400);
    expect((await isochrones({ ...base, startPoint: START, startPoints: OTHERS })).statusCode).toBe(400);
    expect((await isochrones(base)).statusCode).toBe(400);
    const sea = await isochrones({ ...base, startPoints: [START, [7.45, 43.69]] });
    expect(sea.statusCode).toBe(422);
    expect(sea.json().error).toMatchObject({ code: 'START_AT_SEA', details: { point: [7.45, 43.69] } });
    const apart = await isochrones({ ...base, startPoints: [START, [1.5218, 42.5063]] });
    expect(apart.statusCode).toBe(422);
    expect(apart.json().error.code).toBe('AREA_CANNOT_BE_CALCULATED');
    const noRoads = await isochrones({ ...base, startPoints: [START, [2.35, 48.85]] });
    expect(noRoads.json().error).toMatchObject({ code: 'NO_ROAD_NETWORK', details: { point: [2.35, 48.85] } });
  });
});
