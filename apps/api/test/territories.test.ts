import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import type { AreaDivisions, ComputeMeasuresResponse, MapDocument, UnitKindSummary, UnitSummary } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { importTerritoryFiles, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, circleArea, createFolder, createMap, expectStatus, postAreas, square } from './maps-factories.js';

const SHARED = path.resolve(import.meta.dirname, '../../../test-data/fr');
const COMMUNES_06 = path.join(SHARED, 'communes-06-alpes-maritimes.geojson');
const POPULATION_06 = path.join(SHARED, 'population-communes-06-alpes-maritimes.csv');
const NICE: [number, number] = [7.262, 43.71];

/** Legal populations of the sample CSV, by INSEE code. */
function populations(): Map<string, number> {
  const [header, ...rows] = readFileSync(POPULATION_06, 'utf8').trim().split('\n');
  const columns = header!.split(',');
  const code = columns.indexOf('code_insee');
  const population = columns.indexOf('population');
  return new Map(rows.map((row) => row.split(',')).map((cells) => [cells[code]!, Number(cells[population])]));
}

async function mapWith(app: Awaited<ReturnType<typeof testApp>>['app'], user: TestUser, areas: Record<string, unknown>[]) {
  const map = await createMap(app, user);
  const folderId = await createFolder(app, user, map.id);
  const created = await expectStatus<{ areas: { uuid: string }[] }>(201, postAreas(app, user, map.id, folderId, areas));
  return { map, folderId, uuids: created.areas.map((area) => area.uuid) };
}

const compute = (app: Awaited<ReturnType<typeof testApp>>['app'], user: TestUser | undefined, mapId: number | string, areaIds: string[], lang: 'en' | 'fr' = 'en') =>
  call(app, 'POST', `/v2/maps/${mapId}/measures/compute`, { as: user, payload: { areaIds }, lang });

const measure = (response: ComputeMeasuresResponse, index: number, key: string) =>
  response.areas[index]!.measures.find((entry) => entry.key === key);

describe('territorial units on the demo data', () => {
  it('lists the loaded kinds, saying which are only points', async () => {
    const { app } = await testApp();
    const { kinds } = await expectStatus<{ kinds: UnitKindSummary[] }>(200, call(app, 'GET', '/v2/units/kinds'));
    const byKind = new Map(kinds.map((kind) => [kind.kind, kind]));
    expect(byKind.get('fr_cities')).toMatchObject({ country: 'fr', labelZoom: 8 });
    expect(byKind.get('fr_cities')!.units).toBeGreaterThan(28_000);
    expect(byKind.get('us_counties')).toMatchObject({ geometry: 'polygon', labelZoom: 5, sources: ['demo'] });
    expect(byKind.get('us_counties')!.units).toBeGreaterThan(3_000);
    expect(byKind.get('ww_cities')!.geometry).toBe('point');
  });

  it('finds units by name or code', async () => {
    const { app } = await testApp();
    const byName = await expectStatus<{ units: UnitSummary[] }>(200, call(app, 'GET', '/v2/units/fr_cities/search?q=nice'));
    expect(byName.units[0]).toMatchObject({ code: '06088', name: 'Nice', geometry: 'point' });
    const byCode = await expectStatus<{ units: UnitSummary[] }>(200, call(app, 'GET', '/v2/units/us_counties/search?q=36067'));
    expect(byCode.units[0]).toMatchObject({ code: '36067', name: 'Onondaga', parentName: 'New York', geometry: 'polygon' });
  });

  it('refuses an unknown kind and an empty search with a 400', async () => {
    const { app } = await testApp();
    const unknown = await call(app, 'GET', '/v2/units/fr_nowhere/search?q=x');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unknown administrative level');
    expect((await call(app, 'GET', '/v2/units/fr_cities/search?q=')).statusCode).toBe(400);
  });

  it('serves outlines as vector tiles from the kind\'s zoom, with labels from its label zoom', async () => {
    const { app } = await testApp();
    // Zoom 6 tile over New York State: counties without labels (they start at zoom 5 → present).
    const response = await call(app, 'GET', '/v2/units/us_counties/tiles/6/18/23.pbf');
    expect(response.statusCode).toBe(200);
    const tile = new VectorTile(new PbfReader(response.rawPayload));
    const units = tile.layers.units!;
    const codes = Array.from({ length: units.length }, (_, i) => units.feature(i).properties.code);
    expect(codes).toContain('36067');
    expect(tile.layers.labels!.length).toBeGreaterThan(0);
    // Counties are not drawn for a whole continent.
    expect((await call(app, 'GET', '/v2/units/us_counties/tiles/1/0/0.pbf')).statusCode).toBe(204);
    expect((await call(app, 'GET', '/v2/units/us_counties/tiles/3/99/0.pbf')).statusCode).toBe(400);
  });

  it('tells the covered country at a point', async () => {
    const { app } = await testApp();
    expect(await expectStatus(200, call(app, 'GET', `/v2/units/country-at?lng=${NICE[0]}&lat=${NICE[1]}`))).toEqual({ country: 'fr' });
    expect(await expectStatus(200, call(app, 'GET', '/v2/units/country-at?lng=135.5&lat=34.7'))).toEqual({ country: 'ww' });
  });
});

