/**
 * The city/postcode extractor by app key (SPEC §7 Appkeys extractor/{kind}, §8 extraction errors,
 * §9 limits and cache), on the real communes of Alpes-Maritimes and Monaco's roads: the communes a
 * circle or an isochrone touches, checked against PostGIS; a demo key's 20 items; a paid key's 100
 * extractions a month, taken atomically; the range; a key's 15 most recent extractions kept.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoutingEngine, importOsm, type RoutingEngine } from '@catchment/routing';
import { circlePolygon, usageMonth, type AppKeyView, type AreaGeometry, type ExtractorResponse } from '@catchment/domain';
import { createContext, type AppContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { removeDataset } from '../src/territories/data/dataset-loader.js';
import ExcelJS from 'exceljs';
import { importTerritoryFiles, signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, circleArea, createFolder, createMap, expectStatus, postAreas } from './maps-factories.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../test-data');
const COMMUNES_06 = path.join(TEST_DATA, 'fr/communes-06-alpes-maritimes.geojson');
const POPULATION_06 = path.join(TEST_DATA, 'fr/population-communes-06-alpes-maritimes.csv');
const NICE: [number, number] = [7.262, 43.71];
/** Boulevard de France, Monaco, a few steps from Beausoleil. */
const MONTE_CARLO: [number, number] = [7.4255, 43.7405];

let ctx: AppContext;
let app: FastifyInstance;
let engine: RoutingEngine;
let communes: string | undefined;
beforeAll(async () => {
  const base = await testApp();
  ctx = base.ctx;
  communes = (await importTerritoryFiles(ctx, 'fr-communes', [COMMUNES_06, POPULATION_06])).loaded.id;
  const graphDir = mkdtempSync(path.join(tmpdir(), 'graphs-'));
  await importOsm(path.join(TEST_DATA, 'osm/monaco.osm.pbf'), path.join(graphDir, 'monaco.graph'));
  engine = await createRoutingEngine({ graphDir, workers: 1 });
  // The worker's server, with the Monaco roads (the shared one has none).
  app = await buildServer(createContext(ctx.config, ctx.database, { routing: engine, basemap: base.ctx.basemap, gazetteer: base.ctx.gazetteer }), { rateLimits: false });
  await app.ready();
}, 120_000);

// Other tests of the worker's database expect the demo's communes (points) around Nice.
afterAll(async () => {
  await app?.close();
  await engine?.close();
  if (communes) await removeDataset(ctx.database.db, communes);
});

const keyOf = async (user: TestUser, kind: 'demo' | 'paid') =>
  (await expectStatus<AppKeyView[]>(200, call(app, 'GET', `/Clients/${user.id}/appKeys`, { as: user }))).find((key) => key.kind === kind)!.key;

/** An extraction by key alone, without any cookie. */
const extract = (key: string, kind: string, body: Record<string, unknown>, lang?: string) =>
  app.inject({ method: 'POST', url: `/api/Appkeys/${key}/extractor/${kind}`, payload: body, headers: lang ? { 'accept-language': lang } : {} });

const circle = (center: [number, number], metres: number) => ({ startPoint: center, isoMode: 'isodistance', transportMode: 'circle', value: metres });

/** The communes whose stored territory meets the area, by PostGIS. */
async function communesMeeting(area: AreaGeometry): Promise<string[]> {
  const { rows } = await sql<{ code: string }>`SELECT code FROM live_territory_units
    WHERE kind = 'fr_cities' AND ST_Intersects(geometry, ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(area)}), 4326))`.execute(ctx.database.db);
  return rows.map((row) => row.code).sort();
}

const codes = (answer: ExtractorResponse) => answer.items.map((item) => item.code).sort();

