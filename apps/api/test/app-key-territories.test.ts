/**
 * The territorial calls by app key (SPEC §7 Appkeys: GET cities, postcode, iris, stats and the
 * outline tiles), without a session, on the real communes of Alpes-Maritimes and IRIS of Bas-Rhin:
 * the units the map's search finds, the census figures the import stored (under the plan of the
 * key's account), the outline tiles the map draws.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppKeyStatsAnswer, AppKeyUnitsAnswer, AppKeyView } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { removeDataset } from '../src/territories/data/dataset-loader.js';
import { importTerritoryFiles, signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import ExcelJS from 'exceljs';
import { circleAroundNice } from './analysis-factories.js';
import { call, expectStatus } from './maps-factories.js';

const FR = path.resolve(import.meta.dirname, '../../../test-data/fr');

let ctx: AppContext;
let app: FastifyInstance;
const imported: string[] = [];
beforeAll(async () => {
  ({ ctx, app } = await testApp());
  imported.push((await importTerritoryFiles(ctx, 'fr-communes', [path.join(FR, 'communes-06-alpes-maritimes.geojson'), path.join(FR, 'population-communes-06-alpes-maritimes.csv')])).loaded.id);
  imported.push((await importTerritoryFiles(ctx, 'fr-iris', [path.join(FR, 'iris-67-bas-rhin.geojson'), path.join(FR, 'population-iris-67-bas-rhin-2016.csv')])).loaded.id);
}, 300_000);
// Other tests of the worker's database expect the demo's communes (points) and no IRIS.
afterAll(async () => {
  for (const id of imported) await removeDataset(ctx.database.db, id);
});

const demoKeyOf = async (user: TestUser) =>
  (await expectStatus<AppKeyView[]>(200, call(app, 'GET', `/Clients/${user.id}/appKeys`, { as: user }))).find((key) => key.kind === 'demo')!.key;

/** A keyed GET, without any cookie. */
const keyed = (key: string, route: string) => app.inject({ method: 'GET', url: `/api/Appkeys/${key}/${route}` });

describe('the territorial calls by key', () => {
  it('finds cities, postcodes and IRIS by name or code prefix, for any account', async () => {
    const key = await demoKeyOf(await signUp(app));
    const cities = await keyed(key, 'cities?q=Nice');
    expect(cities.statusCode).toBe(200);
    expect(cities.headers['access-control-allow-origin']).toBe('*');
    expect(cities.json<AppKeyUnitsAnswer>().items[0]).toMatchObject({ kind: 'fr_cities', code: '06088', name: 'Nice' });

    const postcodes = await expectStatus<AppKeyUnitsAnswer>(200, keyed(key, 'postcode?q=0600&limit=5'));
    expect(postcodes.items.length).toBeGreaterThan(0);
    for (const item of postcodes.items) expect(item).toMatchObject({ kind: 'fr_postcodes', code: expect.stringMatching(/^0600/) });

    const iris = await expectStatus<AppKeyUnitsAnswer>(200, keyed(key, 'iris?q=67482&limit=50'));
    expect(iris.items.length).toBeGreaterThan(10);
    for (const item of iris.items) expect(item).toMatchObject({ kind: 'fr_iris', code: expect.stringMatching(/^67482/) });

    const zip = await expectStatus<AppKeyUnitsAnswer>(200, keyed(key, 'postcode?q=100&kind=us_zipcodes&limit=3'));
    for (const item of zip.items) expect(item).toMatchObject({ kind: 'us_zipcodes', code: expect.stringMatching(/^100/) });
  });

  it('refuses a kind outside the call, an empty text and a wrong key', async () => {
    const key = await demoKeyOf(await signUp(app));
    expect((await keyed(key, 'cities?q=Nice&kind=fr_iris')).statusCode).toBe(400);
    expect((await keyed(key, 'iris?q=Nice&kind=fr_cities')).statusCode).toBe(400);
    expect((await keyed(key, 'cities?q=')).statusCode).toBe(400);
    const wrong = await keyed(`demo_${'y'.repeat(32)}`, 'cities?q=Nice');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('APP_KEY_INVALID');
  });

  it('gives the census figures of units in the order asked, under a plan with census figures, and says which codes are unknown', async () => {
    const pro = await demoKeyOf(await signUpOnPlan(app, 'pro_2020'));
    const stats = await expectStatus<AppKeyStatsAnswer>(200, keyed(pro, 'stats?kind=fr_cities&codes=06004,06088,99999,06088'));
    expect(stats.items.map((item) => [item.code, item.name])).toEqual([['06004', 'Antibes'], ['06088', 'Nice']]);
    const stored = await ctx.territories.data.units.unitsByCode('fr_cities', ['06088']);
    expect(stats.items[1]!.measures).toEqual(stored[0]!.measures);
    expect(stats.items[1]!.measures.population).toBeGreaterThan(300_000);
    expect(stats.missing).toEqual(['99999']);

    const free = await keyed(await demoKeyOf(await signUp(app)), 'stats?kind=fr_cities&codes=06088');
    expect(free.statusCode).toBe(403);
    expect(free.json().error.code).toBe('PLAN_REQUIRED');
    const tooMany = Array.from({ length: 101 }, (_, i) => String(6000 + i).padStart(5, '0')).join(',');
    expect((await keyed(pro, `stats?kind=fr_cities&codes=${tooMany}`)).statusCode).toBe(400);
  });

  it("serves the outline tiles the map draws, and nothing where there are no units", async () => {
    const key = await demoKeyOf(await signUp(app));
    // Zoom 10 tile over Nice.
    const tile = await keyed(key, 'extractor/tiles/outlines/fr_cities/10/532/373.pbf');
    expect(tile.statusCode).toBe(200);
    const map = await app.inject({ method: 'GET', url: '/api/v2/units/fr_cities/tiles/10/532/373.pbf' });
    expect(tile.rawPayload.equals(map.rawPayload)).toBe(true);
    // Mid-Atlantic.
    expect((await keyed(key, 'extractor/tiles/outlines/fr_cities/10/400/400.pbf')).statusCode).toBe(204);
    expect((await keyed(key, 'extractor/tiles/outlines/fr_cities/3/99/0.pbf')).statusCode).toBe(400);
  });

  it("writes the census workbook of the account's areas under a plan with census figures (xlsxreport/generic)", async () => {
    const pro = await signUpOnPlan(app, 'pro_2020');
    const { mapId, areaId } = await circleAroundNice(app, pro);
    const post = (key: string, body: Record<string, unknown>) => app.inject({ method: 'POST', url: `/api/Appkeys/${key}/xlsxreport/generic`, payload: body });
    const response = await post(await demoKeyOf(pro), { mapId: String(mapId), areaIds: [areaId] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Nice 10 km - census.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => { cells.push(...(row.values as unknown[]).map(String)); });
    expect(cells).toContain('Nice 10 km');
    const figures = await expectStatus<{ areas: { measures: { key: string; value: number | null }[] }[] }>(200,
      call(app, 'POST', `/v2/maps/${mapId}/measures/compute`, { as: pro, payload: { areaIds: [areaId] } }));
    const population = figures.areas[0]!.measures.find((measure) => measure.key === 'population')!.value!;
    expect(cells).toContain(String(population));

    const free = await signUp(app);
    const own = await circleAroundNice(app, free);
    expect((await post(await demoKeyOf(free), { mapId: String(own.mapId), areaIds: [own.areaId] })).statusCode).toBe(403);
    expect((await post(await demoKeyOf(pro), { mapId: String(own.mapId), areaIds: [own.areaId] })).statusCode).toBe(404);
  });
});