describe('census figures of areas', () => {
  it('counts the population of the communes whose position is inside a circle (demo data: points)', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { map, uuids } = await mapWith(app, user, [circleArea({ startPoint: NICE, distance: 10_000 })]);
    const result = await expectStatus<ComputeMeasuresResponse>(200, compute(app, user, map.id, uuids));
    expect(result.areas[0]).toMatchObject({ areaId: uuids[0], country: 'fr' });
    const population = measure(result, 0, 'population')!;
    expect(population).toMatchObject({ label: 'Population', unit: 'people', aggregation: 'sum', coverage: null, sources: ['fr_cities'] });
    // Nice alone has about 350,000 inhabitants; the world's city points are not added on top.
    expect(population.value).toBeGreaterThan(350_000);
    expect(population.value).toBeLessThan(700_000);
    // Age bands come from IRIS tables, not loaded here.
    expect(measure(result, 0, 'population_0014')!.value).toBeNull();
  });

  it('names the measures in the request language', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { map, uuids } = await mapWith(app, user, [circleArea({ startPoint: NICE, distance: 5_000 })]);
    const result = await expectStatus<ComputeMeasuresResponse>(200, compute(app, user, map.id, uuids, 'fr'));
    expect(measure(result, 0, 'population_75p')!.label).toBe('75 ans ou plus');
  });

  it('refuses an area reaching beyond 300 km from its centre (POLYGON_TOO_LARGE)', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { map, uuids } = await mapWith(app, user, [{ uuid: randomUUID(), isoMode: 'polygon', geometry: square(-1, 44, 7) }]);
    const result = await expectStatus<ComputeMeasuresResponse>(200, compute(app, user, map.id, uuids));
    expect(result.areas[0]!.error).toMatchObject({ code: 'POLYGON_TOO_LARGE' });
    expect(result.areas[0]!.measures).toEqual([]);
  });

  it('says when there is no data where the area lies', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    // Mid-Atlantic.
    const { map, uuids } = await mapWith(app, user, [{ uuid: randomUUID(), isoMode: 'polygon', geometry: square(-35, 30, 0.5) }]);
    const result = await expectStatus<ComputeMeasuresResponse>(200, compute(app, user, map.id, uuids, 'fr'));
    expect(result.areas[0]!.error).toEqual({ code: 'NO_DATA_FOR_COUNTRY', message: 'Pas de données pour ce pays' });
  });

  it('keeps private maps private and checks the areas belong to the map', async () => {
    const { app } = await testApp();
    const owner = await signUpOnPlan(app, 'advanced_2024');
    const stranger = await signUpOnPlan(app, 'advanced_2024');
    const { map, uuids } = await mapWith(app, owner, [circleArea({ startPoint: NICE })]);
    expect((await compute(app, stranger, map.id, uuids)).statusCode).toBe(404);
    expect((await compute(app, undefined, map.id, uuids)).statusCode).toBe(404);
    const other = await mapWith(app, owner, [circleArea({ startPoint: NICE })]);
    expect((await compute(app, owner, map.id, other.uuids)).statusCode).toBe(404);
    expect((await compute(app, owner, map.id, [])).statusCode).toBe(400);
  });

  it('describes the census widgets and measures of a country', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const widgets = await expectStatus<{ widgets: { id: string; measures: { key: string }[] }[] }>(200, call(app, 'GET', '/v2/widgets/census?country=fr'));
    expect(widgets.widgets.map((widget) => widget.id)).toEqual(['population', 'age', 'socioProfessional']);
    const us = await expectStatus<{ widgets: { id: string }[] }>(200, call(app, 'GET', '/v2/widgets/census?country=us'));
    expect(us.widgets.map((widget) => widget.id)).toEqual(['population', 'income']);
    const map: MapDocument = await createMap(app, user);
    const translations = await expectStatus<{ translations: Record<string, string> }>(200, call(app, 'GET', `/v2/maps/${map.id}/measures_translations?country=fr`, { as: user, lang: 'fr' }));
    expect(translations.translations.csp_6).toBe('Ouvriers');
    const search = await expectStatus<{ measures: { key: string }[] }>(200, call(app, 'GET', `/v2/maps/${map.id}/measures?country=fr&searchKey=aged`, { as: user }));
    expect(search.measures.map((entry) => entry.key)).toContain('population_6074');
    const open = await expectStatus<{ measures: { key: string }[] }>(200, call(app, 'GET', '/v2/measures/census/search?country=us&q=income'));
    expect(open.measures.map((entry) => entry.key)).toEqual(['median_household_income']);
    expect((await call(app, 'GET', '/v2/widgets/census?country=xx')).statusCode).toBe(400);
  });
});

