/**
 * Transit isochrones through the API: the rnv feed (Mannheim–Heidelberg, autumn 2016) imported by
 * the function `npm run data -- import gtfs` runs, over the demo's Mannheim–Heidelberg roads, and
 * served by the engine the server starts (openIsochroneProvider), with transit widened to Germany
 * as an operator would (ROUTING_MODE_COUNTRIES).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { insidePolygon } from '@catchment/geodata';
import type { MapGenerationView, MultiPolygonGeometry } from '@catchment/domain';
import type { IsochroneProvider } from '@catchment/routing';
import { importGtfsFeed } from '../src/cli/import-sources.js';
import type { Config } from '../src/config.js';
import { createContext } from '../src/context.js';
import { openIsochroneProvider } from '../src/isochrones/isochrone-provider.setup.js';
import { buildServer } from '../src/server.js';
import { signUp, signUpOnPlan, testApp } from './harness.js';
import { call, createFolder, createMap, expectError, expectStatus, getMap, postAreas } from './maps-factories.js';

const BISMARCKPLATZ: [number, number] = [8.6938, 49.4093];
const SCHRIESHEIM_BAHNHOF: [number, number] = [8.6602, 49.4722];
const NECKARGEMUEND_BAHNHOF: [number, number] = [8.7874, 49.3941];
const DEPARTURE = '2016-11-22T08:00:00+01:00';
const WIDENED = 'truck=fr;heavy_truck=fr;transit=fr,de;bike=europe,north_america;walk=europe,north_america';

let dir: string;
let engine: IsochroneProvider | undefined;
/** Transit offered in Germany; and the product's rule (France only). */
let app: FastifyInstance;
let specApp: FastifyInstance;

beforeAll(async () => {
  const base = await testApp();
  dir = mkdtempSync(join(tmpdir(), 'transit-'));
  // The operator's folders are empty: the stops are linked to the demo's road network (DATA_DIR/demo/graphs, shared by the tests).
  const config: Config = {
    ...base.ctx.config, routingGraphDir: join(dir, 'graphs'), transitTimetableDir: join(dir, 'transit'), routingWorkers: 1, routingModeCountries: WIDENED,
  };
  const summary = await importGtfsFeed(config, 'test-data/gtfs/rnv-gtfs.zip', { log: () => {} });
  expect(summary.header).toMatchObject({ stopCount: 2_057, tripCount: 20_636, region: 'rnv-mannheim-heidelberg', timezone: 'Europe/Berlin' });
  engine = await openIsochroneProvider(config, () => {});
  const data = { routing: engine, basemap: base.ctx.basemap, gazetteer: base.ctx.gazetteer };
  app = await buildServer(createContext(config, base.ctx.database, data), { rateLimits: false });
  specApp = await buildServer(createContext({ ...config, routingModeCountries: undefined }, base.ctx.database, data), { rateLimits: false });
  await Promise.all([app.ready(), specApp.ready()]);
  // The import and the engine's start ran past 240 s on two loaded cores (beside the other suites).
}, 540_000);

