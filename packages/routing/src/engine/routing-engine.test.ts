import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOsm } from '../import/import-osm.js';
import { loadGraph } from '../graph/graph-file.js';
import { computeIsochrones, SearchWorkspace } from '../query/compute-isochrones.js';
import { OSM_EXTRACTS } from '../test-support/fixtures.js';
import { createRoutingEngine, type RoutingEngine } from './routing-engine.js';

const directory = mkdtempSync(join(tmpdir(), 'routing-engine-'));
let engine: RoutingEngine;

beforeAll(async () => {
  await importOsm(OSM_EXTRACTS.monaco, join(directory, 'monaco.graph'));
  await importOsm(OSM_EXTRACTS.andorra, join(directory, 'andorra.graph'));
  engine = await createRoutingEngine({ graphDir: directory, workers: 2 });
}, 60_000);

afterAll(async () => {
  await engine?.close();
});

const monaco = { startPoint: [7.4209, 43.7371], isoMode: 'isochrone', transportMode: 'car', values: [60, 180] };

describe('createRoutingEngine', () => {
  it('loads every graph of the folder and picks the region from the start point', async () => {
    expect(engine.regions().map((r) => r.source).sort()).toEqual(['andorra.osm.pbf', 'monaco.osm.pbf']);
    const inMonaco = await engine.isochrones(monaco);
    const inAndorra = await engine.isochrones({ startPoint: [1.5218, 42.5063], isoMode: 'isodistance', transportMode: 'bike', values: [2_000] });
    expect(inMonaco.features.map((f) => f.properties.value)).toEqual([60, 180]);
    expect(inAndorra.features[0]!.properties).toMatchObject({ value: 2_000, transportMode: 'bike', isoMode: 'isodistance' });
  });

  it('answers in worker threads exactly what the same computation gives in process', async () => {
    const graph = loadGraph(join(directory, 'monaco.graph'));
    const local = computeIsochrones(graph, new SearchWorkspace(graph), monaco as Parameters<typeof computeIsochrones>[2]);
    expect(await engine.isochrones(monaco)).toEqual(local.collection);
  });

  it('serves concurrent requests from its pool', async () => {
    const values = [120, 240, 360, 480, 600, 720];
    const answers = await Promise.all(values.map((value) => engine.isochrones({ ...monaco, transportMode: 'walk', values: [value] })));
    expect(answers.map((a) => a.features[0]!.properties.value)).toEqual(values);
  });

  it('says which region is missing when no graph covers the start', async () => {
    await expect(engine.isochrones({ ...monaco, startPoint: [2.35, 48.85] })).rejects.toMatchObject({
      code: 'NO_GRAPH_FOR_POINT',
      details: { importCommand: 'npm run data -- import osm <region.osm.pbf>', point: [2.35, 48.85] },
    });
  });

  it('refuses a start far from any road, a mode it does not route, and invalid values', async () => {
    await expect(engine.isochrones({ ...monaco, startPoint: [1.79, 42.45] })).rejects.toMatchObject({ code: 'START_TOO_FAR' });
    // Transit needs a departure time, and a timetable covering the start (none is loaded here).
    await expect(engine.isochrones({ ...monaco, transportMode: 'transit' })).rejects.toMatchObject({ code: 'CANNOT_CALCULATE' });
    await expect(engine.isochrones({ ...monaco, transportMode: 'transit', departureMs: Date.now() })).rejects.toMatchObject({ code: 'NO_TIMETABLE_FOR_POINT' });
    await expect(engine.isochrones({ ...monaco, transportMode: 'circle' })).rejects.toMatchObject({ code: 'MODE_NOT_AVAILABLE' });
    for (const values of [[0], [1.5], [-60], [10_801], [], ['600']]) {
      await expect(engine.isochrones({ ...monaco, values })).rejects.toMatchObject({ code: 'INVALID_VALUE' });
    }
    await expect(engine.isochrones({ ...monaco, isoMode: 'isodistance', values: [300_001] })).rejects.toMatchObject({ code: 'INVALID_VALUE' });
    await expect(engine.isochrones({ ...monaco, isoMode: 'isodistance', values: [300_000] })).resolves.toBeDefined();
  });

  it('works with an empty folder, answering that no region is loaded', async () => {
    const empty = await createRoutingEngine({ graphDir: mkdtempSync(join(tmpdir(), 'routing-empty-')) });
    await expect(empty.isochrones(monaco)).rejects.toMatchObject({ code: 'NO_GRAPH_FOR_POINT' });
    await empty.close();
  });
});
