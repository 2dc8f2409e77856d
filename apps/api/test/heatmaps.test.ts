import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { classIndexOf, parseDecimal, surfaceSquareKilometers, type AreaGeometry, type ComputeMetricsResponse, type HeatmapLegend, type PolygonGeometry } from '@catchment/domain';
import { containsPoint, preparePointArea } from '@catchment/geodata';
import { ColumnCounter } from '../src/datasets/column-counts.js';
import { DatasetsRepository } from '../src/datasets/datasets.repository.js';
import { removePoiDataset } from '../src/poi/data/poi-loader.js';
import type { AppContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { importOsmPoiFile, importSireneTestFiles, importTerritoryFiles, signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, createFolder, createMap, expectError, expectStatus, postAreas } from './maps-factories.js';

const SHARED = path.resolve(import.meta.dirname, '../../../test-data/fr');
const COMMUNES_06 = path.join(SHARED, 'communes-06-alpes-maritimes.geojson');
const POPULATION_06 = path.join(SHARED, 'population-communes-06-alpes-maritimes.csv');
const IRIS_67 = path.join(SHARED, 'iris-67-bas-rhin.geojson');
const POPULATION_IRIS_67 = path.join(SHARED, 'population-iris-67-bas-rhin-2016.csv');
const NICE: [number, number] = [7.262, 43.71];
const STRASBOURG: [number, number] = [7.75, 48.58];

interface Feature { code: string; value: number | undefined }

/** A sample's figures read from its files: a column of a CSV by the code column, the surfaces of a GeoJSON's features by code. */
function csvColumn(file: string, codeColumn: string, valueColumn: string): Map<string, number> {
  const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
  const columns = header!.split(',');
  const [code, value] = [columns.indexOf(codeColumn), columns.indexOf(valueColumn)];
  return new Map(rows.map((row) => row.split(',')).filter((cells) => cells[value] !== '').map((cells) => [cells[code]!, Number(cells[value])]));
}

function surfacesKm2(file: string, codeProperty: string): Map<string, number> {
  const collection = JSON.parse(readFileSync(file, 'utf8')) as { features: { properties: Record<string, string>; geometry: AreaGeometry }[] };
  return new Map(collection.features.map((feature) => [feature.properties[codeProperty]!, surfaceSquareKilometers(feature.geometry)]));
}

/** The tile holding a point at a zoom. */
function tileAt([lng, lat]: [number, number], z: number): { z: number; x: number; y: number } {
  const side = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * side);
  const radians = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * side);
  return { z, x, y };
}

function heatmapFeatures(response: LightMyRequestResponse): Feature[] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
  const tile = new VectorTile(new PbfReader(response.rawPayload));
  expect(Object.keys(tile.layers)).toEqual(['heatmap']);
  const layer = tile.layers.heatmap!;
  return Array.from({ length: layer.length }, (_, i) => {
    const { code, value } = layer.feature(i).properties;
    return { code: String(code), value: typeof value === 'number' ? value : undefined };
  });
}

const query = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();
const tileUrl = (base: string, { z, x, y }: { z: number; x: number; y: number }, fields: Record<string, string | number>) => `${base}/heatmap/tiles/${z}/${x}/${y}.pbf?${query(fields)}`;
const legendUrl = (base: string, fields: Record<string, string | number>) => `${base}/heatmap/legend?${query(fields)}`;
const PUBLIC = '/v2/measures/census';

const ascending = (values: number[]) => values.every((value, i) => i === 0 || value > values[i - 1]!);

