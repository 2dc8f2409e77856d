/**
 * A map's indicators (SPEC §3 Metric, §5 the formula rule, §6 gates, §7 metrics, §8 the two formula
 * messages): created with the contract's tokens, refused when the formula does not parse or reads
 * what the map does not have (in English and French, nothing changed), cycles, the limit, the plans,
 * who may read and write, the order, deletion of an indicator others read; and values equal to the
 * figures the app shows elsewhere: the census of measures/compute around Nice, the business count of
 * a search on the real Monaco POIs, a dataset's sum, their ratio, nothing for a division by zero.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type ComputeMeasuresResponse, type ComputeMetricsResponse, type DatasetAggregation, type FormulaToken, type MetricList, type MetricView, type MetricWidgets, type PolygonGeometry } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { MapStore } from '../src/maps/map-store.js';
import { reportDocumentsOf } from '../src/reports/reports.routes.js';
import { ColumnCounter } from '../src/datasets/column-counts.js';
import { DatasetsRepository } from '../src/datasets/datasets.repository.js';
import type { RoomEvent } from '../src/events/event-bus.js';
import { NICE } from './analysis-factories.js';
import { importOsmPoiFile, signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { addMember, call, circleArea, createFolder, createMap, expectError, expectStatus, postAreas, square } from './maps-factories.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../test-data');

let ctx: AppContext;
let app: FastifyInstance;
let advanced: TestUser;
const events: RoomEvent[] = [];
let unsubscribe: () => void = () => {};
beforeAll(async () => {
  ({ ctx, app } = await testApp());
  await importOsmPoiFile(ctx, path.join(TEST_DATA, 'osm/monaco.osm.pbf'));
  advanced = await signUpOnPlan(app, 'advanced_2024');
  unsubscribe = ctx.events.subscribe((event) => events.push(event));
// The worker's first test file waits for the demo data to load into a fresh database, and the POIs' import.
}, 900_000);
afterAll(() => unsubscribe());

const census = (key: string): FormulaToken => ({ type: 'measure', measure: { source: 'census', key } });
const op = (value: '+' | '-' | '*' | '/' | '(' | ')'): FormulaToken => ({ type: 'operator', value });
const num = (value: number): FormulaToken => ({ type: 'value', value });
const poi = (searchId: number | string): FormulaToken => ({ type: 'measure', measure: { source: 'poi', searchId: String(searchId) } });
const metric = (metricId: string): FormulaToken => ({ type: 'measure', measure: { source: 'metric', metricId } });
const POPULATION = census('population');

const createMetric = (user: TestUser | undefined, mapId: number, payload: unknown, lang: 'en' | 'fr' = 'en') =>
  call(app, 'POST', `/v2/maps/${mapId}/metrics`, { ...(user ? { as: user } : {}), payload, lang });
const created = async (user: TestUser, mapId: number, name: string, formula: FormulaToken[], symbol?: string) =>
  expectStatus<MetricView>(201, createMetric(user, mapId, { name, formula, ...(symbol ? { symbol } : {}) }));
const listOf = async (user: TestUser | undefined, mapId: number) =>
  (await expectStatus<MetricList>(200, call(app, 'GET', `/v2/maps/${mapId}/metrics`, { ...(user ? { as: user } : {}) }))).metrics;
const computeMetrics = (user: TestUser | undefined, mapId: number, payload: unknown) =>
  call(app, 'POST', `/v2/maps/${mapId}/metrics/compute`, { ...(user ? { as: user } : {}), payload });

/** A map with areas; `areas` as the bulk call takes them. */
async function mapWith(user: TestUser, areas: Record<string, unknown>[]) {
  const map = await createMap(app, user);
  const folderId = await createFolder(app, user, map.id);
  if (areas.length > 0) await expectStatus(201, postAreas(app, user, map.id, folderId, areas));
  return { mapId: map.id, areaIds: areas.map((area) => area.uuid as string) };
}

/** Monte-Carlo and Beausoleil: restaurants of the Monaco extract, and the French census of Beausoleil. */
const MONACO: PolygonGeometry = { type: 'Polygon', coordinates: [[[7.41, 43.735], [7.45, 43.735], [7.45, 43.775], [7.41, 43.775], [7.41, 43.735]]] };
const restaurants = { datasetName: 'mc_osm_poi', categories: ['amenity=restaurant'] };