afterAll(async () => {
  await app?.close();
  await specApp?.close();
  await engine?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  features: Array<{ geometry: MultiPolygonGeometry; properties: { value: number; transportMode: string } }>;
  meta: { departureDateUsed: boolean; departureDate?: string };
}

const isochrones = (payload: unknown, lang?: 'en' | 'fr', server = app) => call(server, 'POST', '/v2/isochrones', { payload, lang });
const contains = (geometry: MultiPolygonGeometry, [lng, lat]: [number, number]) => geometry.coordinates.some((polygon) => insidePolygon(lng, lat, polygon));

describe('POST /v2/isochrones with transportMode transit', () => {
  it('reaches Schriesheim and Neckargemünd stations (about 7 km) within 30 minutes from Bismarckplatz by tram or bus, which walking does not', async () => {
    const transit = await expectStatus<Answer>(200, isochrones({
      startPoint: BISMARCKPLATZ, isoMode: 'isochrone', transportMode: 'transit', values: [1800], departureDate: DEPARTURE,
    }));
    const area = transit.features[0]!;
    expect(area.properties).toMatchObject({ value: 1800, transportMode: 'transit' });
    expect(contains(area.geometry, SCHRIESHEIM_BAHNHOF)).toBe(true);
    expect(contains(area.geometry, NECKARGEMUEND_BAHNHOF)).toBe(true);
    expect(transit.meta).toMatchObject({ departureDateUsed: true, departureDate: '2016-11-22T07:00:00.000Z' });

    const walk = await expectStatus<Answer>(200, isochrones({ startPoint: BISMARCKPLATZ, isoMode: 'isochrone', transportMode: 'walk', values: [1800] }));
    expect(contains(walk.features[0]!.geometry, SCHRIESHEIM_BAHNHOF)).toBe(false);
    expect(contains(walk.features[0]!.geometry, NECKARGEMUEND_BAHNHOF)).toBe(false);
  });

  it('gives nested bands; at 3 a.m., when nothing runs, the walking area itself', async () => {
    const bands = await expectStatus<Answer>(200, isochrones({
      startPoint: BISMARCKPLATZ, isoMode: 'isochrone', transportMode: 'transit', values: [600, 1800], departureDate: DEPARTURE,
    }));
    expect(bands.features.map((feature) => feature.properties.value)).toEqual([600, 1800]);
    expect(contains(bands.features[0]!.geometry, SCHRIESHEIM_BAHNHOF)).toBe(false);
    expect(contains(bands.features[1]!.geometry, SCHRIESHEIM_BAHNHOF)).toBe(true);
    const night = await expectStatus<Answer>(200, isochrones({
      startPoint: BISMARCKPLATZ, isoMode: 'isochrone', transportMode: 'transit', values: [1800], departureDate: '2016-11-22T03:00:00+01:00',
    }));
    const walk = await expectStatus<Answer>(200, isochrones({ startPoint: BISMARCKPLATZ, isoMode: 'isochrone', transportMode: 'walk', values: [1800] }));
    expect(night.features[0]!.geometry).toEqual(walk.features[0]!.geometry);
  });

  it('refuses a departure outside the timetables\' dates, naming them (and takes now without a departureDate)', async () => {
    const outside = await isochrones({
      startPoint: BISMARCKPLATZ, isoMode: 'isochrone', transportMode: 'transit', values: [1800], departureDate: '2017-03-01T08:00:00+01:00',
    }, 'fr');
    expect(outside.statusCode).toBe(422);
    expect(outside.json().error).toMatchObject({
      code: 'TRANSIT_DATE_NOT_COVERED',
      message: 'Les horaires de transports en commun chargés ici vont du 2016-10-22 au 2016-12-10 : choisissez un départ entre ces dates',
    });
    const now = await isochrones({ startPoint: BISMARCKPLATZ, isoMode: 'isochrone', transportMode: 'transit', values: [1800] });
    expect(now.statusCode).toBe(422);
    expect(now.json().error.code).toBe('TRANSIT_DATE_NOT_COVERED');
    expect(Math.abs(Date.parse(now.json().error.details.departureDate) - Date.now())).toBeLessThan(60_000);
  });

  it('says in the user\'s language where no timetable covers the start', async () => {
    // Monaco: on the demo's roads, far from any timetable.
    const response = await isochrones({ startPoint: [7.4209, 43.7371], isoMode: 'isochrone', transportMode: 'transit', values: [900], departureDate: DEPARTURE }, 'fr',
      await serverOfferingTransitEverywhere());
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'NO_TRANSIT_TIMETABLE', message: expect.stringMatching(/^Les zones en transports en commun ne peuvent pas être calculées ici/) });
    const english = await isochrones({ startPoint: [7.4209, 43.7371], isoMode: 'isochrone', transportMode: 'transit', values: [900], departureDate: DEPARTURE }, 'en',
      await serverOfferingTransitEverywhere());
    expect(english.json().error.message).toMatch(/^Public transport areas cannot be computed here: no timetable of this region is loaded/);
  });

  it('offers transit in France only under the product\'s rule', async () => {
    const response = await isochrones({
      startPoint: BISMARCKPLATZ, isoMode: 'isochrone', transportMode: 'transit', values: [1800], departureDate: DEPARTURE,
    }, 'en', specApp);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'MODE_NOT_OFFERED', message: 'Transit areas are only available in France' });
  });

  it('refuses road distances and several starts by transit', async () => {
    for (const extra of [{ isoMode: 'isodistance', values: [5000] }, { startPoint: undefined, startPoints: [BISMARCKPLATZ, [8.68, 49.41]] }]) {
      const response = await isochrones({
        startPoint: BISMARCKPLATZ, isoMode: 'isochrone', transportMode: 'transit', values: [1800], departureDate: DEPARTURE, ...extra,
      }, 'fr');
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatchObject({ code: 'TRANSIT_OPTION_UNAVAILABLE', message: 'Les zones en transports en commun sont des temps de trajet depuis ou vers un seul point' });
    }
  });
});