function expectWellFormed(legend: HeatmapLegend, classes: number) {
  expect(legend.breaks.length).toBeGreaterThanOrEqual(2);
  expect(legend.breaks.length).toBeLessThanOrEqual(classes + 1);
  expect(ascending(legend.breaks)).toBe(true);
  expect(legend.breaks[0]).toBe(legend.min);
  expect(legend.breaks.at(-1)).toBe(legend.max);
  expect(legend.colors).toHaveLength(legend.breaks.length - 1);
  for (const color of legend.colors) expect(color).toMatch(/^#[0-9a-f]{6}$/);
}

let app: FastifyInstance;
let ctx: AppContext;

beforeAll(async () => {
  ({ app, ctx } = await testApp());
  await importTerritoryFiles(ctx, 'fr-communes', [COMMUNES_06, POPULATION_06]);
  await importTerritoryFiles(ctx, 'fr-iris', [IRIS_67, POPULATION_IRIS_67]);
  // Businesses, for an indicator reading a search.
  await importOsmPoiFile(ctx, path.resolve(import.meta.dirname, '../../../test-data/osm/monaco.osm.pbf'));
  // Opening the worker's database (the demo loaded into PGlite when this file comes first) and three
  // imports: past the suite's 300 s while every suite of npm test shares the two cores.
}, 600_000);

describe('heatmap tiles', () => {
  const populations = () => csvColumn(POPULATION_06, 'code_insee', 'population');

  it('give each commune its population (raw), on a map, at three zooms', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    const fields = { country: 'fr', measure: 'population', adminDivision: 'fr_cities', densityMode: 'raw' };
    for (const z of [8, 10, 12]) {
      const features = heatmapFeatures(await call(app, 'GET', tileUrl(`/v2/maps/${map.id}`, tileAt(NICE, z), fields), { as: user }));
      const nice = features.find((feature) => feature.code === '06088');
      expect(nice?.value).toBe(populations().get('06088'));
      for (const feature of features.filter((entry) => entry.code.startsWith('06'))) expect(feature.value).toBe(populations().get(feature.code));
    }
  });

  it('give each commune its population per km² (density); units known only by a point are there without a value', async () => {
    const surfaces = surfacesKm2(COMMUNES_06, 'code');
    // Zoom 7: the tile reaches the Var and the Alpes-de-Haute-Provence.
    const features = heatmapFeatures(await call(app, 'GET', tileUrl(PUBLIC, tileAt(NICE, 7), { country: 'fr', measure: 'population', adminDivision: 'fr_cities', densityMode: 'density' })));
    const communes = features.filter((feature) => surfaces.has(feature.code));
    expect(communes.length).toBeGreaterThan(50);
    for (const commune of communes) {
      const expected = populations().get(commune.code)! / surfaces.get(commune.code)!;
      // The database measures surfaces on the spheroid, the sample's check on the sphere.
      expect(Math.abs(commune.value! / expected - 1)).toBeLessThan(0.01);
    }
    // The demo's communes of the neighbouring départements are points: no surface, no density.
    const withoutValue = features.filter((feature) => feature.value === undefined);
    expect(withoutValue.length).toBeGreaterThan(0);
    expect(withoutValue.every((feature) => !surfaces.has(feature.code))).toBe(true);
  });

  it('give each IRIS its population per km²', async () => {
    const population = csvColumn(POPULATION_IRIS_67, 'IRIS', 'P16_POP');
    const surfaces = surfacesKm2(IRIS_67, 'DCOMIRIS');
    const features = heatmapFeatures(await call(app, 'GET', tileUrl(PUBLIC, tileAt(STRASBOURG, 12), { country: 'fr', measure: 'population', adminDivision: 'fr_iris', densityMode: 'density' })));
    const withCensus = features.filter((feature) => population.has(feature.code));
    expect(withCensus.length).toBeGreaterThan(5);
    for (const feature of withCensus) {
      expect(Math.abs(feature.value! / (population.get(feature.code)! / surfaces.get(feature.code)!) - 1)).toBeLessThan(0.01);
    }
    // The sample's census covers part of the IRIS only: the others are drawn as no data.
    for (const feature of features.filter((entry) => !population.has(entry.code))) expect(feature.value).toBeUndefined();
  });

  it('are stored once built, cached for good under the legend\'s version, empty (204) below the level\'s zoom', async () => {
    const fields = { country: 'fr', measure: 'population', adminDivision: 'fr_iris' };
    const address = tileAt(STRASBOURG, 11);
    const first = await call(app, 'GET', tileUrl(PUBLIC, address, fields));
    const legend = await expectStatus<HeatmapLegend>(200, call(app, 'GET', legendUrl(PUBLIC, fields)));
    const again = await call(app, 'GET', tileUrl(PUBLIC, address, { ...fields, v: legend.version }));
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(legend.minZoom).toBe(8);
    expect((await call(app, 'GET', tileUrl(PUBLIC, tileAt(STRASBOURG, 7), fields))).statusCode).toBe(204);
  });
});

