/**
 * App keys (SPEC §3 User appKeys, §7 Appkeys calls): every account holds a demo key, a paid plan
 * adds a paid key; a key is revocable; /Appkeys/{key}/… calls are authenticated by the key alone,
 * limited per key, counted per month; and the business calls they open (counts in polygons, name
 * and category suggestions) answer what the map's searches answer, on the real Andorra POIs.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppKeyView, PolygonGeometry } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { importOsmPoiFile, signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../test-data');

let ctx: AppContext;
let app: FastifyInstance;
beforeAll(async () => {
  ({ ctx, app } = await testApp());
  await importOsmPoiFile(ctx, path.join(TEST_DATA, 'osm/andorra.osm.pbf'));
});

const keysOf = (user: TestUser) => expectStatus<AppKeyView[]>(200, call(app, 'GET', `/Clients/${user.id}/appKeys`, { as: user }));
const keyOfKind = async (user: TestUser, kind: 'demo' | 'paid') => (await keysOf(user)).find((key) => key.kind === kind)!.key;

/** A keyed call, without any cookie. */
const keyed = (server: FastifyInstance, key: string, route: string, payload: unknown) =>
  server.inject({ method: 'POST', url: `/api/Appkeys/${key}/${route}`, payload: payload as Record<string, unknown> });

const ANDORRA_LA_VELLA: PolygonGeometry = { type: 'Polygon', coordinates: [[[1.50, 42.49], [1.56, 42.49], [1.56, 42.52], [1.50, 42.52], [1.50, 42.49]]] };
const ANDORRA: PolygonGeometry = { type: 'Polygon', coordinates: [[[1.40, 42.42], [1.80, 42.42], [1.80, 42.67], [1.40, 42.67], [1.40, 42.42]]] };
const restaurants = { datasetName: 'ad_osm_poi', categories: ['amenity=restaurant'] };

async function postgisRestaurants(polygon: PolygonGeometry): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM live_poi_items
    WHERE catalogue = 'ad_osm_poi' AND 'amenity=restaurant' = ANY (tags)
      AND ST_Intersects(position, ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(polygon)}), 4326))`.execute(ctx.database.db);
  return rows[0]!.n;
}

describe("an account's app keys", () => {
  it('gives every account one demo key, the same at each reading, and a paid plan a paid key too', async () => {
    const free = await signUp(app);
    const keys = await keysOf(free);
    expect(keys).toEqual([expect.objectContaining({ kind: 'demo', active: true, callsThisMonth: 0, requestsPerMinute: 30 })]);
    expect(keys[0]!.key).toMatch(/^demo_[A-Za-z0-9_-]{32}$/);
    expect(await keysOf(free)).toEqual(keys);

    const pro = await signUpOnPlan(app, 'pro_2020');
    const proKeys = await keysOf(pro);
    expect(proKeys.map((key) => [key.kind, key.active])).toEqual([['demo', true], ['paid', true]]);
    expect(proKeys[1]!.key).toMatch(/^paid_/);
    expect(proKeys[0]!.key).not.toBe(keys[0]!.key);
  });

  it('issues one key of a kind however many readings ask at once', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const lists = await Promise.all(Array.from({ length: 6 }, () => keysOf(user)));
    expect(new Set(lists.map((list) => list.map((key) => key.key).join()))).toHaveProperty('size', 1);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM app_keys WHERE client_id = ${user.id}`.execute(ctx.database.db);
    expect(rows[0]!.n).toBe(2);
  });

  it("shows and revokes an account's keys to that account only", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    expect((await call(app, 'GET', `/Clients/${owner.id}/appKeys`)).statusCode).toBe(401);
    expect((await call(app, 'GET', `/Clients/${owner.id}/appKeys`, { as: other })).statusCode).toBe(403);
    const key = await keyOfKind(owner, 'demo');
    expect((await call(app, 'DELETE', `/Clients/${owner.id}/appKeys/${key}`, { as: other })).statusCode).toBe(403);
    const notTheirs = await call(app, 'DELETE', `/Clients/${other.id}/appKeys/${key}`, { as: other });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error.code).toBe('APP_KEY_NOT_FOUND');
    expect(await keyOfKind(owner, 'demo')).toBe(key);
  });

  it('stops a revoked key at once and issues a new one in its place', async () => {
    const user = await signUp(app);
    const key = await keyOfKind(user, 'demo');
    expect((await keyed(app, key, 'searches/autocompleteNames', { datasetName: 'ad_osm_poi', text: 'hotel' })).statusCode).toBe(200);
    await expectStatus(204, call(app, 'DELETE', `/Clients/${user.id}/appKeys/${key}`, { as: user }));
    const refused = await keyed(app, key, 'searches/autocompleteNames', { datasetName: 'ad_osm_poi', text: 'hotel' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('APP_KEY_INVALID');
    expect((await call(app, 'DELETE', `/Clients/${user.id}/appKeys/${key}`, { as: user })).statusCode).toBe(404);
    const replacement = await keyOfKind(user, 'demo');
    expect(replacement).not.toBe(key);
    expect((await keyed(app, replacement, 'searches/autocompleteNames', { datasetName: 'ad_osm_poi', text: 'hotel' })).statusCode).toBe(200);
  });

  it('puts a paid key to sleep while the plan is free, and wakes it with a paid plan', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const paid = await keyOfKind(user, 'paid');
    await ctx.clients.setPlan(user.email, 'pro_2020', new Date(Date.now() - 60_000));
    expect((await keysOf(user)).map((key) => [key.kind, key.active])).toEqual([['demo', true], ['paid', false]]);
    const asleep = await keyed(app, paid, 'searches/autocompleteNames', { datasetName: 'ad_osm_poi', text: 'hotel' });
    expect(asleep.statusCode).toBe(403);
    expect(asleep.json().error.code).toBe('APP_KEY_PLAN_ENDED');
    await ctx.clients.setPlan(user.email, 'pro_2020', null);
    expect((await keyed(app, paid, 'searches/autocompleteNames', { datasetName: 'ad_osm_poi', text: 'hotel' })).statusCode).toBe(200);
    expect(await keyOfKind(user, 'paid')).toBe(paid);
  });
});

