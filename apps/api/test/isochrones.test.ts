/**
 * Isochrones and road isodistances through the API, on the real Monaco road network imported once
 * for the run: the standalone endpoint, the errors a user can meet, and areas of a map computed
 * and stored by the server.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { insidePolygon } from '@catchment/geodata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRoutingEngine, EXTERNAL_PROVIDERS, importOsm, type RoutingEngine } from '@catchment/routing';
import type { Area, MultiPolygonGeometry } from '@catchment/domain';
import { createContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { signUp, testApp, type TestUser } from './harness.js';
import { call, createFolder, createMap, expectStatus, getMap, postAreas } from './maps-factories.js';

const MONACO = 'test-data/osm/monaco.osm.pbf';
const ANDORRA = 'test-data/osm/andorra.osm.pbf';
/** Boulevard Albert 1er, by the port. */
const START: [number, number] = [7.4209, 43.7371];

let graphDir: string;
let engine: RoutingEngine;
/** Routes in Monaco with every mode allowed there (the spec's defaults keep trucks to France). */
let widened: FastifyInstance;
/** Routes in Monaco with the spec's rules. */
let specRules: FastifyInstance;
/** No road network imported at all. */
let noNetwork: FastifyInstance;
/** Like widened, with its log written to `logLines`. */
let logged: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  graphDir = mkdtempSync(join(tmpdir(), 'graphs-'));
  await importOsm(MONACO, join(graphDir, 'monaco.graph'));
  await importOsm(ANDORRA, join(graphDir, 'andorra.graph'));
  engine = await createRoutingEngine({ graphDir, workers: 1 });
  const base = await testApp();
  noNetwork = base.app;
  const data = { routing: engine, basemap: base.ctx.basemap, gazetteer: base.ctx.gazetteer };
  const serverFor = async (routingModeCountries: string | undefined, logger: object | false = false) => {
    const ctx = createContext({ ...base.ctx.config, routingModeCountries }, base.ctx.database, data);
    const app = await buildServer(ctx, { rateLimits: false, logger });
    await app.ready();
    return app;
  };
  widened = await serverFor('truck=fr,mc;heavy_truck=fr,mc;transit=fr;bike=europe;walk=europe');
  specRules = await serverFor(undefined);
  logged = await serverFor('truck=fr,mc', { level: 'warn', stream: { write: (line: string) => logLines.push(line) } });
});

afterAll(async () => {
  await widened?.close();
  await specRules?.close();
  await logged?.close();
  await engine?.close();
  rmSync(graphDir, { recursive: true, force: true });
});

const isochrones = (app: FastifyInstance, payload: unknown, lang?: 'en' | 'fr') => call(app, 'POST', '/v2/isochrones', { payload, lang });

function contains(geometry: MultiPolygonGeometry, point: [number, number]): boolean {
  return geometry.coordinates.some((polygon) => insidePolygon(point[0], point[1], polygon));
}

interface Answer {
  type: string;
  features: Array<{ geometry: MultiPolygonGeometry; properties: { value: number; isoMode: string; transportMode: string } }>;
  meta: { country: string; defaultsApplied: boolean; departureDateUsed: boolean };
}