describe('heatmap legends', () => {
  it('cut the IRIS populations into quantiles: n + 1 edges from the smallest to the largest, about as many IRIS in each class', async () => {
    const population = csvColumn(POPULATION_IRIS_67, 'IRIS', 'P16_POP');
    const values = [...population.values()];
    const legend = await expectStatus<HeatmapLegend>(200, call(app, 'GET', legendUrl(PUBLIC, { country: 'fr', measure: 'population', adminDivision: 'fr_iris', classes: 5 })));
    expectWellFormed(legend, 5);
    expect(legend).toMatchObject({ classification: 'quantile', densityMode: 'raw', unit: 'people', perSquareKilometre: false, adminDivision: 'fr_iris', count: values.length });
    expect(legend.breaks).toHaveLength(6);
    expect(legend.min).toBeCloseTo(Math.min(...values), 1);
    expect(legend.max).toBeCloseTo(Math.max(...values), 1);
    const perClass = [0, 0, 0, 0, 0];
    for (const value of values) perClass[classIndexOf(value, legend.breaks)]!++;
    for (const count of perClass) expect(Math.abs(count - values.length / 5)).toBeLessThan(values.length * 0.02);
  });

  it('give natural breaks (jenks) and densities, in the version of the data', async () => {
    const legend = await expectStatus<HeatmapLegend>(200, call(app, 'GET', legendUrl(PUBLIC, {
      country: 'fr', measure: 'population', adminDivision: 'fr_iris', densityMode: 'density', classification: 'jenks', classes: 7,
    })));
    expectWellFormed(legend, 7);
    expect(legend).toMatchObject({ classification: 'jenks', densityMode: 'density', perSquareKilometre: true, version: String(await ctx.territories.data.units.dataVersion()) });
  });

  it('are built from every commune of France (the demo\'s points too), on a map', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    const legend = await expectStatus<HeatmapLegend>(200, call(app, 'GET', legendUrl(`/v2/maps/${map.id}`, { country: 'fr', measure: 'population', adminDivision: 'fr_cities' }), { as: user }));
    expectWellFormed(legend, 5);
    expect(legend.count).toBeGreaterThan(28_000);
    expect(legend.max).toBeGreaterThanOrEqual(2_000_000);
  });
});

describe('who may see which heatmap', () => {
  const censusLegend = (measure: string, country = 'fr', adminDivision = 'fr_cities') => legendUrl(PUBLIC, { country, measure, adminDivision });

  it('gives anonymous callers the free plan\'s: the population, not the other measures', async () => {
    await expectStatus(200, call(app, 'GET', censusLegend('population')));
    await expectStatus(200, call(app, 'GET', censusLegend('population', 'us', 'us_counties')));
    expectError(await call(app, 'GET', censusLegend('population_0014')), 403, 'PLAN_REQUIRED', 'This is part of the Pro plan: upgrade to use it');
    expectError(await call(app, 'GET', tileUrl(PUBLIC, tileAt(NICE, 9), { country: 'fr', measure: 'csp_3', adminDivision: 'fr_cities' }), { lang: 'fr' }), 403, 'PLAN_REQUIRED',
      "Cette fonctionnalité fait partie de l'offre Pro : changez d'offre pour l'utiliser");
  });

  it('opens every measure to PRO, on the map and without', async () => {
    const free = await signUp(app);
    const pro = await signUpOnPlan(app, 'pro_2020');
    const freeMap = await createMap(app, free);
    const proMap = await createMap(app, pro);
    const fields = { country: 'fr', measure: 'population_0014', adminDivision: 'fr_iris' };
    expectError(await call(app, 'GET', legendUrl(`/v2/maps/${freeMap.id}`, fields), { as: free }), 403, 'PLAN_REQUIRED');
    await expectStatus(200, call(app, 'GET', legendUrl(`/v2/maps/${proMap.id}`, fields), { as: pro }));
    await expectStatus(200, call(app, 'GET', legendUrl(PUBLIC, fields), { as: pro }));
    const tile = await call(app, 'GET', tileUrl(`/v2/maps/${proMap.id}`, tileAt(STRASBOURG, 12), fields), { as: pro });
    expect(heatmapFeatures(tile).length).toBeGreaterThan(0);
    expect(tile.headers['cache-control']).toBe('private, max-age=300');
  });

  it('answers 404 for someone else\'s private map', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const map = await createMap(app, owner);
    const fields = { country: 'fr', measure: 'population', adminDivision: 'fr_cities' };
    expectError(await call(app, 'GET', legendUrl(`/v2/maps/${map.id}`, fields), { as: other }), 404, 'MAP_NOT_FOUND');
    expectError(await call(app, 'GET', tileUrl(`/v2/maps/${map.id}`, tileAt(NICE, 9), fields)), 404, 'MAP_NOT_FOUND');
  });
});