describe('with the communes of Alpes-Maritimes imported', () => {
  let ctx: AppContext;
  beforeAll(async () => {
    ({ ctx } = await testApp());
    await importTerritoryFiles(ctx, 'fr-communes', [COMMUNES_06, POPULATION_06]);
  });

  it('apportions commune populations by the share of each commune inside the area', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { map, uuids } = await mapWith(app, user, [circleArea({ startPoint: NICE, distance: 10_000 })]);
    const result = await expectStatus<ComputeMeasuresResponse>(200, compute(app, user, map.id, uuids));
    const population = measure(result, 0, 'population')!;
    expect(population.sources).toEqual(['fr_cities']);
    // A third of the circle is the sea, where no commune has figures.
    expect(population.coverage).toBeGreaterThan(0.55);
    expect(population.coverage).toBeLessThan(0.8);
    expect(population.value).toBeGreaterThan(350_000);
    expect(population.value).toBeLessThan(700_000);
  });

  it('builds an administrative area from communes, and analyses it', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const codes = ['06088', '06159', '06011'];
    const { map, uuids } = await mapWith(app, user, [{ uuid: randomUUID(), label: 'Nice and neighbours', isoMode: 'administrative', unitKind: 'fr_cities', unitCodes: codes }]);
    const document = await expectStatus<MapDocument>(200, call(app, 'GET', `/v2/maps/${map.id}`, { as: user }));
    const area = document.folders.flatMap((folder) => folder.areas).find((entry) => entry.uuid === uuids[0])!;
    expect(area).toMatchObject({ isoMode: 'administrative', unitKind: 'fr_cities', unitCodes: codes });
    expect(['Polygon', 'MultiPolygon']).toContain(area.geometry.type);

    const expected = codes.reduce((sum, code) => sum + populations().get(code)!, 0);
    const result = await expectStatus<ComputeMeasuresResponse>(200, compute(app, user, map.id, uuids));
    expect(measure(result, 0, 'population')!.value).toBeCloseTo(expected, -1);
    expect(measure(result, 0, 'population')!.coverage).toBeCloseTo(1, 3);

    const divisions = await expectStatus<AreaDivisions>(200, call(app, 'GET', `/v2/maps/${map.id}/areas/${uuids[0]}/divisions`, { as: user }));
    const cities = divisions.divisions.find((list) => list.kind === 'fr_cities')!;
    const whole = cities.rows.filter((row) => row.share > 0.999).map((row) => row.code).sort();
    expect(whole).toEqual([...codes].sort());
    expect(cities.rows.find((row) => row.code === '06088')).toMatchObject({ name: 'Nice', geometry: 'polygon', population: populations().get('06088') });

    const xlsx = await call(app, 'POST', `/v2/maps/${map.id}/xlsxreport/divisions`, { as: user, payload: { areaIds: uuids }, lang: 'fr' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('Nice and neighbours - divisions.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Communes (France)')!;
    expect(sheet.getRow(1).values).toContain('Part dans la zone (%)');
    const names: string[] = [];
    sheet.eachRow((row, index) => { if (index > 1) names.push(String(row.getCell(3).value)); });
    expect(names).toEqual(expect.arrayContaining(['Nice', 'Villefranche-sur-Mer', 'Beaulieu-sur-Mer']));
  });

  it('previews the union of units for the administrative mode, for logged-in users only', async () => {
    const { app } = await testApp();
    const union = (codes: string[], as?: TestUser, lang?: 'en' | 'fr') => call(app, 'POST', '/v2/units/fr_cities/union', { payload: { codes }, as, ...(lang ? { lang } : {}) });
    const anonymous = await union(['06088', '06159']);
    expect(anonymous.statusCode).toBe(401);
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { geometry } = await expectStatus<{ geometry: { type: string } }>(200, union(['06088', '06159'], user));
    expect(geometry.type).toBe('Polygon');
    // The same selection in another order is the same union.
    expect((await expectStatus<{ geometry: unknown }>(200, union(['06159', '06088', '06159'], user))).geometry).toEqual(geometry);
    const refused = await union(['67482'], user, 'fr');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(/^Ces territoires ne sont connus ici que par leur position/);
    expect((await union([], user)).statusCode).toBe(400);
  });

  it('explains why an administrative area cannot be built', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const map = await createMap(app, user);
    const folderId = await createFolder(app, user, map.id);
    const area = (unitCodes: string[], unitKind = 'fr_cities') => ({ uuid: randomUUID(), isoMode: 'administrative', unitKind, unitCodes });
    const unknown = await postAreas(app, user, map.id, folderId, [area(['06088', '99999'])]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toMatchObject({ code: 'UNITS_NOT_FOUND', message: 'Unknown territories: 99999' });
    // Strasbourg is only a point in the demo data: no boundary to build an area from.
    const point = await postAreas(app, user, map.id, folderId, [area(['67482'])]);
    expect(point.statusCode).toBe(422);
    expect(point.json().error.code).toBe('UNITS_WITHOUT_BOUNDARY');
    // The user reads what they can do; the import command is the operator's, for the server's log.
    expect(point.json().error.message).toMatch(/choose another level, or draw a polygon or a circle/);
    expect(JSON.stringify(point.json())).not.toContain('npm run');
    const notLoaded = await postAreas(app, user, map.id, folderId, [area(['A'], 'gb_units')]);
    expect(notLoaded.json().error.code).toBe('UNIT_KIND_NOT_LOADED');
  });
});