describe('POST /v2/isochrones', () => {
  it('answers one MultiPolygon per value, nested, containing the start', async () => {
    const body = await expectStatus<Answer>(200, isochrones(widened, { startPoint: START, isoMode: 'isochrone', transportMode: 'car', values: [300, 120] }));
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.map((feature) => feature.properties.value)).toEqual([120, 300]);
    for (const feature of body.features) {
      expect(feature.geometry.type).toBe('MultiPolygon');
      expect(contains(feature.geometry, START)).toBe(true);
    }
    // Every vertex of the 2-minute band lies inside the 5-minute one.
    const [small, large] = body.features;
    const outside = small!.geometry.coordinates.flat(2).filter((point) => !contains(large!.geometry, point as [number, number]));
    expect(outside.length / small!.geometry.coordinates.flat(2).length).toBeLessThan(0.01);
    expect(body.meta).toMatchObject({ country: 'mc', defaultsApplied: false, departureDateUsed: false });
  });

  it('computes walking distances, and says a departure date does not change the result yet', async () => {
    const body = await expectStatus<Answer>(200, isochrones(widened, {
      startPoint: START, isoMode: 'isodistance', transportMode: 'walk', values: [800], departureDate: '2026-12-01T08:00:00Z',
    }));
    expect(body.features[0]!.properties).toMatchObject({ value: 800, isoMode: 'isodistance', transportMode: 'walk' });
    expect(body.meta.departureDateUsed).toBe(false);
  });

  it('replaces a value that is not a whole number by the default, and says so', async () => {
    const body = await expectStatus<Answer>(200, isochrones(widened, { startPoint: START, isoMode: 'isodistance', transportMode: 'car', values: [1500.5] }));
    expect(body.features[0]!.properties.value).toBe(60_000);
    expect(body.meta.defaultsApplied).toBe(true);
  });

  it('refuses values that are not positive or beyond the limits, with the panel messages', async () => {
    const negative = await isochrones(widened, { startPoint: START, isoMode: 'isochrone', transportMode: 'car', values: [-60] });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.message).toBe('Invalid time');
    const tooFar = await isochrones(widened, { startPoint: START, isoMode: 'isodistance', transportMode: 'car', values: [300_001] }, 'fr');
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().error.message).toMatch(/300 km/);
    const notNumbers = await isochrones(widened, { startPoint: START, isoMode: 'isochrone', transportMode: 'car', values: ['ten'] });
    expect(notNumbers.statusCode).toBe(400);
  });

  it('keeps trucks to France and bikes to Europe and North America under the spec rules', async () => {
    const truck = await isochrones(specRules, { startPoint: START, isoMode: 'isochrone', transportMode: 'truck', values: [600] });
    expect(truck.statusCode).toBe(422);
    expect(truck.json().error).toMatchObject({ code: 'MODE_NOT_OFFERED', message: 'Truck areas are only available in France' });
    const truckFr = await isochrones(specRules, { startPoint: START, isoMode: 'isochrone', transportMode: 'heavy_truck', values: [600] }, 'fr');
    expect(truckFr.json().error.message).toBe("Les zones en camion ne sont disponibles qu'en France");
    const bikeInBrazil = await isochrones(specRules, { startPoint: [-46.63, -23.55], isoMode: 'isochrone', transportMode: 'bike', values: [600] });
    expect(bikeInBrazil.json().error.message).toBe('Bike and walk areas are only available in Europe and North America');
    const transit = await isochrones(specRules, { startPoint: START, isoMode: 'isochrone', transportMode: 'transit', values: [600] });
    expect(transit.json().error.message).toBe('Transit areas are only available in France');
  });

  it('routes trucks where the operator allows them', async () => {
    const body = await expectStatus<Answer>(200, isochrones(widened, { startPoint: START, isoMode: 'isochrone', transportMode: 'heavy_truck', values: [300] }));
    expect(contains(body.features[0]!.geometry, START)).toBe(true);
  });

  it('tells the user the roads of the region are missing, and the operator how to import them', async () => {
    const paris = await isochrones(logged, { startPoint: [2.35, 48.85], isoMode: 'isochrone', transportMode: 'car', values: [600] });
    expect(paris.statusCode).toBe(422);
    expect(paris.json().error).toMatchObject({ code: 'NO_ROAD_NETWORK', details: { point: [2.35, 48.85] } });
    expect(paris.json().error.message).toMatch(/roads of this region are not loaded.*circle/);
    expect(JSON.stringify(paris.json())).not.toMatch(/npm run|osm\.pbf/);
    const hints = logLines.map((line) => JSON.parse(line) as { code?: string; msg: string }).filter((line) => line.code === 'NO_ROAD_NETWORK');
    expect(hints.at(-1)?.msg).toMatch(/^No road network covers 2\.35000, 48\.85000: .*npm run data -- import osm <file\.osm\.pbf>/);
    const nothingLoaded = await isochrones(noNetwork, { startPoint: START, isoMode: 'isochrone', transportMode: 'car', values: [600] }, 'fr');
    expect(nothingLoaded.statusCode).toBe(422);
    expect(nothingLoaded.json().error).toMatchObject({ code: 'NO_ROAD_NETWORK', message: expect.stringMatching(/^Les temps de trajet ne peuvent pas/) });
  });

  it('says a start point in the sea is in the sea, with or without a road network near', async () => {
    // Five and two kilometres off Monaco's coast; then mid-Atlantic, before any mode rule (trucks are for France).
    for (const startPoint of [[7.45, 43.69], [7.43, 43.725]] as const) {
      const sea = await isochrones(widened, { startPoint, isoMode: 'isochrone', transportMode: 'car', values: [600] });
      expect(sea.statusCode).toBe(422);
      expect(sea.json().error).toMatchObject({ code: 'START_AT_SEA', message: 'This point is in the sea: there is no road near it. Choose a starting point on land.' });
    }
    const midAtlantic = await isochrones(noNetwork, { startPoint: [-30, 40], isoMode: 'isochrone', transportMode: 'truck', values: [600] }, 'fr');
    expect(midAtlantic.json().error).toMatchObject({ code: 'START_AT_SEA', message: expect.stringMatching(/^Ce point est en mer/) });
  });

  it('refuses a start far from any road of the mode', async () => {
    // The summit of Coma Pedrosa, Andorra: hiking paths only, the nearest road a few kilometres away.
    const summit = await isochrones(widened, { startPoint: [1.4437, 42.5915], isoMode: 'isochrone', transportMode: 'car', values: [600] });
    expect(summit.statusCode).toBe(422);
    expect(summit.json().error).toMatchObject({ code: 'START_TOO_FAR', message: 'The starting point is too far from any road usable with this transport mode' });
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await widened.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/v2/isochrones'].post.summary).toMatch(/Isochrones/);
  });
});