describe('the extractor (the contract: communes a circle touches)', () => {
  it('lists the French communes whose territory a circle touches, for a demo key, without a session', async () => {
    const key = await keyOf(await signUp(app), 'demo');
    const response = await extract(key, 'fr_cities', circle(NICE, 6_000));
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const answer = response.json<ExtractorResponse>();
    expect(answer.items.length).toBeGreaterThan(1);
    expect(answer.items.length).toBeLessThanOrEqual(20);
    expect(codes(answer)).toEqual(await communesMeeting(circlePolygon(NICE, 6_000)));
    expect(answer.items).toContainEqual(expect.objectContaining({ code: '06088', name: 'Nice', population: expect.any(Number) }));
    // Largest share of the commune inside the circle first.
    const shares = answer.items.map((item) => item.share);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    expect(answer).toMatchObject({ kind: 'fr_cities', cached: false, maxItems: 20, extractionsPerMonth: null });
  });

  it('answers a demo key 422 with the extraction-limit message past 20 communes, in the caller’s language; a paid key lists them all', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const tooMany = await extract(await keyOf(user, 'demo'), 'fr_cities', circle(NICE, 20_000));
    expect(tooMany.statusCode).toBe(422);
    const { error } = tooMany.json();
    expect(error.code).toBe('EXTRACTION_TOO_MANY_RESULTS');
    expect(error.details.max).toBe(20);
    expect(error.details.count).toBeGreaterThan(20);
    expect(error.message).toContain('extraction limit of 20');
    const inFrench = (await extract(await keyOf(user, 'demo'), 'fr_cities', circle(NICE, 20_000), 'fr')).json().error.message;
    expect(inFrench).toContain("limite d'extraction de 20");

    const paid = await expectStatus<ExtractorResponse>(200, extract(await keyOf(user, 'paid'), 'fr_cities', circle(NICE, 20_000)));
    expect(paid.items).toHaveLength(error.details.count);
    expect(codes(paid)).toEqual(await communesMeeting(circlePolygon(NICE, 20_000)));
    expect(paid).toMatchObject({ maxItems: null, extractionsPerMonth: 100, extractionsThisMonth: 1 });
  });

  it('lists the communes an isochrone reaches, as the isochrone call draws it', async () => {
    const key = await keyOf(await signUp(app), 'demo');
    const body = { startPoint: MONTE_CARLO, isoMode: 'isochrone', transportMode: 'walk', value: 600 };
    const answer = await expectStatus<ExtractorResponse>(200, extract(key, 'fr_cities', body));
    const isochrone = await expectStatus<{ features: { geometry: AreaGeometry }[] }>(200, call(app, 'POST', '/v2/isochrones', {
      payload: { startPoint: MONTE_CARLO, isoMode: 'isochrone', transportMode: 'walk', values: [600] },
    }));
    expect(codes(answer)).toEqual(await communesMeeting(isochrone.features[0]!.geometry));
    // Monaco is not a French commune; its neighbour up the hill is reached on foot.
    expect(answer.items.map((item) => item.name)).toContain('Beausoleil');
  });
});

