/**
 * What a hostile or unlucky client sends: polygons of hundreds of thousands of points, the NUL
 * character in any text, dates out of any sane range, unions of thousands of units. Each gets a
 * clear 4xx and changes nothing, and the heavy checks run in the compute threads.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { MAX_AREA_VERTICES, type PolygonGeometry, type Position } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { UnitUnions } from '../src/territories/unit-unions.js';
import { signUp, testApp, type TestUser } from './harness.js';
import { call, createFolder, createMap, expectStatus, getMap, polygonArea, postAreas } from './maps-factories.js';

let app: FastifyInstance;
let ctx: AppContext;
beforeAll(async () => { ({ app, ctx } = await testApp()); });

/** A closed ring of `points` points around Nice, with a saw-tooth so that no two edges are collinear. */
function largePolygon(points: number, options: { crossing?: boolean } = {}): PolygonGeometry {
  const ring: Position[] = [];
  for (let i = 0; i < points - 1; i++) {
    const angle = (i / (points - 1)) * 2 * Math.PI;
    const radius = 0.05 + (i % 2) * 0.00005;
    ring.push([Number((7.26 + radius * Math.cos(angle)).toFixed(7)), Number((43.7 + radius * Math.sin(angle)).toFixed(7))]);
  }
  if (options.crossing) [ring[100], ring[points / 2]] = [ring[points / 2]!, ring[100]!];
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

async function newMap(user: TestUser) {
  const map = await createMap(app, user);
  return { map, folderId: await createFolder(app, user, map.id) };
}

describe('large polygons', () => {
  it('refuses a polygon of 200,000 points with a 400 naming the limit, and stores nothing', async () => {
    const user = await signUp(app);
    const { map, folderId } = await newMap(user);
    const area = polygonArea({ geometry: largePolygon(200_000) });
    const response = await postAreas(app, user, map.id, folderId, [area], { lang: 'fr' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: `Le polygone a trop de points (au plus ${MAX_AREA_VERTICES}) : simplifiez-le` });
    expect(response.json().error.details[0].path).toBe('body.areas.0.geometry');
    expect(await getMap(app, user, map.id)).toMatchObject({ version: 2, areaCount: 0 });
  });

  it('stores a valid polygon of the largest size allowed, checked in a compute thread', async () => {
    const user = await signUp(app);
    const { map, folderId } = await newMap(user);
    const tasksBefore = ctx.compute.completedTasks;
    const created = await expectStatus<{ areas: { geometry: PolygonGeometry }[] }>(201, postAreas(app, user, map.id, folderId, [polygonArea({ geometry: largePolygon(MAX_AREA_VERTICES) })]));
    expect(created.areas[0]!.geometry.coordinates[0]).toHaveLength(MAX_AREA_VERTICES);
    expect(ctx.compute.completedTasks).toBeGreaterThan(tasksBefore);
  });

  it('finds a crossing in a large polygon, on creation and on change, and changes nothing', async () => {
    const user = await signUp(app);
    const { map, folderId } = await newMap(user);
    const crossing = largePolygon(20_000, { crossing: true });
    const created = await postAreas(app, user, map.id, folderId, [polygonArea(), polygonArea({ geometry: crossing })]);
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The polygon crosses itself: draw its outline without crossing lines' });
    expect(created.json().error.details).toEqual([{ path: 'body.areas.1.geometry', message: 'The polygon crosses itself: draw its outline without crossing lines' }]);

    const { areas: [area] } = await expectStatus<{ areas: { uuid: string }[] }>(201, postAreas(app, user, map.id, folderId, [polygonArea()]));
    const before = await getMap(app, user, map.id);
    const patched = await call(app, 'PATCH', `/v2/maps/${map.id}/folders/${folderId}/areas/${area!.uuid}`, { as: user, payload: { geometry: crossing }, lang: 'fr' });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().error.details[0]).toEqual({ path: 'body.geometry', message: 'Le polygone se croise lui-même : tracez son contour sans croiser les lignes' });
    const bulk = await call(app, 'PATCH', `/v2/maps/${map.id}/folders/${folderId}/areas/bulk`, { as: user, payload: { areas: [{ uuid: area!.uuid, geometry: crossing }] } });
    expect(bulk.json().error.details[0].path).toBe('body.areas.0.geometry');
    const tooLarge = await call(app, 'PATCH', `/v2/maps/${map.id}/folders/${folderId}/areas/${area!.uuid}`, { as: user, payload: { geometry: largePolygon(MAX_AREA_VERTICES + 1) } });
    expect(tooLarge.statusCode).toBe(400);
    expect(await getMap(app, user, map.id)).toMatchObject({ version: before.version });
  });
});