describe('saving an indicator', () => {
  it('creates one with the contract’s tokens (📊 without a symbol), lists, reads and changes it, and tells the map’s viewers', async () => {
    const { mapId } = await mapWith(advanced, [circleArea({ startPoint: NICE, distance: 3_000 })]);
    const before = events.length;
    const made = await expectStatus<MetricView>(201, createMetric(advanced, mapId, { name: 'Population', formula: [POPULATION] }));
    expect(made).toMatchObject({ name: 'Population', symbol: '📊', formula: [POPULATION], position: 0 });
    expect(made.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await listOf(advanced, mapId)).toEqual([made]);
    expect(await expectStatus<MetricView>(200, call(app, 'GET', `/v2/maps/${mapId}/metrics/${made.id}`, { as: advanced }))).toEqual(made);

    const renamed = await expectStatus<MetricView>(200, call(app, 'PATCH', `/v2/maps/${mapId}/metrics/${made.id}`, { as: advanced, payload: { name: 'Residents', symbol: '👥' } }));
    expect(renamed).toMatchObject({ id: made.id, name: 'Residents', symbol: '👥', formula: [POPULATION] });
    const thousands = [POPULATION, op('/'), num(1000)];
    expect(await expectStatus<MetricView>(200, call(app, 'PATCH', `/v2/maps/${mapId}/metrics/${made.id}`, { as: advanced, payload: { formula: thousands } })))
      .toMatchObject({ name: 'Residents', formula: thousands });
    // Every write moved the map's list of indicators on, and said so to the map's room.
    await expect.poll(() => events.slice(before).map((event) => event.data as { mapId?: number; metricsVersion?: number })
      .filter((data) => data.mapId === mapId && data.metricsVersion !== undefined).map((data) => data.metricsVersion))
      .toEqual([2, 3, 4]);
    // Nothing to change: refused.
    expect((await call(app, 'PATCH', `/v2/maps/${mapId}/metrics/${made.id}`, { as: advanced, payload: {} })).statusCode).toBe(400);
  });

  it('refuses a formula that does not parse, with the message of SPEC §8 in French and English, and changes nothing', async () => {
    const { mapId } = await mapWith(advanced, [circleArea({ startPoint: NICE, distance: 3_000 })]);
    const kept = await created(advanced, mapId, 'Kept', [POPULATION]);
    const incorrect: unknown[] = [
      [POPULATION, op('+')], [op('+')], [op('('), POPULATION], [POPULATION, POPULATION], [POPULATION, op(')')], [op('('), op(')')],
      // Malformed tokens, refused by the schema, say the same.
      [], 'population', [{ type: 'operator', value: '%' }], [{ type: 'value', value: '3' }], [{ type: 'bogus' }], [{ type: 'measure' }],
      [{ type: 'measure', measure: { source: 'census' } }], [{ type: 'measure', measure: { source: 'weather', key: 'rain' } }],
      [{ type: 'measure', measure: { source: 'poi', searchId: '' } }], [{ type: 'measure', measure: { source: 'client_dataset', datasetId: '1', method: 'sum' } }],
      [{ type: 'measure', measure: { source: 'client_dataset', datasetId: '1', method: 'median', column: 'x' } }],
    ];
    for (const formula of incorrect) {
      const fr = await createMetric(advanced, mapId, { name: 'Bad', formula }, 'fr');
      expect(fr.statusCode, JSON.stringify(formula)).toBe(400);
      expect(fr.json().error.message, JSON.stringify(formula)).toBe('Erreur: la formule est incorrecte');
      expect((await createMetric(advanced, mapId, { name: 'Bad', formula }, 'en')).json().error.message).toBe('Error: the formula is incorrect');
      const patched = await call(app, 'PATCH', `/v2/maps/${mapId}/metrics/${kept.id}`, { as: advanced, payload: { formula }, lang: 'fr' });
      expect(patched.json().error.message, JSON.stringify(formula)).toBe('Erreur: la formule est incorrecte');
    }
    const parseError = expectError(await createMetric(advanced, mapId, { name: 'Bad', formula: [POPULATION, op('+')] }, 'fr'), 400, 'FORMULA_INCORRECT', 'Erreur: la formule est incorrecte');
    expect(parseError.details).toEqual({ at: 2 });
    // Too long has its own message.
    expectError(await createMetric(advanced, mapId, { name: 'Long', formula: Array.from({ length: 101 }, () => num(1)) }), 400, 'VALIDATION_ERROR', 'The formula is too long: at most 100 elements');
    expect(await listOf(advanced, mapId)).toEqual([kept]);
  });

  it('refuses a formula reading a measure the map does not have (census key, search, dataset, column, indicator), and changes nothing', async () => {
    const { mapId } = await mapWith(advanced, [circleArea({ startPoint: NICE, distance: 3_000 })]);
    const other = await mapWith(advanced, [circleArea({ startPoint: NICE, distance: 3_000 })]);
    const foreignSearch = await expectStatus<{ id: number }>(201, call(app, 'POST', `/v2/maps/${other.mapId}/searches`, { as: advanced, payload: restaurants }));
    const foreignMetric = await created(advanced, other.mapId, 'Elsewhere', [POPULATION]);
    const datasetId = await niceShops(advanced);
    await expectStatus(201, call(app, 'POST', `/v2/maps/${mapId}/datasets/bulk`, { as: advanced, payload: { datasets: [{ datasetId }] } }));
    const kept = await created(advanced, mapId, 'Kept', [POPULATION]);
    const unknown: FormulaToken[][] = [
      [census('rainfall')],
      [poi(foreignSearch.id)], [poi('999999999')], [poi('not-an-id')],
      [{ type: 'measure', measure: { source: 'client_dataset', datasetId: String(datasetId + 1000), method: 'count' } }],
      // A sum of a column the dataset has not, or of one that holds no numbers.
      [{ type: 'measure', measure: { source: 'client_dataset', datasetId: String(datasetId), method: 'sum', column: 'turnover' } }],
      [{ type: 'measure', measure: { source: 'client_dataset', datasetId: String(datasetId), method: 'average', column: 'name' } }],
      [metric(foreignMetric.id)], [metric(randomUUID())],
      [POPULATION, op('/'), census('rainfall')],
    ];
    for (const formula of unknown) {
      const fr = await createMetric(advanced, mapId, { name: 'Unknown', formula }, 'fr');
      expectError(fr, 400, 'FORMULA_UNKNOWN_MEASURES', 'Erreur: une ou plusieurs données sont inconnues');
      expectError(await createMetric(advanced, mapId, { name: 'Unknown', formula }, 'en'), 400, 'FORMULA_UNKNOWN_MEASURES', 'Error: one or more data are unknown');
      expectError(await call(app, 'PATCH', `/v2/maps/${mapId}/metrics/${kept.id}`, { as: advanced, payload: { formula }, lang: 'fr' }), 400, 'FORMULA_UNKNOWN_MEASURES', 'Erreur: une ou plusieurs données sont inconnues');
    }
    expect(await listOf(advanced, mapId)).toEqual([kept]);
    // The same measures of this map's own are known.
    const count = { type: 'measure', measure: { source: 'client_dataset', datasetId: String(datasetId), method: 'count' } } as const;
    const sum = { type: 'measure', measure: { source: 'client_dataset', datasetId: String(datasetId), method: 'sum', column: 'revenue' } } as const;
    await created(advanced, mapId, 'Revenue per shop', [sum, op('/'), count]);
  });

  it('refuses an indicator reading itself, directly or through others (METRIC_CYCLE), and changes nothing', async () => {
    const { mapId } = await mapWith(advanced, [circleArea({ startPoint: NICE, distance: 3_000 })]);
    const a = await created(advanced, mapId, 'A', [POPULATION]);
    const b = await created(advanced, mapId, 'B', [metric(a.id), op('*'), num(2)]);
    const c = await created(advanced, mapId, 'C', [metric(b.id), op('+'), num(1)]);
    for (const formula of [[metric(c.id), op('-'), num(1)], [metric(a.id)], [POPULATION, op('/'), metric(b.id)]]) {
      expectError(await call(app, 'PATCH', `/v2/maps/${mapId}/metrics/${a.id}`, { as: advanced, payload: { formula }, lang: 'fr' }), 400, 'METRIC_CYCLE',
        "Un indicateur ne peut pas s'utiliser lui-même, même au travers d'autres indicateurs");
    }
    expect((await listOf(advanced, mapId)).map((item) => item.formula)).toEqual([a.formula, b.formula, c.formula]);
  });

  it(`holds at most ${50} indicators per map`, async () => {
    const { mapId } = await mapWith(advanced, []);
    for (let i = 0; i < 50; i += 1) await created(advanced, mapId, `Indicator ${i}`, [POPULATION, op('*'), num(i)]);
    expectError(await createMetric(advanced, mapId, { name: 'One more', formula: [POPULATION] }, 'fr'), 422, 'METRIC_LIMIT_REACHED', 'Une carte contient au plus 50 indicateurs');
    expect(await listOf(advanced, mapId)).toHaveLength(50);
  });

  it('refuses a name, a symbol or an id out of bounds, and answers 404 for an indicator the map does not have', async () => {
    const { mapId } = await mapWith(advanced, []);
    expect((await createMetric(advanced, mapId, { name: '', formula: [POPULATION] })).statusCode).toBe(400);
    expect((await createMetric(advanced, mapId, { name: 'x'.repeat(101), formula: [POPULATION] })).statusCode).toBe(400);
    expect((await createMetric(advanced, mapId, { name: 'Sym', symbol: 'x'.repeat(17), formula: [POPULATION] })).statusCode).toBe(400);
    expect((await createMetric(advanced, mapId, { formula: [POPULATION] })).statusCode).toBe(400);
    expect((await call(app, 'GET', `/v2/maps/${mapId}/metrics/not-a-uuid`, { as: advanced })).statusCode).toBe(400);
    expectError(await call(app, 'GET', `/v2/maps/${mapId}/metrics/${randomUUID()}`, { as: advanced }), 404, 'METRIC_NOT_FOUND');
    expectError(await call(app, 'PATCH', `/v2/maps/${mapId}/metrics/${randomUUID()}`, { as: advanced, payload: { name: 'x' } }), 404, 'METRIC_NOT_FOUND');
    expect(await listOf(advanced, mapId)).toEqual([]);
  });
});

