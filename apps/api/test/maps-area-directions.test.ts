/**
 * Areas computed towards their start (direction arrival) and from several starts, stored on maps:
 * created, returned, changed (the geometry recomputed), copied with their map and exported, on the
 * real Monaco road network. Refused inputs answer in the reader's language and store nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { polygonsOf, type Area, type AreaGeometry, type MapDocument } from '@catchment/domain';
import { insidePolygon } from '@catchment/geodata';
import { serverWithRouting, signUp, testRoutingEngine, type TestUser } from './harness.js';
import { call, circleArea, createFolder, createMap, expectStatus, getMap, postAreas } from './maps-factories.js';

/** Boulevard Albert 1er, by the port; Monte-Carlo, by the casino. */
const START: [number, number] = [7.4209, 43.7371];
const CASINO: [number, number] = [7.4275, 43.7395];

let roads: Awaited<ReturnType<typeof testRoutingEngine>>;
let app: FastifyInstance;
let user: TestUser;

beforeAll(async () => {
  roads = await testRoutingEngine(['test-data/osm/monaco.osm.pbf']);
  ({ app } = await serverWithRouting(roads.engine));
  user = await signUp(app);
});

afterAll(async () => {
  await app?.close();
  await roads?.close();
});

type AreasResult = { areas: Area[]; version: number };

const carIsochrone = (fields: Record<string, unknown> = {}) =>
  ({ uuid: randomUUID(), isoMode: 'isochrone', transportMode: 'car', startPoint: START, duration: 90, ...fields });

async function mapWith(areas: unknown[]) {
  const map = await createMap(app, user);
  const folderId = await createFolder(app, user, map.id);
  const created = await expectStatus<AreasResult>(201, postAreas(app, user, map.id, folderId, areas));
  return { mapId: map.id, folderId, areas: created.areas, version: created.version, url: `/v2/maps/${map.id}/folders/${folderId}/areas/bulk` };
}

const patch = (url: string, areas: unknown[], version: number, lang?: 'en' | 'fr') =>
  call(app, 'PATCH', url, { as: user, payload: { areas, version }, lang });

const contains = (geometry: AreaGeometry, point: readonly number[]) =>
  polygonsOf(geometry).some((polygon) => insidePolygon(point[0]!, point[1]!, polygon));

/** Share of `inner`'s surface (sampled on a 60 × 60 grid over its bounds) that lies in `outer`, and the samples taken. */
function coverage(inner: AreaGeometry, outer: AreaGeometry): { share: number; samples: number } {
  const vertices = polygonsOf(inner).flat(2);
  const [west, east] = [Math.min(...vertices.map(([lng]) => lng!)), Math.max(...vertices.map(([lng]) => lng!))];
  const [south, north] = [Math.min(...vertices.map(([, lat]) => lat!)), Math.max(...vertices.map(([, lat]) => lat!))];
  let samples = 0;
  let covered = 0;
  for (let i = 0; i <= 60; i++) {
    for (let j = 0; j <= 60; j++) {
      const point = [west + ((east - west) * i) / 60, south + ((north - south) * j) / 60];
      if (!contains(inner, point)) continue;
      samples++;
      if (contains(outer, point)) covered++;
    }
  }
  return { share: covered / samples, samples };
}

describe('arrival areas', () => {
  it('are stored and returned with their direction, and differ from the departure area where one-way streets matter', async () => {
    const { mapId, areas: [departure, arrival] } = await mapWith([carIsochrone(), carIsochrone({ direction: 'arrival' })]);
    expect(departure).toMatchObject({ direction: 'departure', startPoint: START, startPoints: null });
    expect(arrival).toMatchObject({ direction: 'arrival', startPoint: START, startPoints: null });
    expect(arrival!.hash).not.toBe(departure!.hash);
    expect(contains(arrival!.geometry, START)).toBe(true);
    const stored = (await getMap(app, user, mapId)).folders[0]!.areas;
    expect(stored.map((area) => area.direction)).toEqual(['departure', 'arrival']);
    expect(stored[1]!.geometry).toEqual(arrival!.geometry);
  });

  it('are recomputed when a change turns the direction round, and back', async () => {
    const { areas: [departure, arrival] } = await mapWith([carIsochrone(), carIsochrone({ direction: 'arrival' })]);
    const { areas: [changed], url, version } = await mapWith([carIsochrone()]);
    const turned = await expectStatus<AreasResult>(200, patch(url, [{ uuid: changed!.uuid, direction: 'arrival' }], version));
    expect(turned.areas[0]).toMatchObject({ direction: 'arrival', hash: arrival!.hash });
    const back = await expectStatus<AreasResult>(200, patch(url, [{ uuid: changed!.uuid, direction: 'departure' }], turned.version));
    expect(back.areas[0]).toMatchObject({ direction: 'departure', hash: departure!.hash });
  });
});