describe('what the extractor refuses', () => {
  it('refuses a wrong or revoked key (401) and a bad request (400), and takes nothing from the month', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const paidKey = await keyOf(user, 'paid');
    expect((await extract('demo_' + 'x'.repeat(32), 'fr_cities', circle(NICE, 1_000))).json().error.code).toBe('APP_KEY_INVALID');
    expect((await extract(paidKey, 'fr_iris', circle(NICE, 1_000))).statusCode).toBe(400);
    expect((await extract(paidKey, 'fr_cities', { ...circle(NICE, 1_000), isoMode: 'isochrone' })).statusCode).toBe(400);
    expect((await extract(paidKey, 'fr_cities', { ...circle(NICE, 1_000), value: -5 })).statusCode).toBe(400);
    expect((await extract(paidKey, 'fr_cities', { ...circle(NICE, 1_000), startPoint: [200, 0] })).statusCode).toBe(400);
    await expectStatus(204, call(app, 'DELETE', `/Clients/${user.id}/appKeys/${paidKey}`, { as: user }));
    expect((await extract(paidKey, 'fr_cities', circle(NICE, 1_000))).statusCode).toBe(401);
    const fresh = await keyOf(user, 'paid');
    expect((await expectStatus<ExtractorResponse>(200, extract(fresh, 'fr_cities', circle(NICE, 1_000)))).extractionsThisMonth).toBe(1);
  });

  it('refuses a zone beyond 3 hours or 300 km (unsupported zone) and kinds this server has not imported', async () => {
    const key = await keyOf(await signUpOnPlan(app, 'essential_2019'), 'paid');
    const far = await extract(key, 'fr_cities', circle(NICE, 300_001));
    expect(far.statusCode).toBe(422);
    expect(far.json().error).toMatchObject({ code: 'EXTRACTION_OUT_OF_RANGE', details: { hours: 3, kilometres: 300 } });
    expect(far.json().error.message).toContain('extraction limits exceeded');
    const long = await extract(key, 'fr_cities', { startPoint: NICE, isoMode: 'isochrone', transportMode: 'car', value: 3 * 3_600 + 60 });
    expect(long.json().error.code).toBe('EXTRACTION_OUT_OF_RANGE');
    const belgian = await extract(key, 'be_cities', circle([4.35, 50.85], 5_000), 'fr');
    expect(belgian.statusCode).toBe(422);
    expect(belgian.json().error).toMatchObject({ code: 'EXTRACTION_KIND_UNAVAILABLE', details: { kind: 'be_cities' } });
    const month = usageMonth(new Date());
    const { rows } = await sql<{ n: number }>`SELECT coalesce(sum(extractions), 0)::int AS n FROM app_key_extractions e
      JOIN app_keys k ON k.id = e.app_key_id WHERE k.key = ${key} AND e.month = ${month}`.execute(ctx.database.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('says where a mode is not offered, and gives the extraction back', async () => {
    const key = await keyOf(await signUpOnPlan(app, 'essential_2019'), 'paid');
    const transit = await extract(key, 'fr_cities', { startPoint: MONTE_CARLO, isoMode: 'isochrone', transportMode: 'transit', value: 600 });
    expect(transit.statusCode).toBeGreaterThanOrEqual(400);
    expect(transit.statusCode).toBeLessThan(500);
    expect(transit.json().error.code).toBe('MODE_NOT_OFFERED');
    const ok = await expectStatus<ExtractorResponse>(200, extract(key, 'fr_cities', circle(NICE, 1_000)));
    expect(ok.extractionsThisMonth).toBe(1);
  });
});

describe("a paid key's extractions a month, and a key's recent extractions", () => {
  /** Sets how many extractions the key has made this month. */
  async function setExtractions(key: string, extractions: number) {
    const month = usageMonth(new Date());
    await sql`INSERT INTO app_key_extractions (app_key_id, month, extractions)
      SELECT id, ${month}, ${extractions} FROM app_keys WHERE key = ${key}
      ON CONFLICT (app_key_id, month) DO UPDATE SET extractions = excluded.extractions`.execute(ctx.database.db);
  }

  it('answers the 100th extraction and refuses the 101st (429), while a repeat of a recent one still answers, not counted', async () => {
    const key = await keyOf(await signUpOnPlan(app, 'pro_2020'), 'paid');
    const first = await expectStatus<ExtractorResponse>(200, extract(key, 'fr_cities', circle(NICE, 1_000)));
    expect(first).toMatchObject({ cached: false, extractionsThisMonth: 1 });
    await setExtractions(key, 99);
    expect(await expectStatus<ExtractorResponse>(200, extract(key, 'fr_cities', circle(NICE, 1_500)))).toMatchObject({ cached: false, extractionsThisMonth: 100 });
    const refused = await extract(key, 'fr_cities', circle(NICE, 2_000), 'fr');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'EXTRACTION_QUOTA_REACHED', details: { max: 100 } });
    expect(refused.json().error.message).toContain('100 extractions du mois');
    const again = await expectStatus<ExtractorResponse>(200, extract(key, 'fr_cities', circle(NICE, 1_000)));
    expect(again).toMatchObject({ cached: true, extractionsThisMonth: 100 });
    expect(again.items).toEqual(first.items);
  });

  it('gives the last extractions to as many requests as remain, however many race for them', async () => {
    const key = await keyOf(await signUpOnPlan(app, 'pro_2020'), 'paid');
    await setExtractions(key, 97);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => extract(key, 'fr_cities', circle(NICE, 500 + 100 * i))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const month = usageMonth(new Date());
    const { rows } = await sql<{ n: number }>`SELECT extractions AS n FROM app_key_extractions e JOIN app_keys k ON k.id = e.app_key_id
      WHERE k.key = ${key} AND e.month = ${month}`.execute(ctx.database.db);
    expect(rows[0]!.n).toBe(100);
  });

  it("keeps a key's 15 most recent extractions, the oldest evicted first, and each key its own", async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const key = await keyOf(user, 'paid');
    const other = await keyOf(user, 'demo');
    const radii = Array.from({ length: 16 }, (_, i) => 400 + 10 * i);
    for (const radius of radii) expect((await expectStatus<ExtractorResponse>(200, extract(key, 'fr_cities', circle(NICE, radius)))).cached).toBe(false);
    // The 16th pushed the 1st out; the 2nd is kept (asked first, so that asking the 1st again does not push it out).
    expect((await expectStatus<ExtractorResponse>(200, extract(key, 'fr_cities', circle(NICE, radii[1]!)))).cached).toBe(true);
    expect((await expectStatus<ExtractorResponse>(200, extract(key, 'fr_cities', circle(NICE, radii[15]!)))).cached).toBe(true);
    const evicted = await expectStatus<ExtractorResponse>(200, extract(key, 'fr_cities', circle(NICE, radii[0]!)));
    expect(evicted).toMatchObject({ cached: false, extractionsThisMonth: 17 });
    expect((await expectStatus<ExtractorResponse>(200, extract(other, 'fr_cities', circle(NICE, radii[15]!)))).cached).toBe(false);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM extraction_cache c JOIN app_keys k ON k.id = c.app_key_id
      WHERE k.key = ${key}`.execute(ctx.database.db);
    expect(rows[0]!.n).toBe(15);
  });

  it('counts an extraction among the calls of the key shown on the profile', async () => {
    const user = await signUp(app);
    const key = await keyOf(user, 'demo');
    await expectStatus(200, extract(key, 'fr_cities', circle(NICE, 1_000)));
    // Counted once the answer has left.
    await expect.poll(async () => (await expectStatus<AppKeyView[]>(200, call(app, 'GET', `/Clients/${user.id}/appKeys`, { as: user })))[0]!.callsThisMonth).toBe(1);
  });
});

describe("the extraction of the account's areas as a workbook (xlsxreport/demo/{kind}/sync)", () => {
  async function mapWithCircle(user: TestUser, metres: number) {
    const map = await createMap(app, user);
    const folderId = await createFolder(app, user, map.id);
    const area = circleArea({ startPoint: NICE, distance: metres, label: `Nice ${metres / 1_000} km` });
    await expectStatus(201, postAreas(app, user, map.id, folderId, [area]));
    return { mapId: String(map.id), areaId: area.uuid as string };
  }
  const workbookOf = (key: string, body: Record<string, unknown>, lang = 'en') =>
    app.inject({ method: 'POST', url: `/api/Appkeys/${key}/xlsxreport/demo/fr_cities/sync`, payload: body, headers: { 'accept-language': lang } });

  it('writes the communes an area covers, the same as an extraction of its circle, one extraction of the month', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const { mapId, areaId } = await mapWithCircle(user, 6_000);
    const response = await workbookOf(await keyOf(user, 'paid'), { mapId, areaIds: [areaId], name: 'Delivery zone' }, 'fr');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Delivery zone.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Communes (France)')!;
    const written: string[] = [];
    sheet.eachRow((row, index) => { if (index > 1) written.push(String(row.getCell(2).value)); });
    expect(written.sort()).toEqual(await communesMeeting(circlePolygon(NICE, 6_000)));
    const next = await expectStatus<ExtractorResponse>(200, extract(await keyOf(user, 'paid'), 'fr_cities', circle(NICE, 700)));
    expect(next.extractionsThisMonth).toBe(2);
  });

  it("answers a demo key's workbook past 20 communes 422, and another account's map 404", async () => {
    const user = await signUp(app);
    const { mapId, areaId } = await mapWithCircle(user, 20_000);
    const tooMany = await workbookOf(await keyOf(user, 'demo'), { mapId, areaIds: [areaId] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error).toMatchObject({ code: 'EXTRACTION_TOO_MANY_RESULTS', details: { max: 20 } });
    const stranger = await keyOf(await signUp(app), 'demo');
    expect((await workbookOf(stranger, { mapId, areaIds: [areaId] })).statusCode).toBe(404);
  });
});