describe('bad heatmap requests', () => {
  it('are refused with a 400 that says why, in English and French', async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ country: 'us', measure: 'csp_3', adminDivision: 'us_counties' }, 'This measure is not published for this country', "Cette donnée n'est pas publiée pour ce pays"],
      [{ country: 'fr', measure: 'population', adminDivision: 'us_counties' }, 'This administrative level does not belong to this country', "Ce niveau administratif n'appartient pas à ce pays"],
      [{ country: 'fr', adminDivision: 'fr_cities' }, 'Choose a census measure or an indicator (one of the two)', 'Choisissez une donnée du recensement ou un indicateur (l’un des deux)'],
      [{ country: 'fr', measure: 'population', adminDivision: 'fr_cities', classes: 12 }, 'Choose from 3 to 9 classes', 'Choisissez de 3 à 9 classes'],
      [{ country: 'de', measure: 'population', adminDivision: 'ww_cities', densityMode: 'density' },
        'This administrative level is known only by positions, without surfaces: a density cannot be shown, choose raw values',
        "Ce niveau administratif n'est connu que par des positions, sans surface : une densité ne peut pas être affichée, choisissez les valeurs brutes"],
    ];
    for (const [fields, english, french] of cases) {
      expect(expectError(await call(app, 'GET', legendUrl(PUBLIC, fields)), 400, 'VALIDATION_ERROR').details).toBeDefined();
      expect(JSON.stringify(expectError(await call(app, 'GET', legendUrl(PUBLIC, fields)), 400, 'VALIDATION_ERROR'))).toContain(english.slice(0, 30));
      expect(JSON.stringify(expectError(await call(app, 'GET', tileUrl(PUBLIC, tileAt(NICE, 9), fields), { lang: 'fr' }), 400, 'VALIDATION_ERROR'))).toContain(french.slice(0, 30));
    }
  });

  it('refuse a tile address out of range', async () => {
    const fields = { country: 'fr', measure: 'population', adminDivision: 'fr_cities' };
    expectError(await call(app, 'GET', tileUrl(PUBLIC, { z: 3, x: 99, y: 0 }, fields)), 400, 'VALIDATION_ERROR');
    expectError(await call(app, 'GET', `${PUBLIC}/heatmap/tiles/a/0/0.pbf?${query(fields)}`), 400, 'VALIDATION_ERROR');
  });

  it('refuse an indicator without its map (the public calls), and one the map does not have', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const map = await createMap(app, user);
    const fields = { country: 'fr', metricId: '0b6f3c5e-8a4d-4d51-9d0e-2f3c1b9a7e10', adminDivision: 'fr_cities' };
    expectError(await call(app, 'GET', legendUrl(`/v2/maps/${map.id}`, fields), { as: user }), 404, 'METRIC_NOT_FOUND');
    expectError(await call(app, 'GET', legendUrl(PUBLIC, fields), { lang: 'fr' }), 400, 'HEATMAP_METRIC_UNSUPPORTED',
      "Un indicateur n'a de carte de chaleur que sur sa carte : choisissez une donnée du recensement, ou ouvrez la carte de l'indicateur");
  });
});

/** An indicator of the map with this formula; its id. */
const metricOf = async (user: TestUser, mapId: number, name: string, formula: unknown[]) =>
  (await expectStatus<{ id: string }>(201, call(app, 'POST', `/v2/maps/${mapId}/metrics`, { as: user, payload: { name, formula } }))).id;