describe('POST /v2/isochrones with transportMode transit, arriving', () => {
  // Trams from Schriesheim reach Bismarckplatz in some 25 minutes before 8:45, buses and trains from Neckargemünd in some 35.
  const ARRIVAL = '2016-11-22T08:45:00+01:00';

  it('reaches Bismarckplatz by 8:45 from Schriesheim station within 30 minutes and from Neckargemünd station within 40, which walking does not', async () => {
    const transit = await expectStatus<Answer>(200, isochrones({
      startPoint: BISMARCKPLATZ, direction: 'arrival', isoMode: 'isochrone', transportMode: 'transit', values: [1800, 2400], departureDate: ARRIVAL,
    }));
    const [half, forty] = transit.features;
    expect(half!.properties).toMatchObject({ value: 1800, transportMode: 'transit' });
    expect(contains(half!.geometry, SCHRIESHEIM_BAHNHOF)).toBe(true);
    expect(contains(half!.geometry, NECKARGEMUEND_BAHNHOF)).toBe(false);
    expect(contains(forty!.geometry, SCHRIESHEIM_BAHNHOF)).toBe(true);
    expect(contains(forty!.geometry, NECKARGEMUEND_BAHNHOF)).toBe(true);
    expect(transit.meta).toMatchObject({ departureDateUsed: true, departureDate: '2016-11-22T07:45:00.000Z' });

    const walk = await expectStatus<Answer>(200, isochrones({
      startPoint: BISMARCKPLATZ, direction: 'arrival', isoMode: 'isochrone', transportMode: 'walk', values: [2400],
    }));
    expect(contains(walk.features[0]!.geometry, SCHRIESHEIM_BAHNHOF)).toBe(false);
    expect(contains(walk.features[0]!.geometry, NECKARGEMUEND_BAHNHOF)).toBe(false);
  });

  it('counts back from the arrival: by 8:30, 30 minutes no longer reach Schriesheim station; at 3 a.m., when nothing runs, the walking area itself', async () => {
    const earlier = await expectStatus<Answer>(200, isochrones({
      startPoint: BISMARCKPLATZ, direction: 'arrival', isoMode: 'isochrone', transportMode: 'transit', values: [1800], departureDate: '2016-11-22T08:30:00+01:00',
    }));
    expect(contains(earlier.features[0]!.geometry, SCHRIESHEIM_BAHNHOF)).toBe(false);
    const night = await expectStatus<Answer>(200, isochrones({
      startPoint: BISMARCKPLATZ, direction: 'arrival', isoMode: 'isochrone', transportMode: 'transit', values: [1800], departureDate: '2016-11-22T03:00:00+01:00',
    }));
    const walk = await expectStatus<Answer>(200, isochrones({
      startPoint: BISMARCKPLATZ, direction: 'arrival', isoMode: 'isochrone', transportMode: 'walk', values: [1800],
    }));
    expect(night.features[0]!.geometry).toEqual(walk.features[0]!.geometry);
  });

  it('is saved on a map arriving at its date, as the preview was', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    const folderId = await createFolder(app, user, map.id);
    const preview = await expectStatus<Answer>(200, isochrones({
      startPoint: BISMARCKPLATZ, direction: 'arrival', isoMode: 'isochrone', transportMode: 'transit', values: [1800], departureDate: ARRIVAL,
    }));
    const created = await expectStatus<{ areas: Array<{ geometry: MultiPolygonGeometry; direction: string; departureDate: string }> }>(201,
      postAreas(app, user, map.id, folderId, [{
        uuid: crypto.randomUUID(), label: 'Bismarckplatz by 8:45 – 30 min', isoMode: 'isochrone', transportMode: 'transit', duration: 1800,
        startPoint: BISMARCKPLATZ, direction: 'arrival', departureDate: ARRIVAL,
      }]));
    const [area] = created.areas;
    expect(area).toMatchObject({ direction: 'arrival', departureDate: '2016-11-22T07:45:00.000Z' });
    expect(area!.geometry.coordinates).toEqual(preview.features[0]!.geometry.coordinates);
    expect(contains(area!.geometry, SCHRIESHEIM_BAHNHOF)).toBe(true);
  });
});