describe('plans and access', () => {
  it('gives indicators from PRO, formulas of several measures or of indicators from ADVANCED', async () => {
    const free = await signUp(app);
    const freeMap = await mapWith(free, [circleArea({ startPoint: NICE, distance: 3_000 })]);
    const refused = expectError(await createMetric(free, freeMap.mapId, { name: 'P', formula: [POPULATION] }), 403, 'PLAN_REQUIRED');
    expect(refused.details).toMatchObject({ feature: 'metrics', plan: 'pro_2020' });

    const pro = await signUpOnPlan(app, 'pro_2020');
    const { mapId, areaIds } = await mapWith(pro, [circleArea({ startPoint: NICE, distance: 3_000 })]);
    const perThousand = await created(pro, mapId, 'Thousands', [POPULATION, op('/'), num(1000)]);
    await created(pro, mapId, 'Same measure twice', [POPULATION, op('/'), POPULATION]);
    const ratio = expectError(await createMetric(pro, mapId, { name: 'Young share', formula: [census('population_0014'), op('/'), POPULATION] }), 403, 'PLAN_REQUIRED');
    expect(ratio.details).toMatchObject({ feature: 'metrics:formula', plan: 'advanced_2024' });
    expectError(await createMetric(pro, mapId, { name: 'Double', formula: [metric(perThousand.id), op('*'), num(2)] }), 403, 'PLAN_REQUIRED');
    expectError(await call(app, 'PATCH', `/v2/maps/${mapId}/metrics/${perThousand.id}`, { as: pro, payload: { formula: [census('population_0014'), op('/'), POPULATION] } }), 403, 'PLAN_REQUIRED');
    expect(await listOf(pro, mapId)).toHaveLength(2);
    expect((await expectStatus<ComputeMetricsResponse>(200, computeMetrics(pro, mapId, { areaIds }))).areas[0]!.metrics).toHaveLength(2);

    // The same on ADVANCED.
    const { mapId: advancedMap } = await mapWith(advanced, []);
    const base = await created(advanced, advancedMap, 'Base', [POPULATION]);
    await created(advanced, advancedMap, 'Young share', [census('population_0014'), op('/'), POPULATION]);
    await created(advanced, advancedMap, 'Double', [metric(base.id), op('*'), num(2)]);
  });

  it('lets the map’s readers read the indicators and its editors write them; a stranger’s private map is a 404; values need PRO', async () => {
    const { mapId, areaIds } = await mapWith(advanced, [circleArea({ startPoint: NICE, distance: 3_000 })]);
    const made = await created(advanced, mapId, 'Population', [POPULATION]);
    const stranger = await signUpOnPlan(app, 'advanced_2024');
    expectError(await call(app, 'GET', `/v2/maps/${mapId}/metrics`, { as: stranger }), 404, 'MAP_NOT_FOUND');
    expectError(await call(app, 'GET', `/v2/maps/${mapId}/metrics/${made.id}`, { as: stranger }), 404, 'MAP_NOT_FOUND');
    expectError(await createMetric(stranger, mapId, { name: 'Mine', formula: [POPULATION] }), 404, 'MAP_NOT_FOUND');
    expectError(await call(app, 'PATCH', `/v2/maps/${mapId}/metrics/${made.id}`, { as: stranger, payload: { name: 'Mine' } }), 404, 'MAP_NOT_FOUND');
    expectError(await call(app, 'DELETE', `/v2/maps/${mapId}/metrics/${made.id}`, { as: stranger }), 404, 'MAP_NOT_FOUND');
    expectError(await computeMetrics(stranger, mapId, { areaIds }), 404, 'MAP_NOT_FOUND');
    expectError(await call(app, 'GET', `/v2/maps/${mapId}/widgets/metrics?country=fr`, { as: stranger }), 404, 'MAP_NOT_FOUND');
    expect((await createMetric(undefined, mapId, { name: 'Anonymous', formula: [POPULATION] })).statusCode).toBe(401);

    // A member on the free plan reads the list, may not compute values nor write (the plan).
    const member = await signUp(app);
    await addMember(ctx, mapId, member);
    expect(await listOf(member, mapId)).toEqual([made]);
    expectError(await computeMetrics(member, mapId, { areaIds }), 403, 'PLAN_REQUIRED');
    expectError(await createMetric(member, mapId, { name: 'Mine', formula: [POPULATION] }), 403, 'PLAN_REQUIRED');
    // A PRO member writes.
    const proMember = await signUpOnPlan(app, 'pro_2020');
    await addMember(ctx, mapId, proMember);
    await created(proMember, mapId, 'Members’', [POPULATION, op('*'), num(2)]);
    expect(await listOf(advanced, mapId)).toHaveLength(2);
  });
});

