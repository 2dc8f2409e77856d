/**
 * Editing how an area is made, through PATCH: a circle's centre and radius, a travel-time area's
 * value and mode (on the real Monaco road network), a reshaped area becoming a plain polygon, and
 * changing back (what undo sends) giving the very same geometry. Refused changes store nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { polygonsOf, type Area } from '@catchment/domain';
import { insidePolygon } from '@catchment/geodata';
import { canonicalGeometry } from '../src/maps/geometry-hash.js';
import { serverWithRouting, signUp, testRoutingEngine, type TestUser } from './harness.js';
import { call, circleArea, createFolder, createMap, expectStatus, getMap, haversineMeters, postAreas, square } from './maps-factories.js';

const MONACO = 'test-data/osm/monaco.osm.pbf';
/** Boulevard Albert 1er, by the port. */
const MONACO_START: [number, number] = [7.4209, 43.7371];

let roads: Awaited<ReturnType<typeof testRoutingEngine>>;
let app: FastifyInstance;
let user: TestUser;

beforeAll(async () => {
  roads = await testRoutingEngine([MONACO]);
  ({ app } = await serverWithRouting(roads.engine));
  user = await signUp(app);
});

afterAll(async () => {
  await app?.close();
  await roads?.close();
});

type AreasResult = { areas: Area[]; version: number };

/** A new map holding the given areas in one folder; returns them as stored. */
async function mapWith(areas: unknown[]) {
  const map = await createMap(app, user);
  const folderId = await createFolder(app, user, map.id);
  const created = await expectStatus<AreasResult>(201, postAreas(app, user, map.id, folderId, areas));
  return { mapId: map.id, folderId, areas: created.areas, version: created.version, url: `/v2/maps/${map.id}/folders/${folderId}/areas/bulk` };
}

function patch(url: string, areas: unknown[], version?: number) {
  return call(app, 'PATCH', url, { as: user, payload: { areas, ...(version ? { version } : {}) } });
}

function distancesFrom(center: [number, number], area: Area): number[] {
  return polygonsOf(area.geometry).flatMap((polygon) => polygon[0]!.map((point) => haversineMeters(center, point as [number, number])));
}

describe('changing a circle', () => {
  it('recomputes the circle from a new centre and radius, whatever geometry the request carries', async () => {
    const { areas: [circle], url, version } = await mapWith([circleArea({ label: 'Shop', color: '#123456' })]);
    const centre: [number, number] = [2.3, 48.8];
    const result = await expectStatus<AreasResult>(200, patch(url, [{ uuid: circle!.uuid, startPoint: centre, distance: 2000, geometry: square(5, 45) }], version));
    const changed = result.areas[0]!;
    expect(changed).toMatchObject({ uuid: circle!.uuid, label: 'Shop', color: '#123456', isoMode: 'isodistance', transportMode: 'circle', distance: 2000, startPoint: centre });
    for (const meters of distancesFrom(centre, changed)) expect(meters).toBeCloseTo(2000, -1);
    expect(changed.hash).not.toBe(circle!.hash);
    expect(result.version).toBe(version + 1);

    // What undo sends: the old centre and radius (and the old geometry, ignored) give the old circle back.
    const back = await expectStatus<AreasResult>(200, patch(url, [{ uuid: circle!.uuid, startPoint: circle!.startPoint, distance: 5000, geometry: circle!.geometry }]));
    expect(back.areas[0]).toMatchObject({ distance: 5000, startPoint: circle!.startPoint, geometry: circle!.geometry, hash: circle!.hash });
  });

  it('turns a reshaped circle into a plain polygon, and back', async () => {
    const { areas: [circle], url, mapId } = await mapWith([circleArea({ startAddress: 'Paris' })]);
    const drawn = square(2.34, 48.84, 0.02);
    const reshaped = await expectStatus<AreasResult>(200, patch(url, [{
      uuid: circle!.uuid, geometry: drawn, isoMode: 'polygon', operation: 'manualArea', transportMode: null, startPoint: null, distance: null, startAddress: null,
    }]));
    expect(reshaped.areas[0]).toMatchObject({
      isoMode: 'polygon', operation: 'manualArea', transportMode: null, startPoint: null, distance: null, startAddress: null, geometry: canonicalGeometry(drawn),
    });
    const stored = (await getMap(app, user, mapId)).folders[0]!.areas[0]!;
    expect(stored).toEqual(reshaped.areas[0]);

    const undone = await expectStatus<AreasResult>(200, patch(url, [{
      uuid: circle!.uuid, geometry: circle!.geometry, isoMode: 'isodistance', operation: null, transportMode: 'circle',
      startPoint: circle!.startPoint, distance: circle!.distance, startAddress: 'Paris',
    }]));
    expect(undone.areas[0]).toMatchObject({
      isoMode: 'isodistance', transportMode: 'circle', operation: null, startAddress: 'Paris', distance: 5000, hash: circle!.hash,
    });
  });

  it('refuses a change that leaves the area without what its mode needs, storing nothing', async () => {
    const { areas: [circle], url, mapId, version } = await mapWith([circleArea()]);
    const noRadius = await patch(url, [{ uuid: circle!.uuid, distance: null }]);
    expect(noRadius.statusCode).toBe(400);
    expect(noRadius.json().error.details).toEqual([expect.objectContaining({ path: 'body.areas.0.distance' })]);
    const single = await call(app, 'PATCH', `${url.replace('/bulk', '')}/${circle!.uuid}`, { as: user, payload: { startPoint: null }, lang: 'fr' });
    expect(single.statusCode).toBe(400);
    expect(single.json().error.details).toEqual([expect.objectContaining({ path: 'body.startPoint' })]);
    const circleIsochrone = await patch(url, [{ uuid: circle!.uuid, isoMode: 'isochrone', duration: 600 }]);
    expect(circleIsochrone.json().error.details).toEqual([expect.objectContaining({ path: 'body.areas.0.transportMode' })]);
    const tooFar = await patch(url, [{ uuid: circle!.uuid, distance: 10_000_000 }]);
    expect(tooFar.statusCode).toBe(400);
    const unknown = await patch(url, [{ uuid: randomUUID(), distance: 1000 }]);
    expect(unknown.json().error.code).toBe('AREA_NOT_FOUND');
    const doc = await getMap(app, user, mapId);
    expect(doc.version).toBe(version);
    expect(doc.folders[0]!.areas[0]).toEqual(circle);
  });

  it('lets only editors change an area', async () => {
    const { areas: [circle], url } = await mapWith([circleArea()]);
    const stranger = await signUp(app);
    const refused = await call(app, 'PATCH', url, { as: stranger, payload: { areas: [{ uuid: circle!.uuid, distance: 1000 }] } });
    expect(refused.statusCode).toBe(404);
    expect((await call(app, 'PATCH', url, { payload: { areas: [{ uuid: circle!.uuid, distance: 1000 }] } })).statusCode).toBe(401);
  });
});