describe('a transit area on a map', () => {
  it('is computed by the server at the area\'s departure date, as the preview was', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    const folderId = await createFolder(app, user, map.id);
    const created = await expectStatus<{ areas: Array<{ geometry: MultiPolygonGeometry; transportMode: string; departureDate: string }> }>(201,
      postAreas(app, user, map.id, folderId, [{
        uuid: crypto.randomUUID(), label: 'Bismarckplatz – 30 min', isoMode: 'isochrone', transportMode: 'transit', duration: 1800,
        startPoint: BISMARCKPLATZ, departureDate: DEPARTURE,
      }]));
    const [area] = created.areas;
    expect(area).toMatchObject({ transportMode: 'transit', departureDate: '2016-11-22T07:00:00.000Z' });
    expect(contains(area!.geometry, SCHRIESHEIM_BAHNHOF)).toBe(true);
    expect(contains(area!.geometry, NECKARGEMUEND_BAHNHOF)).toBe(true);
  });

  it('is recomputed at a new departure; a departure without its offset or outside the timetables changes nothing, said in the user\'s language', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    const folderId = await createFolder(app, user, map.id);
    const uuid = crypto.randomUUID();
    await expectStatus(201, postAreas(app, user, map.id, folderId, [{
      uuid, label: 'Bismarckplatz – 30 min', isoMode: 'isochrone', transportMode: 'transit', duration: 1800, startPoint: BISMARCKPLATZ, departureDate: DEPARTURE,
    }]));
    const patch = (payload: Record<string, unknown>) => call(app, 'PATCH', `/v2/maps/${map.id}/folders/${folderId}/areas/${uuid}`, { as: user, payload, lang: 'fr' });
    const stored = async () => (await getMap(app, user, map.id)).folders.flatMap((folder) => folder.areas as unknown as StoredArea[]).find((area) => area.uuid === uuid)!;

    // At 3 a.m. nothing runs: the area shrinks to the walk from Bismarckplatz.
    const night = await expectStatus<{ area: StoredArea }>(200, patch({ departureDate: '2016-11-22T03:00:00+01:00' }));
    expect(night.area.departureDate).toBe('2016-11-22T02:00:00.000Z');
    expect(contains(night.area.geometry, SCHRIESHEIM_BAHNHOF)).toBe(false);
    expect(contains(night.area.geometry, NECKARGEMUEND_BAHNHOF)).toBe(false);
    expect(contains(night.area.geometry, BISMARCKPLATZ)).toBe(true);
    const atNight = await stored();

    expectError(await patch({ departureDate: '2016-11-22T08:00:00' }), 400, 'VALIDATION_ERROR', /Date invalide/);
    expectError(await patch({ departureDate: '2017-03-01T08:00:00+01:00' }), 422, 'TRANSIT_DATE_NOT_COVERED',
      'Les horaires de transports en commun chargés ici vont du 2016-10-22 au 2016-12-10 : choisissez un départ entre ces dates');
    expect(await stored()).toEqual(atNight);

    // Another change keeps the departure: back to 8:00 and then 20 minutes, still read at 8:00.
    await expectStatus(200, patch({ departureDate: DEPARTURE }));
    const shorter = await expectStatus<{ area: StoredArea }>(200, patch({ duration: 1200 }));
    expect(shorter.area).toMatchObject({ duration: 1200, departureDate: '2016-11-22T07:00:00.000Z' });
    // The same area as one made anew at 8:00 for 20 minutes (not at now, when the timetables have no trips).
    const anew = await expectStatus<{ areas: StoredArea[] }>(201, postAreas(app, user, map.id, folderId, [{
      uuid: crypto.randomUUID(), isoMode: 'isochrone', transportMode: 'transit', duration: 1200, startPoint: BISMARCKPLATZ, departureDate: DEPARTURE,
    }]));
    expect(shorter.area.hash).toBe(anew.areas[0]!.hash);
  });
});