describe('the list of indicators', () => {
  it('moves an indicator before or after another', async () => {
    const { mapId } = await mapWith(advanced, []);
    const [a, b, c] = [await created(advanced, mapId, 'A', [POPULATION]), await created(advanced, mapId, 'B', [POPULATION]), await created(advanced, mapId, 'C', [POPULATION])];
    const order = (id: string, payload: unknown) => call(app, 'PUT', `/v2/maps/${mapId}/metrics/${id}/order`, { as: advanced, payload });
    const moved = await expectStatus<MetricList>(200, order(c!.id, { referenceMetricUuid: a!.id, before: true }));
    expect(moved.metrics.map((item) => [item.name, item.position])).toEqual([['C', 0], ['A', 1], ['B', 2]]);
    await expectStatus(200, order(c!.id, { referenceMetricUuid: b!.id, before: false }));
    expect((await listOf(advanced, mapId)).map((item) => item.name)).toEqual(['A', 'B', 'C']);
    expectError(await order(a!.id, { referenceMetricUuid: randomUUID(), before: true }), 404, 'METRIC_NOT_FOUND');
    expect((await order(a!.id, { referenceMetricUuid: 'nope', before: true })).statusCode).toBe(400);
    expect((await listOf(advanced, mapId)).map((item) => item.name)).toEqual(['A', 'B', 'C']);
  });

  it('deletes an indicator no other one reads (409 naming those that do)', async () => {
    const { mapId } = await mapWith(advanced, []);
    const a = await created(advanced, mapId, 'Residents', [POPULATION]);
    const b = await created(advanced, mapId, 'Twice the residents', [metric(a.id), op('*'), num(2)]);
    const inUse = expectError(await call(app, 'DELETE', `/v2/maps/${mapId}/metrics/${a.id}`, { as: advanced, lang: 'fr' }), 409, 'METRIC_IN_USE',
      "D'autres indicateurs utilisent celui-ci (Twice the residents) : modifiez-les ou supprimez-les d'abord");
    expect(inUse.details).toMatchObject({ metricIds: [b.id] });
    expect(await listOf(advanced, mapId)).toHaveLength(2);
    await expectStatus(204, call(app, 'DELETE', `/v2/maps/${mapId}/metrics/${b.id}`, { as: advanced }));
    await expectStatus(204, call(app, 'DELETE', `/v2/maps/${mapId}/metrics/${a.id}`, { as: advanced }));
    expectError(await call(app, 'DELETE', `/v2/maps/${mapId}/metrics/${a.id}`, { as: advanced }), 404, 'METRIC_NOT_FOUND');
    expect(await listOf(advanced, mapId)).toEqual([]);
  });
});