describe('heatmaps of indicators', () => {
  const population = { type: 'measure', measure: { source: 'census', key: 'population' } } as const;

  it('give each commune the value of a census indicator (and of the indicators it reads), raw and per km², and follow a change of its formula', async () => {
    const user = await signUpOnPlan(app, 'advanced_2024');
    const map = await createMap(app, user);
    const thousands = await metricOf(user, map.id, 'Thousands', [population, { type: 'operator', value: '/' }, { type: 'value', value: 1000 }]);
    const doubled = await metricOf(user, map.id, 'Doubled', [{ type: 'measure', measure: { source: 'metric', metricId: thousands } }, { type: 'operator', value: '*' }, { type: 'value', value: 2 }]);
    const populations = csvColumn(POPULATION_06, 'code_insee', 'population');
    const surfaces = surfacesKm2(COMMUNES_06, 'code');
    const base = `/v2/maps/${map.id}`;
    const raw = { country: 'fr', metricId: doubled, adminDivision: 'fr_cities', densityMode: 'raw' };
    const features = heatmapFeatures(await call(app, 'GET', tileUrl(base, tileAt(NICE, 10), raw), { as: user })).filter((feature) => feature.code.startsWith('06'));
    expect(features.length).toBeGreaterThan(5);
    for (const feature of features) expect(feature.value).toBeCloseTo(populations.get(feature.code)! / 1000 * 2, 9);
    const legend = await expectStatus<HeatmapLegend>(200, call(app, 'GET', legendUrl(base, raw), { as: user }));
    expectWellFormed(legend, 5);
    // Cut over every commune of France (the demo's points too), as the population's own legend is.
    const census = await expectStatus<HeatmapLegend>(200, call(app, 'GET', legendUrl(base, { country: 'fr', measure: 'population', adminDivision: 'fr_cities', densityMode: 'raw' }), { as: user }));
    expect(legend.max).toBeCloseTo(census.max! / 500, 6);
    expect(legend.count).toBe(census.count);

    const density = heatmapFeatures(await call(app, 'GET', tileUrl(base, tileAt(NICE, 10), { ...raw, densityMode: 'density' }), { as: user }))
      .filter((feature) => feature.code.startsWith('06'));
    expect(density.length).toBe(features.length);
    // The surfaces of the sample's file and of the database agree within 1 % (as for the census heatmap).
    for (const feature of density) expect(Math.abs(feature.value! / (populations.get(feature.code)! / 500 / surfaces.get(feature.code)!) - 1)).toBeLessThan(0.01);

    // The indicator it reads changes: the heatmap is drawn anew, not taken from the store.
    await expectStatus(200, call(app, 'PATCH', `${base}/metrics/${thousands}`, { as: user, payload: { formula: [population, { type: 'operator', value: '/' }, { type: 'value', value: 100 }] } }));
    const after = await expectStatus<HeatmapLegend>(200, call(app, 'GET', legendUrl(base, raw), { as: user }));
    expect(after.version).not.toBe(legend.version);
    expect(after.max).toBeCloseTo(legend.max! * 10, 6);
  });

  it('answer 404 for an indicator on someone else\'s map, need the plan, and refuse one reading a search the map no longer has', async () => {
    const user = await signUpOnPlan(app, 'advanced_2024');
    const map = await createMap(app, user);
    const search = await expectStatus<{ id: number; version: number }>(201, call(app, 'POST', `/v2/maps/${map.id}/searches`, { as: user, payload: { datasetName: 'mc_osm_poi', categories: ['amenity=restaurant'] } }));
    const perRestaurant = await metricOf(user, map.id, 'Per restaurant', [population, { type: 'operator', value: '/' }, { type: 'measure', measure: { source: 'poi', searchId: String(search.id) } }]);
    const fields = { country: 'fr', metricId: perRestaurant, adminDivision: 'fr_cities' };
    await expectStatus(200, call(app, 'GET', legendUrl(`/v2/maps/${map.id}`, fields), { as: user }));
    // A stranger, even on the same plan, does not learn that the map exists.
    const stranger = await signUpOnPlan(app, 'advanced_2024');
    expectError(await call(app, 'GET', legendUrl(`/v2/maps/${map.id}`, fields), { as: stranger }), 404, 'MAP_NOT_FOUND');
    expectError(await call(app, 'GET', tileUrl(`/v2/maps/${map.id}`, tileAt(NICE, 9), fields), { as: stranger }), 404, 'MAP_NOT_FOUND');
    // The free plan has the population's heatmap only.
    const free = await signUp(app);
    const own = await createMap(app, free);
    expectError(await call(app, 'GET', legendUrl(`/v2/maps/${own.id}`, fields), { as: free }), 403, 'PLAN_REQUIRED');
    // The search is deleted after the indicator was saved: its measure names nothing now, as in metrics/compute.
    await expectStatus(204, call(app, 'DELETE', `/v2/maps/${map.id}/searches/${search.id}?version=${search.version}`, { as: user }));
    expectError(await call(app, 'GET', legendUrl(`/v2/maps/${map.id}`, fields), { as: user }), 404, 'SEARCH_NOT_FOUND');
    expectError(await call(app, 'GET', tileUrl(`/v2/maps/${map.id}`, tileAt(NICE, 9), fields), { as: user }), 404, 'SEARCH_NOT_FOUND');
  });
});