describe('areas from several starts', () => {
  it('cover the area of each start, and keep their starts in order, the first as startPoint', async () => {
    const { areas: [several, fromStart, fromCasino] } = await mapWith([
      carIsochrone({ startPoint: undefined, startPoints: [START, CASINO], duration: 60 }),
      carIsochrone({ duration: 60 }),
      carIsochrone({ startPoint: CASINO, duration: 60 }),
    ]);
    expect(several).toMatchObject({ startPoint: START, startPoints: [START, CASINO], direction: 'departure' });
    for (const single of [fromStart!, fromCasino!]) {
      const { share, samples } = coverage(single.geometry, several!.geometry);
      expect(samples).toBeGreaterThan(500);
      expect(share).toBeGreaterThan(0.98);
    }
    // Each start's own area misses much of the other's: the union is more than either.
    expect(coverage(fromCasino!.geometry, fromStart!.geometry).share).toBeLessThan(0.9);
  });

  it('are recomputed when starts are added or dropped, and moving startPoint moves the first', async () => {
    const { areas: [area], url, version } = await mapWith([carIsochrone({ duration: 60 })]);
    const added = await expectStatus<AreasResult>(200, patch(url, [{ uuid: area!.uuid, startPoints: [START, CASINO], direction: 'arrival' }], version));
    expect(added.areas[0]).toMatchObject({ startPoint: START, startPoints: [START, CASINO], direction: 'arrival' });
    expect(added.areas[0]!.hash).not.toBe(area!.hash);
    expect(contains(added.areas[0]!.geometry, CASINO)).toBe(true);
    const moved: [number, number] = [7.4165, 43.7310];
    const first = await expectStatus<AreasResult>(200, patch(url, [{ uuid: area!.uuid, startPoint: moved }], added.version));
    expect(first.areas[0]).toMatchObject({ startPoint: moved, startPoints: [moved, CASINO], direction: 'arrival' });
    const dropped = await expectStatus<AreasResult>(200, patch(url, [{ uuid: area!.uuid, startPoints: null, direction: 'departure' }], first.version));
    expect(dropped.areas[0]).toMatchObject({ startPoint: moved, startPoints: null, direction: 'departure' });
  });

  it('are copied with their map and exported with their starts and direction', async () => {
    const { mapId, areas: [several] } = await mapWith([carIsochrone({ startPoint: undefined, startPoints: [START, CASINO], direction: 'arrival', duration: 60 })]);
    const copy = await expectStatus<MapDocument>(201, call(app, 'POST', `/v2/maps/${mapId}/clone`, { as: user }));
    expect(copy.folders[0]!.areas[0]).toMatchObject({ startPoints: [START, CASINO], direction: 'arrival', hash: several!.hash });
    const exported = await expectStatus<{ features: { properties: Record<string, unknown> }[] }>(200,
      call(app, 'GET', `/v2/maps/${mapId}/export?format=geojson`, { as: user }));
    expect(exported.features[0]!.properties).toMatchObject({ startPoint: START, startPoints: [START, CASINO], direction: 'arrival' });
  });
});

describe('refused directions and starts', () => {
  it('answer 400 in the reader\'s language and store nothing', async () => {
    const { mapId, folderId, areas: [area], url, version } = await mapWith([carIsochrone(), circleArea({ startPoint: START })]);
    const refusals: [unknown, 'en' | 'fr', string][] = [
      [carIsochrone({ startPoint: undefined, startPoints: [START] }), 'fr', 'Indiquez un point de départ, ou de 2 à 10 points de départ'],
      [carIsochrone({ startPoint: undefined, startPoints: Array.from({ length: 11 }, () => START) }), 'en', 'Give one starting point, or 2 to 10 starting points'],
      [carIsochrone({ startPoint: CASINO, startPoints: [START, CASINO] }), 'en', 'Give one starting point, or 2 to 10 starting points'],
      [carIsochrone({ direction: 'towards' }), 'fr', 'Sens inconnu : départ ou arrivée'],
      [circleArea({ direction: 'arrival' }), 'fr', "L'arrivée et les points de départ multiples ne s'appliquent qu'aux zones en temps de trajet ou en distance par la route"],
      [circleArea({ startPoints: [START, CASINO] }), 'en', 'Arrival and several starting points apply to travel-time and road-distance areas only'],
    ];
    for (const [body, lang, message] of refusals) {
      const response = await postAreas(app, user, mapId, folderId, [body], { lang });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const circle = (await getMap(app, user, mapId)).folders[0]!.areas[1]!;
    const changeRefused = await patch(url, [{ uuid: circle.uuid, direction: 'arrival' }], version, 'fr');
    expect(changeRefused.statusCode).toBe(400);
    expect(changeRefused.json().error.message).toMatch(/^L'arrivée et les points de départ multiples/);
    const oneStart = await patch(url, [{ uuid: area!.uuid, startPoints: [CASINO] }], version);
    expect(oneStart.statusCode).toBe(400);
    const after = await getMap(app, user, mapId);
    expect(after.version).toBe(version);
    expect(after.folders[0]!.areas.map((stored) => [stored.direction, stored.startPoints, stored.hash]))
      .toEqual([['departure', null, area!.hash], ['departure', null, circle.hash]]);
  });

  it('leave behind, when an arrival area from several starts becomes a circle, what a circle cannot have', async () => {
    const { areas: [area], url, version } = await mapWith([carIsochrone({ startPoint: undefined, startPoints: [START, CASINO], direction: 'arrival', duration: 60 })]);
    const result = await expectStatus<AreasResult>(200, patch(url, [{ uuid: area!.uuid, isoMode: 'isodistance', transportMode: 'circle', distance: 500, duration: null }], version));
    expect(result.areas[0]).toMatchObject({ isoMode: 'isodistance', transportMode: 'circle', startPoint: START, startPoints: null, direction: 'departure' });
  });
});