/** A dataset of the user's near Nice, as the import makes one: shops with a name and a revenue (numbers). */
async function niceShops(user: TestUser): Promise<number> {
  const columns = ['name', 'revenue'];
  const rows = Array.from({ length: 12 }, (_, i) => ({
    rowNumber: i + 1, cells: [`Shop ${i}`, String(1000 + i * 250)], position: { lng: NICE[0] + (i - 6) * 0.003, lat: NICE[1] + (i % 3) * 0.002 }, precision: 'coordinates' as const,
  }));
  const datasets = new DatasetsRepository(ctx.database.db);
  const dataset = await datasets.create({ clientId: user.id, name: 'Shops', color: '#e6194b', source: 'file', columns, operationColumn: 'revenue', rowCount: rows.length });
  await datasets.insertRows(dataset.id, rows);
  await datasets.finish(dataset.id, { pointCount: rows.length, notGeocodedCount: 0, precisions: { coordinates: rows.length }, columnCounts: new ColumnCounter(columns.length).add(rows).result() });
  return dataset.id;
}

describe('values of indicators in areas', () => {
  it('equal the census figures of measures/compute, the search’s business count and the dataset’s sum; their ratio; nothing for a division by zero', async () => {
    const nice = circleArea({ startPoint: NICE, distance: 2_000, label: 'Nice 2 km' });
    const monaco = { uuid: randomUUID(), isoMode: 'polygon', geometry: MONACO, label: 'Monaco' };
    const { mapId, areaIds } = await mapWith(advanced, [nice, monaco]);
    const search = await expectStatus<{ id: number }>(201, call(app, 'POST', `/v2/maps/${mapId}/searches`, { as: advanced, payload: restaurants }));
    const datasetId = await niceShops(advanced);
    await expectStatus(201, call(app, 'POST', `/v2/maps/${mapId}/datasets/bulk`, { as: advanced, payload: { datasets: [{ datasetId }] } }));
    const revenue = { type: 'measure', measure: { source: 'client_dataset', datasetId: String(datasetId), method: 'sum', column: 'revenue' } } as const;

    const population = await created(advanced, mapId, 'Population', [POPULATION]);
    const elderly = await created(advanced, mapId, 'Elderly share', [census('population_75p'), op('/'), POPULATION, op('*'), num(100)]);
    const count = await created(advanced, mapId, 'Restaurants', [poi(search.id)]);
    const perRestaurant = await created(advanced, mapId, 'Residents per restaurant', [POPULATION, op('/'), poi(search.id)]);
    const byZero = await created(advanced, mapId, 'Nothing', [POPULATION, op('/'), op('('), poi(search.id), op('-'), poi(search.id), op(')')]);
    const twice = await created(advanced, mapId, 'Twice', [metric(population.id), op('*'), num(2)]);
    const shopRevenue = await created(advanced, mapId, 'Shop revenue', [revenue]);

    // The French census for both (Monaco's own country has none): the analysis country chosen, as in the panel.
    const { areas } = await expectStatus<ComputeMetricsResponse>(200, computeMetrics(advanced, mapId, { areaIds, country: 'fr' }));
    const figures = await expectStatus<ComputeMeasuresResponse>(200, call(app, 'POST', `/v2/maps/${mapId}/measures/compute`, { as: advanced, payload: { areaIds, country: 'fr' } }));
    const counts = await expectStatus<{ counts: number[] }>(200, call(app, 'POST', `/v2/maps/${mapId}/searches/${search.id}/count`, { as: advanced, payload: { polygons: [MONACO] } }));
    const sums = await expectStatus<DatasetAggregation>(200, call(app, 'POST', `/v2/maps/${mapId}/datasets/${datasetId}/aggregation`, { as: advanced, payload: { polygons: [MONACO], aggregateMethod: 'sum' } }));
    expect(counts.counts[0]).toBeGreaterThan(0);

    const censusOf = (index: number, key: string) => figures.areas[index]!.measures.find((measure) => measure.key === key)!.value!;
    const valueOf = (index: number, metricId: string) => areas[index]!.metrics.find((item) => item.metricId === metricId)!.value;
    expect(areas.map((area) => area.areaId)).toEqual(areaIds);
    expect(areas.map((area) => area.country)).toEqual(['fr', 'fr']);
    expect(figures.areas.map((area) => area.country)).toEqual(['fr', 'fr']);
    expect(areas[0]!.metrics.map((item) => item.metricId)).toEqual([population, elderly, count, perRestaurant, byZero, twice, shopRevenue].map((item) => item.id));
    for (const index of [0, 1]) {
      expect(censusOf(index, 'population')).toBeGreaterThan(0);
      expect(valueOf(index, population.id)).toBe(censusOf(index, 'population'));
      expect(valueOf(index, elderly.id)).toBeCloseTo(censusOf(index, 'population_75p') / censusOf(index, 'population') * 100, 9);
      expect(valueOf(index, twice.id)).toBe(censusOf(index, 'population') * 2);
      expect(valueOf(index, byZero.id)).toBeNull();
    }
    expect(valueOf(1, count.id)).toBe(counts.counts[0]);
    expect(valueOf(1, perRestaurant.id)).toBe(censusOf(1, 'population') / counts.counts[0]!);
    expect(valueOf(1, shopRevenue.id)).toBe(sums.values[0]);
    expect(areas[1]!.metrics.every((item) => item.error === undefined)).toBe(true);
    // The twelve shops are all in the Nice area: 1,000 + 1,250 + … + 3,750.
    expect(valueOf(0, shopRevenue.id)).toBe(28_500);

    // Some of them only, in the order asked.
    const some = await expectStatus<ComputeMetricsResponse>(200, computeMetrics(advanced, mapId, { areaIds: [areaIds[1]], metricIds: [twice.id, count.id], country: 'fr' }));
    expect(some.areas[0]!.metrics).toEqual([{ metricId: twice.id, value: censusOf(1, 'population') * 2 }, { metricId: count.id, value: counts.counts[0] }]);
    expectError(await computeMetrics(advanced, mapId, { areaIds, metricIds: [randomUUID()] }), 404, 'METRIC_NOT_FOUND');
    expectError(await computeMetrics(advanced, mapId, { areaIds: [randomUUID()] }), 404, 'AREA_NOT_FOUND');
    expect((await computeMetrics(advanced, mapId, { areaIds: [] })).statusCode).toBe(400);
  });

  it('gives no value, with the reason, in an area too large to analyse; and says which measure went missing since', async () => {
    const huge = { uuid: randomUUID(), isoMode: 'polygon', geometry: square(-1, 44, 7) };
    const { mapId, areaIds } = await mapWith(advanced, [huge]);
    const search = await expectStatus<{ id: number }>(201, call(app, 'POST', `/v2/maps/${mapId}/searches`, { as: advanced, payload: restaurants }));
    const population = await created(advanced, mapId, 'Population', [POPULATION]);
    const count = await created(advanced, mapId, 'Restaurants', [poi(search.id)]);
    const { areas } = await expectStatus<ComputeMetricsResponse>(200, computeMetrics(advanced, mapId, { areaIds }));
    expect(areas[0]!.metrics[0]).toMatchObject({ metricId: population.id, value: null, error: { code: 'POLYGON_TOO_LARGE' } });
    // The search was deleted after the indicator was saved: no value, and why.
    const { version } = await expectStatus<{ version: number }>(200, call(app, 'GET', `/v2/maps/${mapId}/searches`, { as: advanced }));
    await expectStatus(204, call(app, 'DELETE', `/v2/maps/${mapId}/searches/${search.id}?version=${version}`, { as: advanced }));
    const after = await expectStatus<ComputeMetricsResponse>(200, computeMetrics(advanced, mapId, { areaIds }));
    expect(after.areas[0]!.metrics[1]).toMatchObject({ metricId: count.id, value: null, error: { code: 'SEARCH_NOT_FOUND' } });
  });
});

