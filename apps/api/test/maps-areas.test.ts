import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AREA_COLOR_PALETTE, polygonsOf, type Area, type MultiPolygonGeometry, type PolygonGeometry } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { canonicalGeometry, geometryHash } from '../src/maps/geometry-hash.js';
import { signUp, testApp, type TestUser } from './harness.js';
import {
  addMember, call, circleArea, createFolder, createMap, expectStatus, getMap, haversineMeters, mapWithAreas, polygonArea, postAreas,
  setProduct, square,
} from './maps-factories.js';

let app: FastifyInstance;
let ctx: AppContext;
beforeAll(async () => { ({ app, ctx } = await testApp()); });

type AreasResult = { areas: Area[]; version: number };

async function newMap(user: TestUser, body: Record<string, unknown> = {}) {
  const map = await createMap(app, user, body);
  const folderId = await createFolder(app, user, map.id, 'Layer');
  return { map, folderId };
}

/** Area uuids of the map, folder by folder, in order. */
async function layout(user: TestUser, mapId: number): Promise<string[][]> {
  return (await getMap(app, user, mapId)).folders.map((f) => f.areas.map((a) => a.uuid));
}

async function storedAreaCount(uuids: string[]): Promise<number> {
  const rows = await ctx.database.db.selectFrom('areas').select('uuid').where('uuid', 'in', uuids).execute();
  return rows.length;
}

/** A polygon whose hole lies outside its shell: the request schema lets it through, PostGIS does not. */
const holeOutsideShell: PolygonGeometry = { type: 'Polygon', coordinates: [square(2, 48, 0.1).coordinates[0]!, square(3, 49, 0.1).coordinates[0]!] };
const bowTie: PolygonGeometry = { type: 'Polygon', coordinates: [[[2, 48], [2.1, 48.1], [2.1, 48], [2, 48.1], [2, 48]]] };