describe('a map generated with transit', () => {
  it('makes each place\'s area at the departure given, as one drawn by hand at that time', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const started = await expectStatus<MapGenerationView>(202, call(app, 'POST', '/v2/maps/generate', { as: user, payload: {
      title: 'Heidelberg by tram',
      source: { type: 'places', places: [{ label: 'Bismarckplatz', position: BISMARCKPLATZ }, { label: 'Schriesheim', position: SCHRIESHEIM_BAHNHOF }] },
      isoMode: 'isochrone', transportMode: 'transit', value: 1800, departureDate: DEPARTURE, colors: { rule: 'single', color: '#112233' },
    } }));
    let view = started;
    for (let attempt = 0; attempt < 600 && view.status !== 'done' && view.status !== 'failed'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      view = await expectStatus<MapGenerationView>(200, call(app, 'GET', `/v2/maps/generate/${started.id}`, { as: user }));
    }
    expect(view).toMatchObject({ status: 'done', created: 2, failures: [] });
    const areas = (await getMap(app, user, view.map!.id)).folders[0]!.areas as unknown as Array<StoredArea & { label: string; transportMode: string }>;
    expect(areas.map((area) => [area.label, area.transportMode, area.duration, area.departureDate])).toEqual([
      ['Bismarckplatz', 'transit', 1800, '2016-11-22T07:00:00.000Z'], ['Schriesheim', 'transit', 1800, '2016-11-22T07:00:00.000Z'],
    ]);
    // Read at 8:00, not at the time the job ran (when the 2016 timetables have no trips): the tram reaches Neckargemünd.
    expect(contains(areas[0]!.geometry, NECKARGEMUEND_BAHNHOF)).toBe(true);
    const map = await createMap(app, user);
    const folderId = await createFolder(app, user, map.id);
    const byHand = await expectStatus<{ areas: StoredArea[] }>(201, postAreas(app, user, map.id, folderId, [{
      uuid: crypto.randomUUID(), isoMode: 'isochrone', transportMode: 'transit', duration: 1800, startPoint: BISMARCKPLATZ, departureDate: DEPARTURE,
    }]));
    expect(areas[0]!.hash).toBe(byHand.areas[0]!.hash);
  });
});

interface StoredArea { uuid: string; duration: number; departureDate: string; geometry: MultiPolygonGeometry; hash: string }

let everywhere: FastifyInstance | undefined;
/** A server of the same engine offering transit everywhere (Monaco's start reaches the engine). */
async function serverOfferingTransitEverywhere(): Promise<FastifyInstance> {
  if (!everywhere) {
    const base = await testApp();
    const config = { ...base.ctx.config, routingModeCountries: 'transit=*;walk=*;bike=*;truck=*;heavy_truck=*' };
    everywhere = await buildServer(createContext(config, base.ctx.database, { routing: engine, basemap: base.ctx.basemap, gazetteer: base.ctx.gazetteer }), { rateLimits: false });
    await everywhere.ready();
  }
  return everywhere;
}

afterAll(async () => {
  await everywhere?.close();
});