describe('the measures a formula may read', () => {
  it('lists the census of the country, the map’s searches, datasets (count, sums and averages of numeric columns) and other indicators, named in the request language', async () => {
    const { mapId } = await mapWith(advanced, []);
    const search = await expectStatus<{ id: number }>(201, call(app, 'POST', `/v2/maps/${mapId}/searches`, { as: advanced, payload: restaurants }));
    const datasetId = await niceShops(advanced);
    await expectStatus(201, call(app, 'POST', `/v2/maps/${mapId}/datasets/bulk`, { as: advanced, payload: { datasets: [{ datasetId }] } }));
    const a = await created(advanced, mapId, 'Residents', [POPULATION]);
    await created(advanced, mapId, 'Twice', [metric(a.id), op('*'), num(2)]);
    const c = await created(advanced, mapId, 'Other', [census('population_0014')]);

    const widgets = await expectStatus<MetricWidgets>(200, call(app, 'GET', `/v2/maps/${mapId}/widgets/metrics?country=fr`, { as: advanced, lang: 'fr' }));
    expect(widgets.country).toBe('fr');
    const byId = Object.fromEntries(widgets.widgets.map((widget) => [widget.id, widget.measures]));
    expect(byId.census).toContainEqual({ measure: { source: 'census', key: 'population_75p' }, label: '75 ans ou plus', unit: 'people' });
    expect(byId.census!.some((choice) => choice.measure.source === 'census' && choice.measure.key === 'median_household_income')).toBe(false);
    expect(byId.poi).toEqual([{ measure: { source: 'poi', searchId: String(search.id) }, label: 'amenity=restaurant' }]);
    expect(byId.client_dataset).toEqual([
      { measure: { source: 'client_dataset', datasetId: String(datasetId), method: 'count' }, label: 'Shops : nombre de lignes' },
      { measure: { source: 'client_dataset', datasetId: String(datasetId), method: 'sum', column: 'revenue' }, label: 'Shops : somme de revenue' },
      { measure: { source: 'client_dataset', datasetId: String(datasetId), method: 'average', column: 'revenue' }, label: 'Shops : moyenne de revenue' },
    ]);
    expect(byId.metric!.map((choice) => choice.label)).toEqual(['Residents', 'Twice', 'Other']);
    // Editing Residents: neither it nor Twice (which reads it) may be read.
    const editing = await expectStatus<MetricWidgets>(200, call(app, 'GET', `/v2/maps/${mapId}/widgets/metrics?country=us&metricId=${a.id}`, { as: advanced }));
    expect(editing.widgets.find((widget) => widget.id === 'metric')!.measures).toEqual([{ measure: { source: 'metric', metricId: c.id }, label: 'Other' }]);
    expect(editing.widgets.find((widget) => widget.id === 'census')!.measures.some((choice) => choice.measure.source === 'census' && choice.measure.key === 'median_household_income')).toBe(true);
    // Every chip offered is accepted in a formula.
    for (const widget of widgets.widgets) for (const choice of widget.measures.slice(0, 3)) await created(advanced, mapId, choice.label, [{ type: 'measure', measure: choice.measure }]);
    expect((await call(app, 'GET', `/v2/maps/${mapId}/widgets/metrics?country=xx`, { as: advanced })).statusCode).toBe(400);
  });
});