describe('heatmaps of indicators reading businesses and own data', () => {
  const token = {
    op: (value: '+' | '-' | '*' | '/') => ({ type: 'operator', value }) as const,
    num: (value: number) => ({ type: 'value', value }) as const,
    census: (key: string) => ({ type: 'measure', measure: { source: 'census', key } }) as const,
    poi: (searchId: number) => ({ type: 'measure', measure: { source: 'poi', searchId: String(searchId) } }) as const,
    sum: (datasetId: number, column: string) => ({ type: 'measure', measure: { source: 'client_dataset', datasetId: String(datasetId), method: 'sum', column } }) as const,
  };
  const communes = () => JSON.parse(readFileSync(COMMUNES_06, 'utf8')) as { features: { properties: { code: string }; geometry: PolygonGeometry }[] };

  /** Shops on the Riviera between Nice and Menton, some in the sea; a revenue written as files write it (decimal commas, spaces, a word). */
  const SHOPS = Array.from({ length: 48 }, (_, i) => {
    const revenue = i === 7 ? 'n/a' : i % 3 === 0 ? `${1000 + i * 137},5` : i % 5 === 0 ? `1 ${String(100 + i).padStart(3, '0')}` : String(900 + i * 25.25);
    return { lng: 7.25 + (i % 8) * 0.035, lat: 43.69 + Math.floor(i / 8) * 0.015, revenue };
  });

  async function shops(user: TestUser, rows: typeof SHOPS): Promise<number> {
    const datasets = new DatasetsRepository(ctx.database.db);
    const placed = rows.map((row, i) => ({ rowNumber: i + 1, cells: [`Shop ${i}`, row.revenue], position: { lng: row.lng, lat: row.lat }, precision: 'coordinates' as const }));
    const dataset = await datasets.create({ clientId: user.id, name: 'Shops', color: '#e6194b', source: 'file', columns: ['name', 'revenue'], operationColumn: 'revenue', rowCount: rows.length });
    await datasets.insertRows(dataset.id, placed);
    await datasets.finish(dataset.id, { pointCount: rows.length, notGeocodedCount: 0, precisions: { coordinates: rows.length }, columnCounts: new ColumnCounter(2).add(placed).result() });
    return dataset.id;
  }

  /** Each commune's revenue from the sample's boundaries: the shops inside, their numbers added up. */
  function revenueByCommune(rows: typeof SHOPS): Map<string, number> {
    return new Map(communes().features.map(({ properties, geometry }) => {
      const area = preparePointArea(geometry);
      const inside = rows.filter((row) => containsPoint(area, row.lng, row.lat));
      return [properties.code, inside.reduce((sum, row) => sum + (parseDecimal(row.revenue) ?? 0), 0)];
    }));
  }

  /** Areas made of exactly these units (their boundaries from the sample's file) on the map; metrics/compute's values there, by unit code then indicator. */
  async function computedIn(user: TestUser, mapId: number, geometries: Map<string, PolygonGeometry>, codes: string[]) {
    const areas = codes.map((code) => ({ uuid: randomUUID(), isoMode: 'polygon', geometry: geometries.get(code)!, label: code }));
    const folderId = await createFolder(app, user, mapId);
    await expectStatus(201, postAreas(app, user, mapId, folderId, areas));
    return async () => new Map((await expectStatus<ComputeMetricsResponse>(200, call(app, 'POST', `/v2/maps/${mapId}/metrics/compute`, {
      as: user, payload: { areaIds: areas.map((area) => area.uuid), country: 'fr' },
    }))).areas.map((area, i) => [codes[i]!, new Map(area.metrics.map((item) => [item.metricId, item.value]))]));
  }

  /** The values of a tile's units of the sample's département, by code. */
  const tileValues = async (user: TestUser, base: string, address: { z: number; x: number; y: number }, fields: Record<string, string>) =>
    new Map(heatmapFeatures(await call(app, 'GET', tileUrl(base, address, fields), { as: user })).map((feature) => [feature.code, feature.value]));

  it('give each commune its businesses and its shops\' revenue, as metrics/compute gives them for an area of exactly that commune; per km²; drawn anew when the search or the rows change', async () => {
    const user = await signUpOnPlan(app, 'advanced_2024');
    const map = await createMap(app, user);
    const base = `/v2/maps/${map.id}`;
    // Every business of the Monaco extract: two lie in the French communes around the principality.
    const search = await expectStatus<{ id: number; version: number }>(201, call(app, 'POST', `${base}/searches`, { as: user, payload: { datasetName: 'mc_osm_poi' } }));
    const datasetId = await shops(user, SHOPS);
    await expectStatus(201, call(app, 'POST', `${base}/datasets/bulk`, { as: user, payload: { datasets: [{ datasetId }] } }));
    const businesses = await metricOf(user, map.id, 'Businesses', [token.poi(search.id)]);
    const perThousand = await metricOf(user, map.id, 'Businesses per 1,000 inhabitants', [token.poi(search.id), token.op('*'), token.num(1000), token.op('/'), token.census('population')]);
    const revenue = await metricOf(user, map.id, 'Revenue', [token.sum(datasetId, 'revenue')]);
    const fields = (metricId: string, densityMode = 'raw') => ({ country: 'fr', metricId, adminDivision: 'fr_cities', densityMode });
    // Zoom 9: from Nice to Menton.
    const address = tileAt(NICE, 9);
    const values = async (metricId: string, densityMode = 'raw') =>
      new Map([...await tileValues(user, base, address, fields(metricId, densityMode))].filter(([code]) => code.startsWith('06')));

    // The revenue: what the sample's boundaries hold, 0 where no shop is.
    const expectedRevenue = revenueByCommune(SHOPS);
    const revenues = await values(revenue);
    expect(revenues.size).toBeGreaterThan(50);
    for (const [code, value] of revenues) expect(value, code).toBeCloseTo(expectedRevenue.get(code)!, 6);
    const withShops = [...revenues].filter(([, value]) => value! > 0).map(([code]) => code);
    expect(withShops.length).toBeGreaterThan(3);

    // The businesses: metrics/compute for areas made of exactly the communes that have some or shops, and two that have none.
    const counts = await values(businesses);
    expect([...counts].filter(([, value]) => value! > 0).map(([code]) => code).sort()).toEqual(['06032', '06104']);
    const empty = [...counts].filter(([code, value]) => value === 0 && revenues.get(code) === 0).slice(0, 2).map(([code]) => code);
    expect(empty).toHaveLength(2);
    const codes = [...new Set(['06032', '06104', ...withShops, ...empty])];
    const compute = await computedIn(user, map.id, new Map(communes().features.map((feature) => [feature.properties.code, feature.geometry])), codes);
    const computed = await compute();
    const ratios = await values(perThousand);
    const populations = csvColumn(POPULATION_06, 'code_insee', 'population');
    for (const code of codes) {
      const inArea = computed.get(code)!;
      expect(counts.get(code), code).toBe(inArea.get(businesses));
      expect(revenues.get(code), code).toBe(inArea.get(revenue));
      expect(ratios.get(code), code).toBeCloseTo(inArea.get(businesses)! * 1000 / populations.get(code)!, 9);
      // The area's census is the commune's (an area of exactly one commune), to the rounding of its shares.
      const fromArea = inArea.get(perThousand)!;
      expect(Math.abs(ratios.get(code)! - fromArea), code).toBeLessThanOrEqual(fromArea * 1e-3);
    }
    const legend = await expectStatus<HeatmapLegend>(200, call(app, 'GET', legendUrl(base, fields(perThousand)), { as: user }));
    expectWellFormed(legend, 5);
    // Every commune with a surface and a population has a value (0 without businesses); the demo's points have none.
    const surfaces = surfacesKm2(COMMUNES_06, 'code');
    expect(legend.count).toBe([...surfaces.keys()].filter((code) => populations.has(code)).length);
    expect(legend.min).toBe(0);
    expect(legend.max).toBeCloseTo(Math.max(ratios.get('06032')!, ratios.get('06104')!), 9);

    // Per km²: each commune's revenue divided by its surface.
    const densities = await values(revenue, 'density');
    for (const code of withShops) expect(Math.abs(densities.get(code)! / (revenues.get(code)! / surfaces.get(code)!) - 1)).toBeLessThan(0.01);

    // The search now looks for restaurants, none of which is in France: new values under a new version, not the stored ones.
    await expectStatus(200, call(app, 'PATCH', `${base}/searches/${search.id}`, { as: user, payload: { version: search.version, datasetName: 'mc_osm_poi', categories: ['amenity=restaurant'] } }));
    const restaurantsLegend = await expectStatus<HeatmapLegend>(200, call(app, 'GET', legendUrl(base, fields(perThousand)), { as: user }));
    expect(restaurantsLegend.version).not.toBe(legend.version);
    expect(restaurantsLegend.max).toBe(0);
    const restaurants = await values(businesses);
    const recomputed = await compute();
    for (const code of codes) expect(restaurants.get(code), code).toBe(recomputed.get(code)!.get(businesses));
    expect(restaurants.get('06032')).toBe(0);

    // A shop added to the dataset: its commune's revenue grows at once.
    const revenueLegend = await expectStatus<HeatmapLegend>(200, call(app, 'GET', legendUrl(base, fields(revenue)), { as: user }));
    await new DatasetsRepository(ctx.database.db).appendPlaced(datasetId, [{ cells: ['Shop 48', '2500'], position: { lng: NICE[0], lat: NICE[1] } }]);
    expect((await expectStatus<HeatmapLegend>(200, call(app, 'GET', legendUrl(base, fields(revenue)), { as: user }))).version).not.toBe(revenueLegend.version);
    expect((await values(revenue)).get('06088')).toBeCloseTo(revenues.get('06088')! + 2500, 6);
  });

  describe('with establishments placed by their IRIS', () => {
    // The sample's restaurants and bars only: the whole file (82,000 establishments) takes minutes to import into PGlite.
    const [header, ...lines] = readFileSync(path.resolve(import.meta.dirname, '../../../test-data/poi/sirene-etablissements-67-bas-rhin-by-iris.csv'), 'utf8').trim().split('\n');
    const [irisColumn, nafColumn] = [header!.split(',').indexOf('CODE_IRIS'), header!.split(',').indexOf('APET700')];
    const establishments = lines.map((line) => line.split(',')).filter((cells) => cells[nafColumn] === '5610A' || cells[nafColumn] === '5630Z');
    const directory = mkdtempSync(path.join(tmpdir(), 'heatmaps-sirene-'));
    const sample = path.join(directory, 'sirene-67-restaurants-bars-by-iris.csv');
    // The worker's database is shared with the files that follow: what is imported here goes again.
    let imported: string[] = [];
    beforeAll(async () => {
      writeFileSync(sample, [header, ...establishments.map((cells) => cells.join(','))].join('\n'));
      imported = (await importSireneTestFiles(ctx, [sample])).map((result) => result.loaded.id);
    }, 300_000);
    afterAll(async () => {
      for (const id of imported) await removePoiDataset(ctx.database.db, id);
      rmSync(directory, { recursive: true, force: true });
    });

    it('give each IRIS its restaurants per 1,000 inhabitants: the file\'s restaurants of the IRIS, as metrics/compute counts them in an area of exactly that IRIS', async () => {
      const user = await signUpOnPlan(app, 'advanced_2024');
      const map = await createMap(app, user);
      const base = `/v2/maps/${map.id}`;
      const search = await expectStatus<{ id: number }>(201, call(app, 'POST', `${base}/searches`, { as: user, payload: { datasetName: 'fr_institutions', nafCodes: ['56.10A'] } }));
      const restaurants = await metricOf(user, map.id, 'Restaurants', [token.poi(search.id)]);
      const perThousand = await metricOf(user, map.id, 'Restaurants per 1,000 inhabitants', [token.poi(search.id), token.op('*'), token.num(1000), token.op('/'), token.census('population')]);
      const fields = (metricId: string) => ({ country: 'fr', metricId, adminDivision: 'fr_iris', densityMode: 'raw' });
      const address = tileAt(STRASBOURG, 12);
      const counts = await tileValues(user, base, address, fields(restaurants));
      const ratios = await tileValues(user, base, address, fields(perThousand));

      // The restaurants of each IRIS in the file (NAF 56.10A), 0 for an IRIS without any.
      const inFile = new Map<string, number>();
      for (const cells of establishments) if (cells[nafColumn] === '5610A') inFile.set(cells[irisColumn]!, (inFile.get(cells[irisColumn]!) ?? 0) + 1);
      const population = csvColumn(POPULATION_IRIS_67, 'IRIS', 'P16_POP');
      expect(counts.size).toBeGreaterThan(20);
      for (const [code, value] of counts) expect(value, code).toBe(inFile.get(code) ?? 0);
      expect([...counts.values()].reduce((sum, value) => sum! + value!, 0)).toBeGreaterThan(100);
      for (const [code, value] of ratios) {
        if (population.has(code) && population.get(code)! > 0) expect(value, code).toBeCloseTo((inFile.get(code) ?? 0) * 1000 / population.get(code)!, 9);
        else expect(value, code).toBeUndefined();
      }

      // metrics/compute in areas made of exactly the three IRIS with the most restaurants, and one with none.
      const busiest = [...counts].sort(([, a], [, b]) => b! - a!).slice(0, 3).map(([code]) => code);
      const codes = [...busiest, [...counts].find(([, value]) => value === 0)![0]];
      const geometries = new Map((JSON.parse(readFileSync(IRIS_67, 'utf8')) as { features: { properties: { DCOMIRIS: string }; geometry: PolygonGeometry }[] }).features
        .map((feature) => [feature.properties.DCOMIRIS, feature.geometry]));
      const computed = await (await computedIn(user, map.id, geometries, codes))();
      for (const code of codes) expect(counts.get(code), code).toBe(computed.get(code)!.get(restaurants));
    });
  });
});