describe('POST .../areas/bulk', () => {
  it('appends polygons in order with default labels and palette colours, storing every field as given', async () => {
    const user = await signUp(app);
    const { map, folderId } = await newMap(user);
    const plain = polygonArea();
    const combined = polygonArea({
      geometry: { type: 'MultiPolygon', coordinates: [square(2, 48).coordinates, square(2.5, 48).coordinates] } satisfies MultiPolygonGeometry,
      operation: 'union', label: 'Merged', color: '#abcdef', hide: true,
      startPoint: [2.01, 48.01], startAddress: '1 rue de Rivoli, Paris', distance: 1200, duration: 900,
      departureDate: '2024-05-06T08:30:00.000Z', unitKind: 'fr_postcodes', unitCodes: ['75001', '75002'],
    });
    const third = polygonArea({ geometry: square(4, 44) });
    const result = await expectStatus<AreasResult>(201, postAreas(app, user, map.id, folderId, [plain, combined, third], { payload: { version: 2 } }));
    expect(result.version).toBe(3);
    expect(result.areas.map((a) => a.uuid)).toEqual([plain.uuid, combined.uuid, third.uuid]);
    expect(result.areas[0]).toMatchObject({
      label: 'Area 1', color: AREA_COLOR_PALETTE[0], hide: false, isoMode: 'polygon', transportMode: null, operation: null,
      distance: null, duration: null, departureDate: null, startAddress: null, startPoint: null, unitKind: null, unitCodes: null,
      geometry: canonicalGeometry(plain.geometry as PolygonGeometry), hash: geometryHash(plain.geometry as PolygonGeometry),
    });
    expect(result.areas[1]).toMatchObject({
      label: 'Merged', color: '#abcdef', hide: true, operation: 'union', startPoint: [2.01, 48.01], startAddress: '1 rue de Rivoli, Paris',
      distance: 1200, duration: 900, departureDate: '2024-05-06T08:30:00.000Z', unitKind: 'fr_postcodes', unitCodes: ['75001', '75002'],
      geometry: combined.geometry,
    });
    expect(result.areas[1]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(result.areas[2]).toMatchObject({ label: 'Area 3', color: AREA_COLOR_PALETTE[2] });
    const doc = await getMap(app, user, map.id);
    expect(doc.folders[0]!.areas).toEqual(result.areas);
    expect(doc).toMatchObject({ areaCount: 3, version: 3 });

    // Appended after the existing ones; numbering and colours continue across the map, in the request language.
    const otherFolder = await createFolder(app, user, map.id, 'Other');
    const more = await expectStatus<AreasResult>(201, postAreas(app, user, map.id, otherFolder, [polygonArea(), polygonArea()], { lang: 'fr' }));
    expect(more.areas.map((a) => [a.label, a.color])).toEqual([['Zone 4', AREA_COLOR_PALETTE[3]], ['Zone 5', AREA_COLOR_PALETTE[4]]]);
    const last = polygonArea({ label: 'Last' });
    await expectStatus(201, postAreas(app, user, map.id, folderId, [last]));
    expect(await layout(user, map.id)).toEqual([[plain.uuid, combined.uuid, third.uuid, last.uuid], more.areas.map((a) => a.uuid)]);
  });

  it('computes circles on the server: a ring of vertices at the radius from the centre', async () => {
    const user = await signUp(app);
    const { map, folderId } = await newMap(user);
    const area = circleArea({ startPoint: [-1.5536, 47.2184], distance: 12_000, startAddress: 'Nantes' });
    const [circle] = (await expectStatus<AreasResult>(201, postAreas(app, user, map.id, folderId, [area]))).areas;
    expect(circle).toMatchObject({ isoMode: 'isodistance', transportMode: 'circle', distance: 12_000, startPoint: [-1.5536, 47.2184], startAddress: 'Nantes' });
    const geometry = circle!.geometry as PolygonGeometry;
    expect(geometry.type).toBe('Polygon');
    expect(geometry.coordinates).toHaveLength(1);
    const ring = geometry.coordinates[0]!;
    expect(ring.length).toBeGreaterThanOrEqual(64);
    expect(ring[0]).toEqual(ring.at(-1));
    for (const vertex of ring) expect(Math.abs(haversineMeters([-1.5536, 47.2184], vertex) - 12_000)).toBeLessThan(12_000 * 0.005);
    expect(circle!.hash).toBe(geometryHash(geometry));
    // A geometry sent with a circle is ignored: the server's circle is what gets stored.
    const withGeometry = circleArea({ geometry: square(0, 0) });
    const [stored] = (await expectStatus<AreasResult>(201, postAreas(app, user, map.id, folderId, [withGeometry]))).areas;
    expect(haversineMeters([2.35, 48.85], (stored!.geometry as PolygonGeometry).coordinates[0]![0]!)).toBeCloseTo(5000, -2);
  });

  it('stores circles across the antimeridian and around the poles as valid lon/lat shapes PostGIS reads as the circle', async () => {
    const user = await signUp(app);
    const { map, folderId } = await newMap(user);
    const circles = [
      circleArea({ startPoint: [179.9, -16.5], distance: 50_000 }), // Fiji: cut at ±180 into two parts
      circleArea({ startPoint: [0, 89.5], distance: 100_000 }), // around the north pole
      circleArea({ startPoint: [10, 88], distance: 300_000 }), // a pole inside, the centre 220 km from it
      circleArea({ startPoint: [-60, -88.5], distance: 200_000 }), // around the south pole
    ];
    const { areas } = await expectStatus<AreasResult>(201, postAreas(app, user, map.id, folderId, circles));
    expect(areas.map((area) => area.geometry.type)).toEqual(['MultiPolygon', 'Polygon', 'Polygon', 'Polygon']);
    for (const area of areas) {
      for (const [lng, lat] of polygonsOf(area.geometry).flat(2)) {
        expect(Math.abs(lng!)).toBeLessThanOrEqual(180);
        expect(Math.abs(lat!)).toBeLessThanOrEqual(90);
      }
    }
    // On the sphere, PostGIS finds each stored shape valid and as large as the circle's cap 2πR²(1 − cos(r/R)).
    const rows = await sql<{ uuid: string; valid: boolean; area: number }>`
      SELECT uuid, ST_IsValid(geometry) AS valid, ST_Area(geometry::geography, false) AS area
      FROM areas WHERE uuid = ANY(${circles.map((circle) => circle.uuid)}::uuid[])`.execute(ctx.database.db);
    const earthRadius = 6_371_008.8;
    for (const circle of circles) {
      const row = rows.rows.find((candidate) => candidate.uuid === circle.uuid)!;
      const cap = 2 * Math.PI * earthRadius ** 2 * (1 - Math.cos(circle.distance / earthRadius));
      expect(row.valid).toBe(true);
      expect(Math.abs(Number(row.area) / cap - 1)).toBeLessThan(0.01);
    }
  });

  it('answers 422 for areas it cannot calculate, in English and French, storing nothing', async () => {
    const user = await signUp(app);
    const { map, folderId } = await newMap(user);
    // Paris is only a point in the demo data; no road network is imported in this test server.
    const admin = { uuid: randomUUID(), isoMode: 'administrative', unitKind: 'fr_cities', unitCodes: ['75056'] };
    const ok = polygonArea();
    const en = await postAreas(app, user, map.id, folderId, [ok, admin]);
    expect(en.statusCode).toBe(422);
    expect(en.json().error).toMatchObject({ code: 'UNITS_WITHOUT_BOUNDARY', message: expect.stringContaining('known here only by their position') });
    const fr = await postAreas(app, user, map.id, folderId, [admin], { lang: 'fr' });
    expect(fr.json().error.message).toContain('ne sont connus ici que par leur position');
    const isochrone = { uuid: randomUUID(), isoMode: 'isochrone', transportMode: 'car', startPoint: [2.35, 48.85], duration: 900 };
    const road = { uuid: randomUUID(), isoMode: 'isodistance', transportMode: 'walk', startPoint: [2.35, 48.85], distance: 900 };
    for (const area of [isochrone, road]) {
      const response = await postAreas(app, user, map.id, folderId, [area]);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('NO_ROAD_NETWORK');
    }
    expect(await storedAreaCount([ok.uuid, isochrone.uuid, road.uuid, admin.uuid])).toBe(0);
    expect(await getMap(app, user, map.id)).toMatchObject({ version: 2, areaCount: 0 });
  });

  it('refuses self-intersecting polygons (400, translated) and geometries PostGIS finds invalid, storing nothing', async () => {
    const user = await signUp(app);
    const { map, folderId } = await newMap(user);
    const crossing = polygonArea({ geometry: bowTie });
    const en = await postAreas(app, user, map.id, folderId, [polygonArea(), crossing]);
    expect(en.statusCode).toBe(400);
    expect(en.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The polygon crosses itself: draw its outline without crossing lines' });
    expect(en.json().error.details[0].path).toBe('body.areas.1.geometry');
    const fr = await postAreas(app, user, map.id, folderId, [crossing], { lang: 'fr' });
    expect(fr.json().error.message).toBe('Le polygone se croise lui-même : tracez son contour sans croiser les lignes');

    // One bad area among good ones: the whole request fails, nothing is stored, the version does not move.
    const good = [polygonArea(), polygonArea()];
    const invalid = polygonArea({ geometry: holeOutsideShell });
    const postgis = await postAreas(app, user, map.id, folderId, [good[0], invalid, good[1]]);
    expect(postgis.statusCode).toBe(400);
    expect(postgis.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid geometry' });
    expect(postgis.json().error.details).toEqual([{ path: 'body.areas.1.geometry', message: expect.stringMatching(/hole/i) }]);
    expect(await storedAreaCount([crossing.uuid, invalid.uuid, ...good.map((a) => a.uuid)])).toBe(0);
    expect(await getMap(app, user, map.id)).toMatchObject({ version: 2, areaCount: 0 });
  });

  it('refuses duplicate uuids, in the request or already stored, as one transaction', async () => {
    const user = await signUp(app);
    const { map, folderId } = await newMap(user);
    const area = polygonArea();
    const twice = await postAreas(app, user, map.id, folderId, [area, { ...area }]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('CONFLICT');
    await expectStatus(201, postAreas(app, user, map.id, folderId, [area]));
    const fresh = polygonArea();
    const again = await postAreas(app, user, map.id, folderId, [fresh, { ...area, label: 'again' }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('An item with this identifier already exists');
    // Also when the uuid lives in someone else's map.
    const other = await signUp(app);
    const theirs = await newMap(other);
    expect((await postAreas(app, other, theirs.map.id, theirs.folderId, [polygonArea({ uuid: area.uuid })])).statusCode).toBe(409);
    expect(await storedAreaCount([fresh.uuid])).toBe(0);
    expect(await getMap(app, user, map.id)).toMatchObject({ version: 3, areaCount: 1 });
  });

  it('refuses a stale version with 409 and the current version, creating nothing', async () => {
    const user = await signUp(app);
    const { map, folderId } = await newMap(user);
    const area = polygonArea();
    const stale = await postAreas(app, user, map.id, folderId, [area], { payload: { version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'MAP_VERSION_CONFLICT', details: { currentVersion: 2 } });
    const staleHeader = await postAreas(app, user, map.id, folderId, [area], { headers: { 'if-match': 'W/"1"' } });
    expect(staleHeader.statusCode).toBe(409);
    expect(await storedAreaCount([area.uuid])).toBe(0);
    expect(await getMap(app, user, map.id)).toMatchObject({ version: 2, areaCount: 0 });
  });

  it('limits free users to 10 areas per map (403 AREA_LIMIT_REACHED, translated); paid plans are unlimited', async () => {
    const free = await signUp(app);
    const { map, folderId } = await mapWithAreas(app, free, 9);
    const tooMany = [polygonArea(), polygonArea()];
    const bulk = await postAreas(app, free, map.id, folderId, tooMany);
    expect(bulk.statusCode).toBe(403);
    expect(bulk.json().error).toEqual({
      code: 'AREA_LIMIT_REACHED', message: 'The free plan allows a limited number of areas per map: upgrade to add more', details: { maxAreas: 10 },
    });
    expect(await storedAreaCount(tooMany.map((a) => a.uuid))).toBe(0);
    await expectStatus(201, postAreas(app, free, map.id, folderId, [polygonArea()]));
    const eleventh = await postAreas(app, free, map.id, folderId, [polygonArea()], { lang: 'fr' });
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json().error.message).toBe("L'offre gratuite limite le nombre de zones par carte : passez à une offre payante pour en ajouter");
    expect(await getMap(app, free, map.id)).toMatchObject({ areaCount: 10 });
    // Another map has its own allowance.
    const second = await newMap(free);
    await expectStatus(201, postAreas(app, free, second.map.id, second.folderId, [polygonArea()]));

    await setProduct(ctx, free, 'essential_2019');
    await expectStatus(201, postAreas(app, free, map.id, folderId, Array.from({ length: 5 }, () => polygonArea())));
    expect(await getMap(app, free, map.id)).toMatchObject({ areaCount: 15 });
  });

  it('counts the limit under the map lock: concurrent batches cannot overshoot it', async () => {
    const free = await signUp(app);
    const { map, folderId } = await newMap(free);
    const batches = [0, 1, 2].map(() => Array.from({ length: 4 }, () => polygonArea()));
    const responses = await Promise.all(batches.map((batch) => postAreas(app, free, map.id, folderId, batch)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 403]);
    expect(await getMap(app, free, map.id)).toMatchObject({ areaCount: 8, version: 4 });
  });

  it('checks session and rights before computing anything', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const member = await signUp(app);
    const open = await newMap(owner, { public: true });
    const closed = await newMap(owner);
    await addMember(ctx, closed.map.id, member);
    // Anonymous or logged in, a non-member's write to a public map is forbidden (a private one asks to log in: 401).
    expect((await postAreas(app, undefined, open.map.id, open.folderId, [circleArea()])).statusCode).toBe(403);
    expect((await postAreas(app, undefined, closed.map.id, closed.folderId, [circleArea()])).statusCode).toBe(401);
    expect((await postAreas(app, stranger, open.map.id, open.folderId, [circleArea()])).statusCode).toBe(403);
    // Forbidden wins over "cannot be calculated": nothing is computed for someone who may not write.
    expect((await postAreas(app, stranger, open.map.id, open.folderId, [{ uuid: randomUUID(), isoMode: 'isochrone', startPoint: [2, 48], duration: 60 }])).statusCode).toBe(403);
    expect((await postAreas(app, stranger, closed.map.id, closed.folderId, [circleArea()])).json().error.code).toBe('MAP_NOT_FOUND');
    expect((await postAreas(app, member, closed.map.id, closed.folderId, [circleArea()])).statusCode).toBe(201);
    const elsewhere = await newMap(owner);
    const wrongFolder = await postAreas(app, owner, open.map.id, elsewhere.folderId, [polygonArea()]);
    expect(wrongFolder.statusCode).toBe(404);
    expect(wrongFolder.json().error).toEqual({ code: 'FOLDER_NOT_FOUND', message: 'Layer not found' });
    expect((await postAreas(app, owner, open.map.id, open.folderId, [])).json().error.message).toBe('No areas given');
  });
});

describe('PATCH and DELETE of areas', () => {
  it('changes several areas at once; a new geometry gets a new hash', async () => {
    const user = await signUp(app);
    const { map, folderId } = await mapWithAreas(app, user, 3);
    const [a, b, c] = map.folders[0]!.areas;
    const moved = square(5, 45, 0.05);
    const result = await expectStatus<AreasResult>(200, call(app, 'PATCH', `/v2/maps/${map.id}/folders/${folderId}/areas/bulk`, {
      as: user, payload: { version: map.version, areas: [{ uuid: a!.uuid, label: 'Renamed', color: '#000000', hide: true }, { uuid: b!.uuid, geometry: moved, startAddress: 'Lyon' }] },
    }));
    expect(result.version).toBe(map.version + 1);
    expect(result.areas[0]).toMatchObject({ uuid: a!.uuid, label: 'Renamed', color: '#000000', hide: true, hash: a!.hash, geometry: a!.geometry });
    expect(result.areas[1]).toMatchObject({ uuid: b!.uuid, label: b!.label, startAddress: 'Lyon', geometry: canonicalGeometry(moved), hash: geometryHash(moved) });
    expect(result.areas[1]!.hash).not.toBe(b!.hash);
    expect(result.areas[1]!.updatedAt > b!.updatedAt).toBe(true);
    const doc = await getMap(app, user, map.id);
    expect(doc.folders[0]!.areas).toEqual([result.areas[0], result.areas[1], c]);
  });

  it('changes nothing when one area is unknown, invalid, or the version is stale', async () => {
    const user = await signUp(app);
    const { map, folderId } = await mapWithAreas(app, user, 2);
    const other = await createFolder(app, user, map.id, 'Other');
    const [a, b] = map.folders[0]!.areas;
    const url = `/v2/maps/${map.id}/folders/${folderId}/areas/bulk`;
    const unknown = await call(app, 'PATCH', url, { as: user, payload: { areas: [{ uuid: a!.uuid, label: 'x' }, { uuid: randomUUID(), label: 'y' }] } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'AREA_NOT_FOUND', message: 'Area not found' });
    // The area exists, but not in the folder of the URL.
    expect((await call(app, 'PATCH', `/v2/maps/${map.id}/folders/${other}/areas/bulk`, { as: user, payload: { areas: [{ uuid: a!.uuid, label: 'x' }] } })).statusCode).toBe(404);
    const invalid = await call(app, 'PATCH', url, { as: user, payload: { areas: [{ uuid: a!.uuid, label: 'x' }, { uuid: b!.uuid, geometry: holeOutsideShell }] } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details[0].path).toBe('body.areas.1.geometry');
    const crossing = await call(app, 'PATCH', url, { as: user, payload: { areas: [{ uuid: b!.uuid, geometry: bowTie }] } });
    expect(crossing.statusCode).toBe(400);
    const stale = await call(app, 'PATCH', url, { as: user, payload: { version: 1, areas: [{ uuid: a!.uuid, label: 'x' }] } });
    expect(stale.json().error).toMatchObject({ code: 'MAP_VERSION_CONFLICT', details: { currentVersion: map.version + 1 } });
    const doc = await getMap(app, user, map.id);
    expect(doc.version).toBe(map.version + 1); // only the folder creation
    expect(doc.folders[0]!.areas).toEqual(map.folders[0]!.areas);
  });

  it('changes and deletes single areas', async () => {
    const user = await signUp(app);
    const { map, folderId } = await mapWithAreas(app, user, 3);
    const [a, b, c] = map.folders[0]!.areas;
    const base = `/v2/maps/${map.id}/folders/${folderId}/areas`;
    const patched = await expectStatus<{ area: Area; version: number }>(200, call(app, 'PATCH', `${base}/${b!.uuid}`, {
      as: user, payload: { label: 'Middle', geometry: square(1, 1) },
    }));
    expect(patched).toMatchObject({ area: { uuid: b!.uuid, label: 'Middle', hash: geometryHash(square(1, 1)) }, version: map.version + 1 });
    const invalid = await call(app, 'PATCH', `${base}/${b!.uuid}`, { as: user, payload: { geometry: holeOutsideShell } });
    expect(invalid.json().error.details[0].path).toBe('body.geometry');
    expect((await call(app, 'PATCH', `${base}/${randomUUID()}`, { as: user, payload: { label: 'x' } })).json().error.code).toBe('AREA_NOT_FOUND');
    expect(await expectStatus(200, call(app, 'DELETE', `${base}/${a!.uuid}`, { as: user }))).toEqual({ version: map.version + 2 });
    expect((await call(app, 'DELETE', `${base}/${a!.uuid}`, { as: user })).statusCode).toBe(404);
    expect(await layout(user, map.id)).toEqual([[b!.uuid, c!.uuid]]);
    const stranger = await signUp(app);
    expect((await call(app, 'DELETE', `${base}/${c!.uuid}`, { as: stranger })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `${base}/${c!.uuid}`)).statusCode).toBe(401);
  });

  it('deletes several areas at once, all or nothing', async () => {
    const user = await signUp(app);
    const { map, folderId } = await mapWithAreas(app, user, 4);
    const uuids = map.folders[0]!.areas.map((a) => a.uuid);
    const url = `/v2/maps/${map.id}/folders/${folderId}/areas/bulk`;
    const partlyUnknown = await call(app, 'DELETE', url, { as: user, payload: { uuids: [uuids[0], randomUUID()] } });
    expect(partlyUnknown.statusCode).toBe(404);
    expect(await storedAreaCount(uuids)).toBe(4);
    expect(await expectStatus(200, call(app, 'DELETE', url, { as: user, payload: { uuids: [uuids[0], uuids[2]], version: map.version } }))).toEqual({ version: map.version + 1 });
    expect(await layout(user, map.id)).toEqual([[uuids[1], uuids[3]]]);
    expect(await getMap(app, user, map.id)).toMatchObject({ areaCount: 2 });
  });
});

describe('PUT .../areas/{areaId}/order', () => {
  it('moves areas within a folder and into another folder of the map', async () => {
    const user = await signUp(app);
    const { map, folderId } = await mapWithAreas(app, user, 3);
    const [a, b, c] = map.folders[0]!.areas.map((x) => x.uuid);
    const second = await createFolder(app, user, map.id, 'Second');
    const [d, e] = (await expectStatus<AreasResult>(201, postAreas(app, user, map.id, second, [polygonArea(), polygonArea()]))).areas.map((x) => x.uuid);
    const move = (folder: string, area: string, body: Record<string, unknown>) =>
      call(app, 'PUT', `/v2/maps/${map.id}/folders/${folder}/areas/${area}/order`, { as: user, payload: body });

    const first = await move(folderId, c!, { referenceAreaUuid: a, before: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ version: map.version + 3 });
    expect(await layout(user, map.id)).toEqual([[c, a, b], [d, e]]);
    await expectStatus(200, move(folderId, c!, { referenceAreaUuid: b, before: false }));
    expect(await layout(user, map.id)).toEqual([[a, b, c], [d, e]]);
    // Across folders: the area goes to the reference's folder.
    await expectStatus(200, move(folderId, a!, { referenceAreaUuid: e, before: true, folderId: second }));
    expect(await layout(user, map.id)).toEqual([[b, c], [d, a, e]]);
    await expectStatus(200, move(second, d!, { referenceAreaUuid: c, before: false }));
    expect(await layout(user, map.id)).toEqual([[b, c, d], [a, e]]);

    // The area must be in the URL's folder, the reference in the map (and in folderId when given).
    expect((await move(folderId, a!, { referenceAreaUuid: b, before: true })).json().error.code).toBe('AREA_NOT_FOUND');
    expect((await move(folderId, b!, { referenceAreaUuid: randomUUID(), before: true })).json().error.code).toBe('AREA_NOT_FOUND');
    expect((await move(folderId, b!, { referenceAreaUuid: e, before: true, folderId })).json().error.code).toBe('AREA_NOT_FOUND');
    const stale = await move(folderId, b!, { referenceAreaUuid: c, before: false, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(await layout(user, map.id)).toEqual([[b, c, d], [a, e]]);
  });
});
