/**
 * Business searches of a map (SPEC §3, §5, §7, §8) on the real Andorra POIs and the SIRENE
 * establishments of Bas-Rhin: who may create them (free: the first only; Pro: any), the version of
 * the list (409 on a stale write, nothing changed), validation, and counts in polygons equal to
 * PostGIS's on the same rows (estimates for establishments placed by their IRIS).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { VectorTile } from '@mapbox/vector-tile';
import ExcelJS from 'exceljs';
import { PbfReader } from 'pbf';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolygonGeometry } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { removePoiDataset } from '../src/poi/data/poi-loader.js';
import { removeDataset } from '../src/territories/data/dataset-loader.js';
import { importOsmPoiFile, importSireneTestFiles, importTerritoryFiles, signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, createFolder, createMap, expectStatus, polygonArea, postAreas } from './maps-factories.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../test-data');

let ctx: AppContext;
let app: FastifyInstance;
let pro: TestUser;
beforeAll(async () => {
  ({ ctx, app } = await testApp());
  await importOsmPoiFile(ctx, path.join(TEST_DATA, 'osm/andorra.osm.pbf'));
  pro = await signUpOnPlan(app, 'pro_2020');
});

interface SearchAnswer { id: number; version: number; datasetName: string; categories: string[]; nafCodes: string[]; color: string }
interface ListAnswer { version: number; searches: SearchAnswer[] }
interface CountAnswer { counts: number[]; estimated: boolean[] }

/** Andorra la Vella and Escaldes, and the whole country's box. */
const ANDORRA_LA_VELLA: PolygonGeometry = { type: 'Polygon', coordinates: [[[1.50, 42.49], [1.56, 42.49], [1.56, 42.52], [1.50, 42.52], [1.50, 42.49]]] };
const ANDORRA: PolygonGeometry = { type: 'Polygon', coordinates: [[[1.40, 42.42], [1.80, 42.42], [1.80, 42.67], [1.40, 42.67], [1.40, 42.42]]] };
/** The same box with Andorra la Vella cut out. */
const ANDORRA_BUT_THE_CAPITAL: PolygonGeometry = { type: 'Polygon', coordinates: [ANDORRA.coordinates[0]!, [...ANDORRA_LA_VELLA.coordinates[0]!].reverse()] };

const restaurants = { datasetName: 'ad_osm_poi', categories: ['amenity=restaurant'] };

