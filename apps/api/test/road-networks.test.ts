/**
 * GET /v2/isochrones/regions, the road networks the panel offers where none covers the place asked:
 * an operator's imported extract and the demo's sample regions, on real OpenStreetMap graphs.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RoadNetwork } from '@catchment/domain';
import { createRoutingEngine, importOsm, type RoutingEngine } from '@catchment/routing';
import { createContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { testApp } from './harness.js';
import { call, expectStatus } from './maps-factories.js';

let dataDir: string;
let engine: RoutingEngine;
/** The operator imported a Monaco extract of their own; the demo has Monaco and Andorra. */
let withDemo: FastifyInstance;
/** No road network at all. */
let noNetwork: FastifyInstance;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'road-networks-'));
  const graphDir = join(dataDir, 'graphs');
  const fallbackGraphDir = join(dataDir, 'demo', 'graphs');
  for (const directory of [graphDir, fallbackGraphDir]) mkdirSync(directory, { recursive: true });
  await importOsm('test-data/osm/monaco.osm.pbf', join(graphDir, 'monaco-latest.graph'));
  await importOsm('test-data/osm/monaco.osm.pbf', join(fallbackGraphDir, 'monaco.graph'));
  await importOsm('test-data/osm/andorra.osm.pbf', join(fallbackGraphDir, 'andorra.graph'));
  engine = await createRoutingEngine({ graphDir, fallbackGraphDir, workers: 1 });
  const base = await testApp();
  noNetwork = base.app;
  withDemo = await buildServer(createContext(base.ctx.config, base.ctx.database, { routing: engine }), { rateLimits: false });
  await withDemo.ready();
});

afterAll(async () => {
  await withDemo?.close();
  await engine?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const regions = (app: FastifyInstance, lang?: 'en' | 'fr') =>
  expectStatus<{ regions: RoadNetwork[] }>(200, call(app, 'GET', '/v2/isochrones/regions', { lang })).then((body) => body.regions);

describe('GET /v2/isochrones/regions', () => {
  it('lists the operator\'s road networks, then the demo\'s, with their names and bounding boxes', async () => {
    const listed = await regions(withDemo);
    expect(listed.map(({ id, name, demo }) => ({ id, name, demo }))).toEqual([
      { id: 'monaco-latest', name: 'monaco-latest', demo: false },
      { id: 'andorra', name: 'Andorra', demo: true },
      { id: 'monaco', name: 'Monaco', demo: true },
    ]);
    const [west, south, east, north] = listed.find((region) => region.id === 'andorra')!.bbox;
    // Andorra la Vella lies inside the box of the Andorra extract's roads.
    expect(west).toBeLessThan(1.5218);
    expect(east).toBeGreaterThan(1.5218);
    expect(south).toBeLessThan(42.5063);
    expect(north).toBeGreaterThan(42.5063);
  });

  it('names the demo regions in the request\'s language', async () => {
    expect((await regions(withDemo, 'fr')).map((region) => region.name)).toEqual(['monaco-latest', 'Andorre', 'Monaco']);
  });

  it('is empty without a road network, where the isochrones say the roads are not loaded', async () => {
    expect(await regions(noNetwork)).toEqual([]);
    const answer = await call(noNetwork, 'POST', '/v2/isochrones', {
      payload: { startPoint: [7.4209, 43.7371], isoMode: 'isochrone', transportMode: 'car', values: [300] },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error).toMatchObject({ code: 'NO_ROAD_NETWORK', message: expect.stringMatching(/roads of this region are not loaded/) });
  });
});