describe('the business calls made with an app key', () => {
  let user: TestUser;
  let key: string;
  beforeAll(async () => {
    user = await signUp(app);
    key = await keyOfKind(user, 'demo');
  });

  it('counts a search in polygons as PostGIS counts the same rows, without a session, from any origin', async () => {
    const response = await keyed(app, key, 'business', { search: restaurants, polygons: [ANDORRA_LA_VELLA, ANDORRA] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const expected = [await postgisRestaurants(ANDORRA_LA_VELLA), await postgisRestaurants(ANDORRA)];
    expect(expected[0]).toBeGreaterThan(0);
    expect(response.json()).toEqual({ counts: expected, estimated: [false, false] });
  });

  it('suggests names and categories in the language asked for', async () => {
    const names = await keyed(app, key, 'searches/autocompleteNames', { datasetName: 'ad_osm_poi', text: 'hotel' });
    expect(names.statusCode).toBe(200);
    expect(names.json().names.length).toBeGreaterThan(0);
    const categories = await keyed(app, key, 'searches/autocompleteCategories', { datasetName: 'ad_osm_poi', text: 'boulang', lang: 'fr' });
    expect(categories.json().categories).toContainEqual({ id: 'food.bakery', label: expect.stringMatching(/boulang/i) });
  });

  it('refuses a wrong key before reading the body, and bad input with a 4xx that names it', async () => {
    const unknown = await keyed(app, `demo_${'A'.repeat(32)}`, 'business', { nonsense: true });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('APP_KEY_INVALID');
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    expect((await keyed(app, 'not-a-key', 'business', { search: restaurants, polygons: [ANDORRA] })).statusCode).toBe(401);

    const noPolygons = await keyed(app, key, 'business', { search: restaurants, polygons: [] });
    expect(noPolygons.statusCode).toBe(400);
    const selfCrossing = await keyed(app, key, 'business', {
      search: restaurants, polygons: [{ type: 'Polygon', coordinates: [[[1.5, 42.5], [1.6, 42.6], [1.6, 42.5], [1.5, 42.6], [1.5, 42.5]]] }],
    });
    expect(selfCrossing.statusCode).toBe(400);
    expect(JSON.stringify(selfCrossing.json().error)).toContain('polygons');
    const unknownCatalogue = await keyed(app, key, 'business', { search: { datasetName: 'zz_osm_poi' }, polygons: [ANDORRA] });
    expect(unknownCatalogue.statusCode).toBe(422);
    expect(unknownCatalogue.json().error.code).toBe('POI_CATALOGUE_UNKNOWN');
  });

  it("counts the calls answered in the key's month, each call apart", async () => {
    const counted = await signUp(app);
    const countedKey = await keyOfKind(counted, 'demo');
    for (let i = 0; i < 3; i++) await keyed(app, countedKey, 'business', { search: restaurants, polygons: [ANDORRA] });
    await keyed(app, countedKey, 'searches/autocompleteNames', { datasetName: 'ad_osm_poi', text: 'hotel' });
    await keyed(app, countedKey, 'business', { search: restaurants, polygons: [] });
    // The count is written once the answer has left.
    await expect.poll(async () => (await keysOf(counted))[0]!.callsThisMonth).toBe(4);
    const { rows } = await sql<{ call: string; calls: number }>`SELECT u.call, u.calls FROM app_key_usage u JOIN app_keys k ON k.id = u.app_key_id
      WHERE k.key = ${countedKey} ORDER BY u.call`.execute(ctx.database.db);
    expect(rows).toEqual([{ call: 'business', calls: 3 }, { call: 'searches/autocompleteNames', calls: 1 }]);
  });

  it('answers the preflight of a page of another origin', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS', url: `/api/Appkeys/${key}/business`,
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' });
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
  });
});

describe('the rate limit of a key', () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await buildServer(ctx, { rateLimitScope: randomUUID() });
  });
  afterAll(async () => limited.close());

  it("limits each key to its kind's calls a minute, without touching another key's", async () => {
    const first = await keyOfKind(await signUp(app), 'demo');
    const second = await keyOfKind(await signUp(app), 'demo');
    const suggest = (key: string) => keyed(limited, key, 'searches/autocompleteNames', { datasetName: 'ad_osm_poi', text: 'hotel' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await suggest(first)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const refused = await suggest(first);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await suggest(second)).statusCode).toBe(200);
  });
});