async function postgisCount(where: ReturnType<typeof sql>, polygon: PolygonGeometry): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM live_poi_items
    WHERE ${where} AND ST_Intersects(position, ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(polygon)}), 4326))`.execute(ctx.database.db);
  return rows[0]!.n;
}

describe('business searches of a map', () => {
  it('creates a search with what the contract names and counts it in polygons, as PostGIS counts the same rows', async () => {
    const map = await createMap(app, pro);
    const created = await expectStatus<SearchAnswer>(201, call(app, 'POST', `/v2/maps/${map.id}/searches`, { as: pro, payload: restaurants }));
    expect(created).toMatchObject({ datasetName: 'ad_osm_poi', categories: ['amenity=restaurant'], version: 2 });
    const polygons = [ANDORRA_LA_VELLA, ANDORRA, ANDORRA_BUT_THE_CAPITAL];
    const answer = await expectStatus<CountAnswer>(200, call(app, 'POST', `/v2/maps/${map.id}/searches/${created.id}/count`, { as: pro, payload: { polygons } }));
    const expected = await Promise.all(polygons.map((polygon) => postgisCount(sql`catalogue = 'ad_osm_poi' AND 'amenity=restaurant' = ANY (tags)`, polygon)));
    expect(answer).toEqual({ counts: expected, estimated: [false, false, false] });
    // Counted again in the API process itself, from the few points the thread shared: the same
    // counts, and one task only (a count request's polygons are checked in a thread first).
    const tasks = ctx.compute.completedTasks;
    const again = await expectStatus<CountAnswer>(200, call(app, 'POST', `/v2/maps/${map.id}/searches/${created.id}/count`, { as: pro, payload: { polygons } }));
    expect(again).toEqual(answer);
    expect(ctx.compute.completedTasks).toBe(tasks + 1);
    expect(expected[1]).toBeGreaterThan(expected[0]!);
    expect(expected[0]).toBeGreaterThan(0);
    expect(expected[0]! + expected[2]!).toBe(expected[1]);

    // A category of the tree finds the same restaurants, and its parent (food) more.
    const byCategory = await expectStatus<CountAnswer>(200, call(app, 'POST', `/v2/maps/${map.id}/searches/count`, {
      as: pro, payload: { search: { datasetName: 'ad_osm_poi', categories: ['food.restaurant'] }, polygons: [ANDORRA] },
    }));
    expect(byCategory.counts[0]).toBeGreaterThanOrEqual(expected[1]!);
    const food = await expectStatus<CountAnswer>(200, call(app, 'POST', `/v2/maps/${map.id}/searches/count`, {
      as: pro, payload: { search: { datasetName: 'ad_osm_poi', categories: ['food'] }, polygons: [ANDORRA] },
    }));
    expect(food.counts[0]).toBeGreaterThan(byCategory.counts[0]!);
  });

  it('refuses a write based on an older version of the searches with 409, changing nothing', async () => {
    const map = await createMap(app, pro);
    const first = await expectStatus<SearchAnswer>(201, call(app, 'POST', `/v2/maps/${map.id}/searches`, { as: pro, payload: restaurants }));
    const second = await expectStatus<SearchAnswer>(201, call(app, 'POST', `/v2/maps/${map.id}/searches`, { as: pro, payload: { datasetName: 'ad_osm_poi', categories: ['shopping'] } }));
    const stale = first.version;
    const refused = await expectStatus<{ error: { code: string; message: string; details: { currentVersion: number } } }>(409,
      call(app, 'PUT', `/v2/maps/${map.id}/searches/${second.id}/order`, { as: pro, payload: { version: stale, referenceSearchId: first.id, before: true } }));
    expect(refused.error).toMatchObject({
      code: 'SEARCH_VERSION_CONFLICT', details: { currentVersion: second.version },
      message: "The map's business searches were changed elsewhere since the version your change is based on: it was not saved. Read them again and make the change on top of them",
    });
    await expectStatus(409, call(app, 'PATCH', `/v2/maps/${map.id}/searches/${first.id}`, { as: pro, payload: { ...restaurants, categories: ['amenity=cafe'], version: stale } }));
    await expectStatus(409, call(app, 'DELETE', `/v2/maps/${map.id}/searches/${first.id}?version=${stale}`, { as: pro }));
    const unchanged = await expectStatus<ListAnswer>(200, call(app, 'GET', `/v2/maps/${map.id}/searches`, { as: pro }));
    expect(unchanged.version).toBe(second.version);
    expect(unchanged.searches.map((search) => [search.id, search.categories])).toEqual([[first.id, ['amenity=restaurant']], [second.id, ['shopping']]]);

    const moved = await expectStatus<ListAnswer>(200, call(app, 'PUT', `/v2/maps/${map.id}/searches/${second.id}/order`, {
      as: pro, payload: { version: second.version, referenceSearchId: first.id, before: true },
    }));
    expect(moved.searches.map((search) => search.id)).toEqual([second.id, first.id]);
    const updated = await expectStatus<SearchAnswer>(200, call(app, 'PATCH', `/v2/maps/${map.id}/searches/${first.id}`, {
      as: pro, payload: { ...restaurants, categories: ['amenity=cafe'], color: '#123456', version: moved.version },
    }));
    expect(updated).toMatchObject({ categories: ['amenity=cafe'], color: '#123456', version: moved.version + 1 });
    await expectStatus(204, call(app, 'DELETE', `/v2/maps/${map.id}/searches/${second.id}?version=${updated.version}`, { as: pro }));
    const after = await expectStatus<ListAnswer>(200, call(app, 'GET', `/v2/maps/${map.id}/searches`, { as: pro }));
    expect(after.searches.map((search) => search.id)).toEqual([first.id]);
  });

  it('lets a free user create a first search only, a Pro user any, and a visitor none', async () => {
    const free = await signUp(app);
    const map = await createMap(app, free);
    await expectStatus(201, call(app, 'POST', `/v2/maps/${map.id}/searches`, { as: free, payload: restaurants }));
    const refused = await expectStatus<{ error: { code: string; details: { maxSearches: number; plan: string } } }>(403,
      call(app, 'POST', `/v2/maps/${map.id}/searches`, { as: free, payload: restaurants }));
    expect(refused.error).toMatchObject({ code: 'SEARCH_LIMIT_REACHED', details: { maxSearches: 1, plan: 'pro_2020' } });
    // The first search counts on any map.
    const other = await createMap(app, free);
    await expectStatus(403, call(app, 'POST', `/v2/maps/${other.id}/searches`, { as: free, payload: restaurants }));
    expect((await expectStatus<ListAnswer>(200, call(app, 'GET', `/v2/maps/${other.id}/searches`, { as: free }))).searches).toEqual([]);

    const proMap = await createMap(app, pro);
    for (let i = 0; i < 3; i += 1) await expectStatus(201, call(app, 'POST', `/v2/maps/${proMap.id}/searches`, { as: pro, payload: restaurants }));
    await expectStatus(401, call(app, 'POST', `/v2/maps/${proMap.id}/searches`, { payload: restaurants }));
    // Another user may not write to the Pro user's map, nor read it while it is private.
    await expectStatus(404, call(app, 'POST', `/v2/maps/${proMap.id}/searches`, { as: free, payload: restaurants }));
    await expectStatus(404, call(app, 'GET', `/v2/maps/${proMap.id}/searches`, { as: free }));
  });

  it('names each bad field with 400, and an unknown catalogue with 422, creating nothing', async () => {
    const map = await createMap(app, pro);
    const bad = await expectStatus<{ error: { code: string; details: { path: string[] }[] } }>(400, call(app, 'POST', `/v2/maps/${map.id}/searches`, {
      as: pro, payload: { datasetName: 'fr_institutions', categories: ['nonsense'], nafCodes: ['99.99Z'], headcounts: ['77'] },
    }));
    expect(bad.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(bad.error.details)).toMatch(/categories.*nafCodes.*headcounts/s);
    const unknown = await expectStatus<{ error: { code: string } }>(422, call(app, 'POST', `/v2/maps/${map.id}/searches`, { as: pro, payload: { datasetName: 'us_osm_poi' } }));
    expect(unknown.error.code).toBe('POI_CATALOGUE_UNKNOWN');
    expect((await expectStatus<ListAnswer>(200, call(app, 'GET', `/v2/maps/${map.id}/searches`, { as: pro }))).searches).toEqual([]);
  });

  it("lists the businesses inside one of the map's areas a page at a time, and one business's detail in the user's language", async () => {
    const map = await createMap(app, pro);
    const folderId = await createFolder(app, pro, map.id);
    const area = polygonArea({ geometry: ANDORRA_LA_VELLA });
    await expectStatus(201, postAreas(app, pro, map.id, folderId, [area]));
    const search = await expectStatus<SearchAnswer>(201, call(app, 'POST', `/v2/maps/${map.id}/searches`, { as: pro, payload: restaurants }));
    const inside = await postgisCount(sql`catalogue = 'ad_osm_poi' AND 'amenity=restaurant' = ANY (tags)`, ANDORRA_LA_VELLA);
    type Page = { total: number; estimated: boolean; items: { id: number; name: string | null; categories: string[]; position: [number, number] | null }[] };
    const first = await expectStatus<Page>(200, call(app, 'GET', `/v2/maps/${map.id}/searches/${search.id}/items?area=${area.uuid}&page=1&limit=5`, { as: pro }));
    expect(first).toMatchObject({ total: inside, estimated: false });
    expect(first.items).toHaveLength(Math.min(5, inside));
    const all = await expectStatus<Page>(200, call(app, 'GET', `/v2/maps/${map.id}/searches/${search.id}/items?area=${area.uuid}&page=1&limit=200`, { as: pro }));
    expect(all.items).toHaveLength(inside);
    expect(all.items.slice(0, 5)).toEqual(first.items);
    expect(all.items.every((item) => item.categories.includes('food.restaurant') && item.position !== null)).toBe(true);
    const [lng, lat] = all.items[0]!.position!;
    expect(lng >= 1.50 && lng <= 1.56 && lat >= 42.49 && lat <= 42.52).toBe(true);

    const named = all.items.find((item) => item.name)!;
    const detail = await expectStatus<{ name: string; categoryLabels: string[]; tags: string[] }>(200,
      call(app, 'GET', `/v2/maps/${map.id}/searches/${search.id}/${named.id}`, { as: pro, lang: 'fr' }));
    expect(detail).toMatchObject({ name: named.name, categoryLabels: ['Restaurants'] });
    expect(detail.tags).toContain('amenity=restaurant');
    // A business the search does not find is not shown through it.
    const { rows: [cafe] } = await sql<{ id: string }>`SELECT id FROM live_poi_items WHERE catalogue = 'ad_osm_poi' AND NOT ('amenity=restaurant' = ANY (tags)) LIMIT 1`.execute(ctx.database.db);
    await expectStatus(404, call(app, 'GET', `/v2/maps/${map.id}/searches/${search.id}/${cafe!.id}`, { as: pro }));
    await expectStatus(404, call(app, 'GET', `/v2/maps/${map.id}/searches/${search.id}/items?area=${randomUUID()}`, { as: pro }));

    // The export holds the same businesses, for Pro users only.
    const report = await call(app, 'POST', `/v2/maps/${map.id}/searches/${search.id}/report`, { as: pro, payload: { areaUuids: [area.uuid] } });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toContain('Name');
    const names: unknown[] = [];
    sheet.eachRow((row, index) => { if (index > 1) names.push(row.getCell(1).value ?? null); });
    expect(names).toEqual(all.items.map((item) => item.name));
    const free = await signUp(app);
    await expectStatus(404, call(app, 'POST', `/v2/maps/${map.id}/searches/${search.id}/report`, { as: free, payload: { areaUuids: [area.uuid] } }));
    await expectStatus(200, call(app, 'PATCH', `/v2/maps/${map.id}`, { as: pro, payload: { public: true } }));
    const locked = await expectStatus<{ error: { code: string; details: { plan: string } } }>(403,
      call(app, 'POST', `/v2/maps/${map.id}/searches/${search.id}/report`, { as: free, payload: { areaUuids: [area.uuid] } }));
    expect(locked.error).toMatchObject({ code: 'PLAN_REQUIRED', details: { plan: 'pro_2020' } });
  });

  it("draws the search's businesses in tiles: each one at street level, groups with their count below", async () => {
    const map = await createMap(app, pro);
    const search = await expectStatus<SearchAnswer>(201, call(app, 'POST', `/v2/maps/${map.id}/searches`, { as: pro, payload: restaurants }));
    const total = await postgisCount(sql`catalogue = 'ad_osm_poi' AND 'amenity=restaurant' = ANY (tags)`, ANDORRA);
    const layerOf = async (z: number, x: number, y: number, name: string) => {
      const response = await call(app, 'GET', `/v2/maps/${map.id}/searches/${search.id}/tiles/${z}/${x}/${y}.pbf`, { as: pro });
      expect(response.statusCode).toBe(200);
      const layer = new VectorTile(new PbfReader(response.rawPayload)).layers[name];
      return layer ? Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties) : [];
    };
    // Zoom 8: Andorra is in tile 129/94; every restaurant is in a group or alone.
    const grouped = [...await layerOf(8, 129, 94, 'clusters'), ...await layerOf(8, 129, 94, 'items')];
    expect(grouped.reduce((sum, properties) => sum + Number(properties.count ?? 1), 0)).toBe(total);
    expect(grouped.some((properties) => Number(properties.count) > 1)).toBe(true);
    // Zoom 14 over Andorra la Vella: restaurants one by one, with their ids.
    const items = await layerOf(14, 8261, 6050, 'items');
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((properties) => Number(properties.id) > 0)).toBe(true);
    const empty = await call(app, 'GET', `/v2/maps/${map.id}/searches/${search.id}/tiles/14/0/0.pbf`, { as: pro });
    expect(empty.statusCode).toBe(204);
  });

  it('suggests names and categories from the catalogue', async () => {
    const { names } = await expectStatus<{ names: string[] }>(200, call(app, 'GET', '/v2/poi/autocomplete/names?datasetName=ad_osm_poi&text=hotel'));
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => /h[oô]tel/i.test(name))).toBe(true);
    const { categories } = await expectStatus<{ categories: { id: string; label: string }[] }>(200,
      call(app, 'GET', '/v2/poi/autocomplete/categories?datasetName=ad_osm_poi&text=boulang&lang=fr'));
    expect(categories.map((category) => category.id)).toContain('food.bakery');
    const tags = await expectStatus<{ categories: { id: string }[] }>(200, call(app, 'GET', '/v2/poi/autocomplete/categories?datasetName=ad_osm_poi&text=restaurant'));
    expect(tags.categories.map((category) => category.id)).toContain('amenity=restaurant');
  });

  it('lists the imported catalogues', async () => {
    const { catalogues } = await expectStatus<{ catalogues: { name: string; source: string; items: number; positioned: number }[] }>(200, call(app, 'GET', '/v2/poi/catalogues'));
    expect(catalogues.find((catalogue) => catalogue.name === 'ad_osm_poi')).toMatchObject({ source: 'osm', items: 462, positioned: 462 });
  });
});

describe('establishments placed by their IRIS', () => {
  // The worker's database is shared with the files that follow: what is imported here goes again.
  let imported: { territories: string; establishments: string[] };
  beforeAll(async () => {
    const iris = await importTerritoryFiles(ctx, 'fr-iris', [path.join(TEST_DATA, 'fr/iris-67-bas-rhin.geojson'), path.join(TEST_DATA, 'fr/population-iris-67-bas-rhin-2016.csv')]);
    const sirene = await importSireneTestFiles(ctx, [path.join(TEST_DATA, 'poi/sirene-etablissements-67-bas-rhin-by-iris.csv')]);
    imported = { territories: iris.loaded.id, establishments: sirene.map((result) => result.loaded.id) };
  });
  afterAll(async () => {
    await removeDataset(ctx.database.db, imported.territories);
    for (const id of imported.establishments) await removePoiDataset(ctx.database.db, id);
  });

  it('count by the share of their IRIS inside the area, said to be an estimate', async () => {
    const map = await createMap(app, pro);
    const strasbourg: PolygonGeometry = { type: 'Polygon', coordinates: [[[7.72, 48.57], [7.77, 48.57], [7.77, 48.60], [7.72, 48.60], [7.72, 48.57]]] };
    const search = { datasetName: 'fr_institutions', nafCodes: ['56.10A'] };
    const count = () => expectStatus<CountAnswer>(200, call(app, 'POST', `/v2/maps/${map.id}/searches/count`, { as: pro, payload: { search, polygons: [strasbourg] } }));
    const answer = await count();
    // Weighed by the IRIS boundaries only the threads hold: every count is a task (after the polygons' check).
    const tasks = ctx.compute.completedTasks;
    expect(await count()).toEqual(answer);
    expect(ctx.compute.completedTasks).toBe(tasks + 2);
    const { rows } = await sql<{ n: number }>`
      WITH area AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(strasbourg)}), 4326) AS g)
      SELECT sum(ST_Area(ST_Intersection(u.geometry, area.g)) / ST_Area(u.geometry))::float8 AS n
      FROM live_poi_items i JOIN live_territory_units u ON u.kind = 'fr_iris' AND u.code = i.iris, area
      WHERE i.catalogue = 'fr_institutions' AND i.naf = '5610A' AND ST_Intersects(u.geometry, area.g)`.execute(ctx.database.db);
    expect(rows[0]!.n).toBeGreaterThan(10);
    expect(answer).toEqual({ counts: [Math.round(rows[0]!.n)], estimated: [true] });
  });

  it('are not exported past the export limit: the answer says to narrow the search', async () => {
    const map = await createMap(app, pro);
    const folderId = await createFolder(app, pro, map.id);
    const area = polygonArea({ geometry: { type: 'Polygon', coordinates: [[[7.70, 48.55], [7.80, 48.55], [7.80, 48.62], [7.70, 48.62], [7.70, 48.55]]] } });
    await expectStatus(201, postAreas(app, pro, map.id, folderId, [area]));
    const everything = await expectStatus<SearchAnswer>(201, call(app, 'POST', `/v2/maps/${map.id}/searches`, { as: pro, payload: { datasetName: 'fr_institutions' } }));
    const refused = await expectStatus<{ error: { code: string; message: string; details: { count: number; max: number } } }>(422,
      call(app, 'POST', `/v2/maps/${map.id}/searches/${everything.id}/report`, { as: pro, payload: { areaUuids: [area.uuid] } }));
    expect(refused.error).toMatchObject({ code: 'POI_EXPORT_TOO_LARGE', details: { max: 10_000 } });
    expect(refused.error.details.count).toBeGreaterThan(10_000);
    expect(refused.error.message).toMatch(/narrow the search/);
  });
});

describe('counts as the data changes', () => {
  it("follow an import and a removal at once, though the compute threads hold the search's points", async () => {
    const liechtenstein = path.join(TEST_DATA, 'osm/liechtenstein-2013-08-03.osm.pbf');
    const imported = await importOsmPoiFile(ctx, liechtenstein);
    const map = await createMap(app, pro);
    const search = await expectStatus<SearchAnswer>(201, call(app, 'POST', `/v2/maps/${map.id}/searches`, { as: pro, payload: { datasetName: 'li_osm_poi', categories: ['food.restaurant'] } }));
    const country: PolygonGeometry = { type: 'Polygon', coordinates: [[[9.47, 47.04], [9.64, 47.04], [9.64, 47.28], [9.47, 47.28], [9.47, 47.04]]] };
    const count = async () => (await expectStatus<CountAnswer>(200, call(app, 'POST', `/v2/maps/${map.id}/searches/${search.id}/count`, { as: pro, payload: { polygons: [country] } }))).counts[0];
    const before = await count();
    expect(before).toBe(await postgisCount(sql`catalogue = 'li_osm_poi' AND 'food.restaurant' = ANY (categories)`, country));
    expect(before).toBeGreaterThan(0);
    // Held by the API process now (the polygon's check is the only task), and forgotten there too
    // when the data moves on (counted by a thread again).
    const tasks = ctx.compute.completedTasks;
    expect(await count()).toBe(before);
    expect(ctx.compute.completedTasks).toBe(tasks + 1);

    await removePoiDataset(ctx.database.db, imported.loaded.id);
    expect(await count()).toBe(0);
    expect(ctx.compute.completedTasks).toBe(tasks + 3);
    await importOsmPoiFile(ctx, liechtenstein);
    expect(await count()).toBe(before);
    // Andorra's searches count as before, from the new version's points.
    const andorra = await expectStatus<SearchAnswer>(201, call(app, 'POST', `/v2/maps/${map.id}/searches`, { as: pro, payload: restaurants }));
    const answer = await expectStatus<CountAnswer>(200, call(app, 'POST', `/v2/maps/${map.id}/searches/${andorra.id}/count`, { as: pro, payload: { polygons: [ANDORRA] } }));
    expect(answer.counts).toEqual([await postgisCount(sql`catalogue = 'ad_osm_poi' AND 'amenity=restaurant' = ANY (tags)`, ANDORRA)]);
  });
});