describe('changing a travel-time area', () => {
  const isochrone = () => ({ uuid: randomUUID(), isoMode: 'isochrone', transportMode: 'car', duration: 600, startPoint: MONACO_START, startAddress: 'Monaco' });

  it('recomputes the area on the road network for a new time or mode; the old values give the old area back', async () => {
    const { areas: [area], url } = await mapWith([isochrone()]);
    const shorter = (await expectStatus<AreasResult>(200, patch(url, [{ uuid: area!.uuid, duration: 180 }]))).areas[0]!;
    expect(shorter).toMatchObject({ isoMode: 'isochrone', transportMode: 'car', duration: 180, startAddress: 'Monaco' });
    expect(shorter.hash).not.toBe(area!.hash);
    // Three minutes reach less than ten: every vertex of the smaller area lies inside the larger one.
    const larger = polygonsOf(area!.geometry);
    const outside = polygonsOf(shorter.geometry).flatMap((polygon) => polygon[0]!)
      .filter(([lng, lat]) => !larger.some((polygon) => insidePolygon(lng!, lat!, polygon)));
    expect(outside.length).toBeLessThan(polygonsOf(shorter.geometry).flatMap((polygon) => polygon[0]!).length * 0.05);

    const walking = (await expectStatus<AreasResult>(200, patch(url, [{ uuid: area!.uuid, transportMode: 'walk', duration: 600 }]))).areas[0]!;
    expect(walking).toMatchObject({ transportMode: 'walk', duration: 600 });
    expect(walking.hash).not.toBe(area!.hash);

    const back = (await expectStatus<AreasResult>(200, patch(url, [{ uuid: area!.uuid, transportMode: 'car', duration: 600, geometry: area!.geometry }]))).areas[0]!;
    expect(back.hash).toBe(area!.hash);
  });

  it('says where no road network is loaded, changing nothing', async () => {
    const { areas: [area], url, mapId, version } = await mapWith([isochrone()]);
    const paris = await call(app, 'PATCH', url, { as: user, payload: { areas: [{ uuid: area!.uuid, startPoint: [2.35, 48.85], startAddress: 'Paris' }] } });
    expect(paris.statusCode).toBeGreaterThanOrEqual(400);
    expect(paris.json().error.code).toBe('NO_ROAD_NETWORK');
    const doc = await getMap(app, user, mapId);
    expect(doc.version).toBe(version);
    expect(doc.folders[0]!.areas[0]).toEqual(area);
  });
});