describe('a heatmap that takes longer than its time limit', () => {
  it('ends with the heatmap timeout message, legend and tile, and stores nothing', async () => {
    const hurried = await buildServer({ ...ctx, config: { ...ctx.config, heatmapTimeoutSeconds: 0.001 } }, { rateLimits: false });
    try {
      // Values nobody asked for before: nothing stored to answer from.
      const fields = { country: 'fr', measure: 'population', adminDivision: 'fr_cities', densityMode: 'density', classification: 'jenks', classes: 8 };
      const address = tileAt(NICE, 13);
      const english = 'The heatmap took too long to build: please try again in a moment, or choose a coarser administrative level';
      const response = await hurried.inject({ method: 'GET', url: `/api${legendUrl(PUBLIC, fields)}` });
      expectError(response, 503, 'HEATMAP_TIMEOUT', english);
      expect(response.headers['retry-after']).toBe('10');
      const tile = await hurried.inject({ method: 'GET', url: `/api${tileUrl(PUBLIC, address, fields)}`, headers: { 'accept-language': 'fr' } });
      expectError(tile, 503, 'HEATMAP_TIMEOUT', 'La carte de chaleur a pris trop de temps à construire : réessayez dans un instant, ou choisissez un niveau administratif moins fin');
      const version = String(await ctx.territories.data.units.dataVersion());
      const stored = await sql<{ legends: number; tiles: number }>`
        SELECT (SELECT count(*) FROM heatmap_legends WHERE key = 'census:population:fr_cities:fr:density:jenks:8' AND data_version = ${version})::int AS legends,
          (SELECT count(*) FROM heatmap_tiles WHERE values_key = 'census:population:fr_cities:fr:density' AND data_version = ${version}
            AND z = ${address.z} AND x = ${address.x} AND y = ${address.y})::int AS tiles`.execute(ctx.database.db);
      expect(stored.rows[0]).toEqual({ legends: 0, tiles: 0 });
      // With its time, the same legend is built.
      expectWellFormed(await expectStatus<HeatmapLegend>(200, call(app, 'GET', legendUrl(PUBLIC, fields))), 8);
    } finally {
      await hurried.close();
    }
  });
});