describe('indicators in the export and the report', () => {
  it('the XLSX export writes each indicator with its formula in words and the values of metrics/compute; the report prints the same', async () => {
    const nice = circleArea({ startPoint: NICE, distance: 2_000, label: 'Nice 2 km' });
    // The Étang de Vaccarès, in Arles, far from its town hall: no census point of the demo's data
    // within it, and outside the departments whose boundaries other files import into the shared
    // database. No values, and the reason.
    const vaccares = circleArea({ startPoint: [4.6, 43.53], distance: 1_000, label: 'Vaccarès 1 km' });
    const { mapId, areaIds } = await mapWith(advanced, [nice, vaccares]);
    const thousands = await created(advanced, mapId, 'Residents (thousands)', [op('('), POPULATION, op('+'), num(0), op(')'), op('/'), num(1000)], '👥');
    await created(advanced, mapId, 'Nothing', [POPULATION, op('/'), num(0)]);
    const { areas } = await expectStatus<ComputeMetricsResponse>(200, computeMetrics(advanced, mapId, { areaIds }));
    const valueOf = (index: number, metricId: string) => areas[index]!.metrics.find((item) => item.metricId === metricId)!.value;
    expect(valueOf(0, thousands.id)).toBeGreaterThan(0);
    expect(valueOf(1, thousands.id)).toBeNull();

    const response = await call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/indicators`, { as: advanced, payload: { areaIds }, lang: 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Indicateurs')!;
    const row = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    expect(row(1)).toEqual(['Indicateur', 'Formule', 'Nice 2 km', 'Vaccarès 1 km']);
    expect(row(2)).toEqual(['Remarque', undefined, undefined, translate('fr', 'errors.noDataForCountry')]);
    expect(row(3)).toEqual(['👥 Residents (thousands)', `(${translate('fr', 'measures.population')} + 0) ÷ 1\u202f000`, valueOf(0, thousands.id)]);
    // No value for a division by zero: an empty cell, never Infinity.
    expect(row(4)).toEqual(['📊 Nothing', `${translate('fr', 'measures.population')} ÷ 0`]);

    const documents = reportDocumentsOf(ctx, new MapStore(ctx.database.db), (message, error) => { throw new Error(`${message}: ${String(error)}`); });
    const document = await documents.build(advanced.id, String(mapId), { areaIds, sections: ['indicators'] }, 'en');
    expect(document.sections).toEqual(['indicators']);
    expect(document.areas.map((area) => area.indicators)).toEqual([0, 1].map((index) => [
      { name: 'Residents (thousands)', symbol: '👥', formula: `(${translate('en', 'measures.population')} + 0) ÷ 1,000`, value: valueOf(index, thousands.id) },
      { name: 'Nothing', symbol: '📊', formula: `${translate('en', 'measures.population')} ÷ 0`, value: null },
    ]));
  });

  it('needs indicators in the plan, and a map the caller may read', async () => {
    const { mapId, areaIds } = await mapWith(advanced, [circleArea({ startPoint: NICE, distance: 1_000 })]);
    await created(advanced, mapId, 'Population', [POPULATION]);
    expectError(await call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/indicators`, { as: await signUp(app), payload: { areaIds } }), 404, 'MAP_NOT_FOUND');
    const free = await signUp(app);
    const own = await mapWith(free, [circleArea({ startPoint: NICE, distance: 1_000 })]);
    expectError(await call(app, 'POST', `/v2/maps/${own.mapId}/xlsxreport/indicators`, { as: free, payload: { areaIds: own.areaIds } }), 403, 'PLAN_REQUIRED');
  });
});