describe('the NUL character', () => {
  it('is refused with a 400 naming the field in every text a request carries, and nothing changes', async () => {
    const user = await signUp(app);
    const { map, folderId } = await newMap(user);
    const nul = 'a\u0000b';
    const requests: [string, string, Record<string, unknown> | undefined, TestUser | undefined, string][] = [
      ['POST', '/Clients', { email: `${randomUUID()}@example.com`, password: 'long enough pw', firstName: nul, lastName: 'L', acceptTerms: true }, undefined, 'body.firstName'],
      ['POST', '/auth/login', { email: user.email, password: nul }, undefined, 'body.password'],
      ['POST', '/v2/maps', { title: nul }, user, 'body.title'],
      ['PATCH', `/v2/maps/${map.id}`, { title: nul }, user, 'body.title'],
      ['GET', `/v2/maps?search=${encodeURIComponent(nul)}`, undefined, user, 'querystring.search'],
      ['PUT', `/v2/maps/${map.id}/folders/${randomUUID()}`, { label: nul }, user, 'body.label'],
      ['POST', `/v2/maps/${map.id}/folders/${folderId}/areas/bulk`, { areas: [polygonArea({ label: nul })] }, user, 'body.areas.0.label'],
      ['POST', `/v2/maps/${map.id}/folders/${folderId}/areas/bulk`, { areas: [polygonArea({ startAddress: nul })] }, user, 'body.areas.0.startAddress'],
      ['POST', `/Clients/${user.id}/session`, { fingerprint: nul }, user, 'body.fingerprint'],
      ['GET', `/geocode/search?q=${encodeURIComponent(nul)}`, undefined, undefined, 'querystring.q'],
      ['GET', `/v2/units/fr_cities/search?q=${encodeURIComponent(nul)}`, undefined, undefined, 'querystring.q'],
    ];
    for (const [method, url, payload, as, path] of requests) {
      const response = await call(app, method as 'POST', url, { as, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().error.details[0], `${method} ${url}`).toEqual({ path, message: 'Text may not contain the NUL character (U+0000)' });
    }
    const head = await call(app, 'HEAD', '/Clients/email/a%00b');
    expect(head.statusCode).toBe(400);
    expect(await getMap(app, user, map.id)).toMatchObject({ version: map.version + 1, title: map.title, areaCount: 0 });
  });
});

describe('dates', () => {
  it('refuses departure dates outside 1970–2100 with the same 400 on every database, and stores the others', async () => {
    const user = await signUp(app);
    const { map, folderId } = await newMap(user);
    for (const departureDate of ['0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '2101-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      const response = await postAreas(app, user, map.id, folderId, [polygonArea({ departureDate })]);
      expect(response.statusCode, departureDate).toBe(400);
      expect(response.json().error.details[0]).toEqual({ path: 'body.areas.0.departureDate', message: 'The date must be between 1970 and 2100' });
      const isochrone = await call(app, 'POST', '/v2/isochrones', { payload: { startPoint: [7.42, 43.73], isoMode: 'isochrone', transportMode: 'car', values: [600], departureDate } });
      expect(isochrone.statusCode, departureDate).toBe(400);
    }
    const stored = await expectStatus<{ areas: { departureDate: string }[] }>(201, postAreas(app, user, map.id, folderId, [polygonArea({ departureDate: '2100-12-31T23:59:59Z' })]));
    expect(stored.areas[0]!.departureDate).toBe('2100-12-31T23:59:59.000Z');
  });
});

describe('unions of territorial units', () => {
  let allCounties: string[] = [];
  const ALL_COUNTIES = () => allCounties;
  beforeAll(async () => {
    const { rows } = await sql<{ code: string }>`SELECT code FROM live_territory_units WHERE kind = 'us_counties'`.execute(ctx.database.db);
    allCounties = rows.map((row) => row.code);
  });

  it('needs a session', async () => {
    const response = await call(app, 'POST', '/v2/units/us_counties/union', { payload: { codes: ALL_COUNTIES().slice(0, 3) } });
    expect(response.statusCode).toBe(401);
  });

  it('unites every US county in a compute thread, once: the same selection again comes from the cache', async () => {
    const user = await signUp(app);
    const codes = ALL_COUNTIES();
    expect(codes.length).toBeGreaterThan(3000);
    const before = ctx.compute.completedTasks;
    const first = await expectStatus<{ geometry: { type: string } }>(200, call(app, 'POST', '/v2/units/us_counties/union', { as: user, payload: { codes } }));
    expect(first.geometry.type).toBe('MultiPolygon');
    // Computed once, or not at all when an earlier run on this database left it in the shared cache.
    const afterFirst = ctx.compute.completedTasks;
    expect(afterFirst - before).toBeLessThanOrEqual(1);
    const again = await expectStatus<{ geometry: unknown }>(200, call(app, 'POST', '/v2/units/us_counties/union', { as: user, payload: { codes: [...codes].reverse() } }));
    expect(again.geometry).toEqual(first.geometry);
    expect(ctx.compute.completedTasks).toBe(afterFirst);
  });

  it('stops computing a union once the client that asked for it has gone', async () => {
    const user = await signUp(app);
    // A selection of its own (every county but one chosen at random), so no earlier union answers it.
    const skipped = Math.floor(Math.random() * ALL_COUNTIES().length);
    const codes = ALL_COUNTIES().filter((_, i) => i !== skipped);
    const key = createHash('sha256').update(`us_counties|${[...codes].sort().join(',')}`).digest('base64url');
    const live = await buildServer(ctx);
    await live.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = live.server.address() as AddressInfo;
      const body = JSON.stringify({ codes });
      const request = http.request({
        host: '127.0.0.1', port, method: 'POST', path: '/api/v2/units/us_counties/union',
        headers: { cookie: user.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      request.on('error', () => {});
      request.end(body);
      const unions = ctx.territories.unions;
      while (unions.computing === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      request.destroy();
      // Had it gone on, the union would be in the shared cache once settled.
      await unions.settled();
      const stored = await sql`SELECT 1 FROM territory_union_cache WHERE key = ${key}`.execute(ctx.database.db);
      expect(stored.rows).toEqual([]);
      // The threads are free for the next user.
      const next = await call(app, 'POST', '/v2/units/us_counties/union', { as: user, payload: { codes: ALL_COUNTIES().slice(0, 5) } });
      expect(next.statusCode).toBe(200);
    } finally {
      await live.close();
    }
  });

  it('refuses a union past its bound with a 422 that says to select fewer', async () => {
    const unions = new UnitUnions(ctx.database.db, ctx.territories.data, ctx.compute, 100);
    await expect(unions.union('us_counties', ALL_COUNTIES().slice(0, 50))).rejects.toMatchObject({ kind: 'unionTooLarge', code: 'UNION_TOO_LARGE' });
  });

  it('is rate-limited per user', async () => {
    const limited = await buildServer(ctx, { rateLimitScope: randomUUID() });
    try {
      const user = await signUp(limited);
      const codes = ALL_COUNTIES().slice(0, 2);
      let status = 200;
      for (let i = 0; i < 130 && status === 200; i++) {
        status = (await call(limited, 'POST', '/v2/units/us_counties/union', { as: user, payload: { codes } })).statusCode;
      }
      expect(status).toBe(429);
      // Another user is not held back by the first one's limit.
      const other = await signUp(limited);
      expect((await call(limited, 'POST', '/v2/units/us_counties/union', { as: other, payload: { codes } })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