describe('routed areas in a map', () => {
  let user: TestUser;
  beforeAll(async () => { user = await signUp(widened); });

  it('computes and stores a 10-minute car isochrone with its fields', async () => {
    const map = await createMap(widened, user);
    const folder = await createFolder(widened, user, map.id);
    const uuid = randomUUID();
    const created = await expectStatus<{ areas: Area[] }>(201, postAreas(widened, user, map.id, folder, [{
      uuid, label: 'Monaco – 10 min by car', isoMode: 'isochrone', transportMode: 'car', duration: 600, startPoint: START,
      startAddress: 'Monaco', departureDate: '2026-12-01T08:00:00.000Z',
    }]));
    expect(created.areas[0]).toMatchObject({ uuid, isoMode: 'isochrone', transportMode: 'car', duration: 600, startPoint: START });
    const stored = (await getMap(widened, user, map.accessId)).folders[0]!.areas[0]!;
    expect(stored).toMatchObject({ isoMode: 'isochrone', duration: 600, startAddress: 'Monaco', departureDate: '2026-12-01T08:00:00.000Z' });
    expect(stored.geometry.type).toBe('MultiPolygon');
    expect(contains(stored.geometry as MultiPolygonGeometry, START)).toBe(true);
  });

  it('stores a road isodistance by bike', async () => {
    const map = await createMap(widened, user);
    const folder = await createFolder(widened, user, map.id);
    const created = await expectStatus<{ areas: Area[] }>(201, postAreas(widened, user, map.id, folder, [
      { uuid: randomUUID(), isoMode: 'isodistance', transportMode: 'bike', distance: 2000, startPoint: START },
    ]));
    expect(created.areas[0]).toMatchObject({ isoMode: 'isodistance', transportMode: 'bike', distance: 2000 });
  });

  it('stores nothing when one area of the batch cannot be calculated', async () => {
    const map = await createMap(widened, user);
    const folder = await createFolder(widened, user, map.id);
    const response = await postAreas(widened, user, map.id, folder, [
      { uuid: randomUUID(), isoMode: 'isochrone', transportMode: 'car', duration: 300, startPoint: START },
      { uuid: randomUUID(), isoMode: 'isochrone', transportMode: 'car', duration: 300, startPoint: [2.35, 48.85] },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('NO_ROAD_NETWORK');
    expect((await getMap(widened, user, map.id)).folders[0]!.areas).toEqual([]);
  });
});

describe('an operator\'s own routing server', () => {
  it('answers through the Valhalla adapter with the same shape and rules', async () => {
    // A Valhalla-compatible server answering as its API reference documents.
    const seen: unknown[] = [];
    const server = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => { text += chunk.toString(); });
      request.on('end', () => {
        seen.push(JSON.parse(text));
        const ring = [[7.41, 43.72], [7.43, 43.72], [7.43, 43.75], [7.41, 43.75], [7.41, 43.72]];
        response.writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { contour: 10, metric: 'time' }, geometry: { type: 'Polygon', coordinates: [ring] } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = await testApp();
      const routing = EXTERNAL_PROVIDERS.valhalla({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      const app = await buildServer(createContext(base.ctx.config, base.ctx.database, { routing }), { rateLimits: false });
      const body = await expectStatus<Answer>(200, isochrones(app, { startPoint: START, isoMode: 'isochrone', transportMode: 'car', values: [600] }));
      expect(seen).toEqual([expect.objectContaining({ costing: 'auto', contours: [{ time: 10 }] })]);
      expect(contains(body.features[0]!.geometry, START)).toBe(true);
      // The product's rules still apply before the server is asked.
      const truck = await isochrones(app, { startPoint: START, isoMode: 'isochrone', transportMode: 'truck', values: [600] });
      expect(truck.statusCode).toBe(422);
      expect(seen).toHaveLength(1);
      await app.close();
    } finally {
      server.close();
    }
  });
});
