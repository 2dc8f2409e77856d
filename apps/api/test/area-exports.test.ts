/**
 * The exports of SPEC §6 and §9 beyond the census export: the multi-area comparison (POST
 * …/xlsxreport/comparison, ADVANCED), the IRIS detail (POST …/xlsxreport/iris, the census's plan,
 * refused above IRIS_DETAIL_EXPORT_MAX_UNITS rows) and the bulk export of administrative boundaries
 * (GET …/areas/{areaId}/boundaries, ADVANCED). Gates, who may read the map, bad input, and the
 * values: those of measures/compute, of the divisions, of the IRIS data imported.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IRIS_DETAIL_EXPORT_MAX_UNITS, type AreaDivisions, type ComputeMeasuresResponse } from '@catchment/domain';
import { removeDataset } from '../src/territories/data/dataset-loader.js';
import { importTerritoryFiles, signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { NICE, rowsOf } from './analysis-factories.js';
import { call, circleArea, createFolder, createMap, expectStatus, postAreas } from './maps-factories.js';

type App = Awaited<ReturnType<typeof testApp>>['app'];

const SAMPLES = path.resolve(import.meta.dirname, '../../../test-data/fr');
const STRASBOURG: [number, number] = [7.7521, 48.5734];

async function areasOnAMap(app: App, user: TestUser, areas: Record<string, unknown>[]) {
  const map = await createMap(app, user);
  const folderId = await createFolder(app, user, map.id);
  const withIds = areas.map((fields) => circleArea(fields));
  await expectStatus(201, postAreas(app, user, map.id, folderId, withIds));
  return { mapId: map.id, areaIds: withIds.map((area) => area.uuid as string) };
}

const riviera = (app: App, user: TestUser) => areasOnAMap(app, user, [
  { startPoint: NICE, distance: 10_000, label: 'Nice 10 km' },
  { startPoint: [7.125, 43.58], distance: 4_000, label: '=Antibes 4 km' },
]);

async function sheetOf(payload: Buffer, name: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}: ${workbook.worksheets.map((entry) => entry.name).join(', ')}`);
  return sheet;
}

// The worker's server loads the demo data first: minutes on a busy machine, not the first test's time.
beforeAll(async () => { await testApp(); }, 600_000);

describe('comparison export', () => {
  const exportComparison = (app: App, user: TestUser | undefined, mapId: number, payload: unknown, lang: 'en' | 'fr' = 'en') =>
    call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/comparison`, { as: user, payload, lang });

  it('is the ADVANCED plan’s: 403 PLAN_REQUIRED naming it for PRO and the free plan; 404 to who may not read the map', async () => {
    const { app } = await testApp();
    const pro = await signUpOnPlan(app, 'pro_2020');
    const { mapId, areaIds } = await riviera(app, pro);
    const refused = await exportComparison(app, pro, mapId, { areaIds }, 'fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_REQUIRED', message: expect.stringContaining("l'offre Avancée"), details: { feature: 'export:multi_area', plan: 'advanced_2024' } });
    const free = await signUp(app);
    const own = await riviera(app, free);
    expect((await exportComparison(app, free, own.mapId, { areaIds: own.areaIds })).json().error.details).toMatchObject({ plan: 'advanced_2024' });
    const stranger = await signUpOnPlan(app, 'advanced_2024');
    expect((await exportComparison(app, stranger, mapId, { areaIds })).statusCode).toBe(404);
    expect((await exportComparison(app, undefined, mapId, { areaIds })).statusCode).toBe(404);
  });

  it('refuses fewer than two distinct areas, bad identifiers and areas of another map', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { mapId, areaIds } = await riviera(app, user);
    const one = await exportComparison(app, user, mapId, { areaIds: [areaIds[0]] }, 'fr');
    expect(one.statusCode).toBe(400);
    expect(one.json().error.message).toBe('Une comparaison demande au moins deux zones');
    expect((await exportComparison(app, user, mapId, { areaIds: [areaIds[0], areaIds[0]] })).statusCode).toBe(400);
    expect((await exportComparison(app, user, mapId, { areaIds: [areaIds[0], 'not-a-uuid'] })).statusCode).toBe(400);
    expect((await exportComparison(app, user, mapId, { areaIds, unit: 'parsec' })).statusCode).toBe(400);
    const other = await riviera(app, user);
    expect((await exportComparison(app, user, mapId, { areaIds: [areaIds[0], other.areaIds[0]] })).statusCode).toBe(404);
  });

  it('writes the areas side by side with the values of measures/compute, labels a spreadsheet would run kept as text', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { mapId, areaIds } = await riviera(app, user);
    const computed = await expectStatus<ComputeMeasuresResponse>(200, call(app, 'POST', `/v2/maps/${mapId}/measures/compute`, { as: user, payload: { areaIds }, lang: 'fr' }));
    const response = await exportComparison(app, user, mapId, { areaIds }, 'fr');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('filename="Ma carte - comparison.xlsx"');
    const sheet = await sheetOf(response.rawPayload, 'Comparaison');
    expect([sheet.getCell(1, 2).value, sheet.getCell(1, 4).value]).toEqual(['Nice 10 km', "'=Antibes 4 km"]);
    expect(sheet.getCell(2, 2).value).toBe("À vol d'oiseau, 10 km\nPoint de départ : 43.71020, 7.26200");
    const headerRow = [...Array(sheet.rowCount).keys()].map((i) => i + 1).find((i) => sheet.getCell(i, 1).value === 'Mesure')!;
    const written = new Map<string, [unknown, unknown]>();
    for (let i = headerRow + 1; i <= sheet.rowCount; i += 1) written.set(String(sheet.getCell(i, 1).value), [sheet.getCell(i, 2).value, sheet.getCell(i, 4).value]);
    for (const [index, area] of computed.areas.entries()) {
      const withValue = area.measures.filter((measure) => measure.value !== null);
      expect(withValue.length).toBeGreaterThan(0);
      for (const measure of withValue) expect(written.get(measure.label)?.[index]).toBe(measure.value);
    }
    const population = computed.areas[0]!.measures.find((measure) => measure.key === 'population')!.value!;
    expect(population).toBeGreaterThan(1000);
    // The density: the population over the circle's surface (about π × 10² km²).
    expect((written.get('Habitants par km²')![0] as number) / (population / (Math.PI * 100))).toBeCloseTo(1, 2);
  });
});

describe('IRIS detail export', () => {
  let irisDataset: string | undefined;
  beforeAll(async () => {
    const { ctx } = await testApp();
    irisDataset = (await importTerritoryFiles(ctx, 'fr-iris', [path.join(SAMPLES, 'iris-67-bas-rhin.geojson'), path.join(SAMPLES, 'population-iris-67-bas-rhin-2016.csv')])).loaded.id;
  }, 600_000);
  // Other tests of the worker's database expect no IRIS over Strasbourg.
  afterAll(async () => {
    const { ctx } = await testApp();
    if (irisDataset) await removeDataset(ctx.database.db, irisDataset);
  });

  const exportIris = (app: App, user: TestUser | undefined, mapId: number, areaIds: unknown, lang: 'en' | 'fr' = 'en') =>
    call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/iris`, { as: user, payload: { areaIds }, lang });

  it('writes a row per IRIS the area covers, with its share (as the divisions give it) and its census figures', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'pro_2020');
    const { mapId, areaIds } = await areasOnAMap(app, user, [{ startPoint: STRASBOURG, distance: 2_000, label: '@Centre' }]);
    const divisions = await expectStatus<AreaDivisions>(200, call(app, 'GET', `/v2/maps/${mapId}/areas/${areaIds[0]}/divisions`, { as: user }));
    const iris = rowsOf(divisions, 'fr_iris');
    expect(iris.length).toBeGreaterThan(10);
    const response = await exportIris(app, user, mapId, areaIds, 'fr');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain("filename=\"@Centre - IRIS.xlsx\"");
    const sheet = await sheetOf(response.rawPayload, 'IRIS');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 6)).toEqual(['Zone', 'Code IRIS', 'IRIS', 'Commune', 'Part dans la zone (%)', 'Population']);
    const rows: unknown[][] = [];
    sheet.eachRow((row, index) => { if (index > 1) rows.push((row.values as unknown[]).slice(1)); });
    expect(rows.map((row) => row[1])).toEqual(iris.map((row) => row.code));
    expect(rows.map((row) => row[4])).toEqual(iris.map((row) => Math.round(row.share * 10_000) / 100));
    expect(rows[0]![0]).toBe("'@Centre");
    // The figures of the data imported (INSEE 2016): Strasbourg's IRIS "Mairie Nord".
    const mairieNord = rows.find((row) => row[1] === '674820101')!;
    expect(mairieNord.slice(2, 6)).toEqual(['Mairie Nord', 'Strasbourg', expect.any(Number), 2484.33]);
    expect(mairieNord[header.indexOf('Cadres et professions intellectuelles supérieures')]).toBe(603.06);
  });

  it(`is refused with 422 IRIS_DETAIL_TOO_LARGE when the areas cover more than ${IRIS_DETAIL_EXPORT_MAX_UNITS} IRIS, translated`, async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'pro_2020');
    // Ten areas over Strasbourg's IRIS: each IRIS counts once per area it lies in.
    const { mapId, areaIds } = await areasOnAMap(app, user, Array.from({ length: 10 }, (_, i) => ({ startPoint: STRASBOURG, distance: 6_000 + i * 10, label: `Strasbourg ${i}` })));
    const refused = await exportIris(app, user, mapId, areaIds, 'fr');
    expect(refused.statusCode).toBe(422);
    const { error } = refused.json();
    expect(error).toMatchObject({ code: 'IRIS_DETAIL_TOO_LARGE', details: { max: IRIS_DETAIL_EXPORT_MAX_UNITS } });
    expect(error.details.count).toBeGreaterThan(IRIS_DETAIL_EXPORT_MAX_UNITS);
    expect(error.message).toBe(`Ces zones couvrent ${error.details.count} IRIS, plus que les ${IRIS_DETAIL_EXPORT_MAX_UNITS} que le détail par IRIS peut contenir : exportez moins de zones ou des zones plus petites, ou bien leurs chiffres du recensement ou leurs découpages`);
    // One of them alone is below the count.
    expect((await exportIris(app, user, mapId, [areaIds[0]])).statusCode).toBe(200);
  });

  it('is the census’s plan (403 for ESSENTIAL), 404 to who may not read the map, 400 without areas', async () => {
    const { app } = await testApp();
    const essential = await signUpOnPlan(app, 'essential_2019');
    const { mapId, areaIds } = await areasOnAMap(app, essential, [{ startPoint: STRASBOURG, distance: 1_000 }]);
    const refused = await exportIris(app, essential, mapId, areaIds);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_REQUIRED', details: { feature: 'census:fr', plan: 'pro_2020' } });
    const stranger = await signUpOnPlan(app, 'pro_2020');
    expect((await exportIris(app, stranger, mapId, areaIds)).statusCode).toBe(404);
    expect((await exportIris(app, essential, mapId, [])).statusCode).toBe(400);
    expect((await exportIris(app, essential, mapId, 'all')).statusCode).toBe(400);
  });
});

describe('boundaries export', () => {
  let communesDataset: string | undefined;
  beforeAll(async () => {
    const { ctx } = await testApp();
    const files = ['communes-06-alpes-maritimes.geojson', 'population-communes-06-alpes-maritimes.csv'].map((file) => path.join(SAMPLES, file));
    communesDataset = (await importTerritoryFiles(ctx, 'fr-communes', files)).loaded.id;
  }, 600_000);
  afterAll(async () => {
    const { ctx } = await testApp();
    if (communesDataset) await removeDataset(ctx.database.db, communesDataset);
  });

  const boundaries = (app: App, user: TestUser | undefined, mapId: number, areaId: string, query: string, lang: 'en' | 'fr' = 'en') =>
    call(app, 'GET', `/v2/maps/${mapId}/areas/${areaId}/boundaries${query}`, { as: user, lang });

  it('gives the boundaries of the communes the area covers as GeoJSON, the units and shares of its divisions', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { mapId, areaIds: [areaId] } = await areasOnAMap(app, user, [{ startPoint: NICE, distance: 10_000, label: 'Nice 10 km' }]);
    const divisions = await expectStatus<AreaDivisions>(200, call(app, 'GET', `/v2/maps/${mapId}/areas/${areaId}/divisions`, { as: user }));
    const response = await boundaries(app, user, mapId, areaId!, '?kind=fr_cities&format=geojson', 'fr');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/geo+json');
    expect(response.headers['content-disposition']).toContain('filename="Nice 10 km - Communes (France).geojson"');
    const collection = response.json();
    expect(collection).toMatchObject({ type: 'FeatureCollection', name: 'Nice 10 km' });
    const communes = rowsOf(divisions, 'fr_cities');
    expect(communes.length).toBeGreaterThan(5);
    expect(collection.features.map((feature: { properties: { code: string } }) => feature.properties.code)).toEqual(communes.map((row) => row.code));
    const nice = collection.features.find((feature: { properties: { code: string } }) => feature.properties.code === '06088');
    expect(nice.geometry.type).toMatch(/Polygon/);
    expect(nice.properties).toMatchObject({ kind: 'fr_cities', name: 'Nice', shareInsideArea: communes.find((row) => row.code === '06088')!.share, boundary: true });
  });

  it('gives every kind the divisions list as KML, a Folder per kind', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { mapId, areaIds: [areaId] } = await areasOnAMap(app, user, [{ startPoint: NICE, distance: 3_000, label: 'Port & vieille ville' }]);
    const divisions = await expectStatus<AreaDivisions>(200, call(app, 'GET', `/v2/maps/${mapId}/areas/${areaId}/divisions`, { as: user }));
    const response = await boundaries(app, user, mapId, areaId!, '?format=kml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.google-earth.kml+xml');
    expect(response.headers['content-disposition']).toContain('filename="Port & vieille ville - boundaries.kml"');
    const kml = response.body;
    expect(kml).toContain('<Document><name>Port &amp; vieille ville</name>');
    expect(kml.match(/<Folder>/g)).toHaveLength(divisions.divisions.length);
    expect(kml.match(/<Placemark /g)).toHaveLength(divisions.divisions.reduce((sum, list) => sum + list.rows.length, 0));
    expect(kml).toContain('<Placemark id="fr_cities-06088"><name>Nice</name>');
  });

  it('is the ADVANCED plan’s (403 for PRO), 404 to who may not read the map or for an area not on it, 4xx for a bad kind or format', async () => {
    const { app } = await testApp();
    const pro = await signUpOnPlan(app, 'pro_2020');
    const { mapId, areaIds: [areaId] } = await areasOnAMap(app, pro, [{ startPoint: NICE, distance: 2_000 }]);
    const refused = await boundaries(app, pro, mapId, areaId!, '?kind=fr_cities', 'fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_REQUIRED', message: expect.stringContaining("l'offre Avancée"), details: { feature: 'export:boundaries_bulk', plan: 'advanced_2024' } });

    const advanced = await signUpOnPlan(app, 'advanced_2024');
    expect((await boundaries(app, advanced, mapId, areaId!, '')).statusCode).toBe(404);
    const own = await areasOnAMap(app, advanced, [{ startPoint: NICE, distance: 2_000 }]);
    expect((await boundaries(app, advanced, own.mapId, areaId!, '')).statusCode).toBe(404);
    expect((await boundaries(app, advanced, own.mapId, 'not-a-uuid', '')).statusCode).toBe(400);
    expect((await boundaries(app, advanced, own.mapId, own.areaIds[0]!, '?kind=moon_craters')).statusCode).toBe(400);
    expect((await boundaries(app, advanced, own.mapId, own.areaIds[0]!, '?format=shp')).statusCode).toBe(400);
    const otherCountry = await boundaries(app, advanced, own.mapId, own.areaIds[0]!, '?kind=us_counties', 'fr');
    expect(otherCountry.statusCode).toBe(422);
    expect(otherCountry.json().error).toMatchObject({ code: 'BOUNDARY_KIND_UNAVAILABLE', message: expect.stringContaining('Ces contours ne sont pas disponibles') });
  });
});
