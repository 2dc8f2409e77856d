import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOsm } from '../import/import-osm.js';
import { loadGraph } from '../graph/graph-file.js';
import type { RoutingGraph } from '../graph/routing-graph.js';
import { SearchWorkspace } from '../query/bounded-search.js';
import { snapToRoad } from '../query/snap.js';
import { OSM_EXTRACTS } from '../test-support/fixtures.js';
import { createRoutingEngine, type RoutingEngine } from '../engine/routing-engine.js';
import { chunkSize } from '../engine/reachability-batch.js';
import { nodesInside, spreadNodeWeights, type WeightSource } from './node-weights.js';

/**
 * A straight residential street (30 km/h) of five nodes 500 m apart (60 s each by car) at 45° N,
 * and a service road of two nodes far to the north: what is reached, and by whom, is known by hand.
 */
const STEP_DEGREES = 500 / (111_195 * Math.cos((45 * Math.PI) / 180));
const street = (i: number): [number, number] => [5 + i * STEP_DEGREES, 45];
const FAR: [number, number] = [5, 45.05];

function smallOsm(file: string): void {
  const nodes = [0, 1, 2, 3, 4].map((i) => `<node id="${i + 1}" lat="45" lon="${street(i)[0]}"/>`).join('\n');
  writeFileSync(file, `<?xml version="1.0"?>
<osm version="0.6">
  ${nodes}
  <node id="11" lat="${FAR[1]}" lon="${FAR[0]}"/>
  <node id="12" lat="${FAR[1]}" lon="${FAR[0] + 0.001}"/>
  <way id="100"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="5"/><tag k="highway" v="residential"/></way>
  <way id="101"><nd ref="11"/><nd ref="12"/><tag k="highway" v="residential"/></way>
</osm>`);
}

/** 1, 10, 100, 1,000 and 10,000 people at the street's nodes: every sum says which nodes it counted. */
const STREET_PEOPLE: WeightSource[] = [0, 1, 2, 3, 4].map((i) => ({ value: 10 ** i, point: street(i) }));

const smallDir = mkdtempSync(join(tmpdir(), 'reach-small-'));
const monacoDir = mkdtempSync(join(tmpdir(), 'reach-monaco-'));
let small: RoutingEngine;
let monaco: RoutingEngine;
let monacoGraph: RoutingGraph;

beforeAll(async () => {
  const osm = join(smallDir, 'street.osm');
  smallOsm(osm);
  await importOsm(osm, join(smallDir, 'street.graph'));
  await importOsm(OSM_EXTRACTS.monaco, join(monacoDir, 'monaco.graph'));
  small = await createRoutingEngine({ graphDir: smallDir, workers: 1 });
  monaco = await createRoutingEngine({ graphDir: monacoDir, workers: 2 });
  monacoGraph = loadGraph(join(monacoDir, 'monaco.graph'));
}, 60_000);

afterAll(async () => {
  await small?.close();
  await monaco?.close();
});

const request = (overrides: Partial<Parameters<RoutingEngine['reachability']>[0]> = {}): Parameters<RoutingEngine['reachability']>[0] => ({
  origins: [street(0)], transportMode: 'car', durationSeconds: 150, originSnapMeters: 250, population: STREET_PEOPLE, ...overrides,
});

describe('reachability on a street whose answer is known', () => {
  it('counts the people of the nodes reached within the time, from each origin', async () => {
    // 150 s from the first node: the nodes at 0, 60 and 120 s; from the middle one, all but the ends at 120 s... and the ends too.
    const result = await small.reachability(request({ origins: [street(0), street(2), street(4)] }));
    expect(result.values).toEqual([111, 11_111, 11_100]);
    expect(result.population).toMatchObject({ placed: 11_111, unplaced: 0, excludedByCompetitors: 0 });
  });

  it('leaves out what the competitors already reach, and says how much', async () => {
    // A competitor at the far end reaches the last three nodes (0, 60, 120 s): only 1 + 10 are left from the start.
    const result = await small.reachability(request({ origins: [street(0), street(4)], competitors: [street(4)] }));
    expect(result.values).toEqual([11, 0]);
    expect(result.population.excludedByCompetitors).toBe(11_100);
    expect(result.competitors).toEqual({ given: 1, placed: 1 });
    // Two competitors at both ends reach everything between them; one off every road is not placed.
    const both = await small.reachability(request({ origins: [street(2)], competitors: [street(0), street(4), [6, 46]] }));
    expect(both.values).toEqual([0]);
    expect(both.competitors).toEqual({ given: 3, placed: 2 });
  });

  it('gives null to an origin off the roads and counts people too far from any road as unplaced', async () => {
    const result = await small.reachability(request({
      origins: [street(0), [5, 45.02]], population: [...STREET_PEOPLE, { value: 7, point: [6, 46] }],
    }));
    expect(result.values).toEqual([111, null]);
    expect(result.population).toMatchObject({ placed: 11_111, unplaced: 7 });
  });

  it('spreads a boundary\'s people evenly over the nodes inside it, and puts them on its point when none is', async () => {
    const graph = loadGraph(join(smallDir, 'street.graph'));
    const around = (from: number, to: number) => ({
      type: 'Polygon' as const,
      coordinates: [[[street(from)[0] - 1e-4, 44.999], [street(to)[0] + 1e-4, 44.999], [street(to)[0] + 1e-4, 45.001], [street(from)[0] - 1e-4, 45.001], [street(from)[0] - 1e-4, 44.999]]],
    });
    expect(nodesInside(graph, 'car', around(1, 3))).toHaveLength(3);
    const weights = new Float32Array(graph.header.nodeCount);
    const spread = spreadNodeWeights(graph, 'car', [
      { value: 300, point: street(2), boundary: around(1, 3) },
      // No road inside this one (north of the street): its people go to the node nearest its point.
      { value: 5, point: street(4), boundary: { type: 'Polygon', coordinates: [[[5, 45.01], [5.001, 45.01], [5.001, 45.011], [5, 45.01]]] } },
    ], weights);
    expect(spread).toEqual({ placed: 305, unplaced: 0, spreadOverBoundary: 1 });
    const at = (point: [number, number]) => {
      const snapped = snapToRoad(graph, 'car', point[0], point[1])!;
      return weights[snapped.fraction < 0.5 ? graph.segmentFrom[snapped.segment]! : graph.segmentTo[snapped.segment]!];
    };
    expect([0, 1, 2, 3, 4].map((i) => at(street(i)))).toEqual([0, 100, 100, 100, 5]);
  });

  it('refuses a mode that is not routed and a duration out of bounds', async () => {
    await expect(small.reachability(request({ transportMode: 'transit' }))).rejects.toMatchObject({ code: 'MODE_NOT_AVAILABLE' });
    await expect(small.reachability(request({ durationSeconds: 0 }))).rejects.toMatchObject({ code: 'INVALID_VALUE' });
    await expect(small.reachability(request({ origins: [[2.35, 48.85]] }))).rejects.toMatchObject({ code: 'NO_GRAPH_FOR_POINT' });
  });
});

describe('reachability on Monaco', () => {
  /** People on a 10 × 10 lattice of points over Monaco, 100 × (row + 1) + column each: sums tell nodes apart. */
  const lattice: WeightSource[] = Array.from({ length: 100 }, (_, i) => ({ value: 100 * (Math.floor(i / 10) + 1) + (i % 10), point: [7.409 + (i % 10) * 0.003, 43.725 + Math.floor(i / 10) * 0.0025] }));
  const origins: [number, number][] = Array.from({ length: 60 }, (_, i) => [7.41 + (i % 10) * 0.0028, 43.727 + Math.floor(i / 10) * 0.004]);

  it('sums, for each origin, exactly the weights of the nodes a single plain search from it reaches', async () => {
    const result = await monaco.reachability({ origins, transportMode: 'car', durationSeconds: 240, originSnapMeters: 300, population: lattice });
    const weights = new Float32Array(monacoGraph.header.nodeCount);
    spreadNodeWeights(monacoGraph, 'car', lattice, weights);
    const workspace = new SearchWorkspace(monacoGraph);
    const expected = origins.map(([lon, lat]) => {
      const start = snapToRoad(monacoGraph, 'car', lon, lat, 300);
      if (!start) return null;
      let sum = 0;
      for (const node of workspace.search(start, 'car', 'isochrone', 240).settled) sum += weights[node]!;
      return sum;
    });
    expect(expected.filter((value) => value !== null).length).toBeGreaterThan(30);
    expect(expected.filter((value) => value === null).length).toBeGreaterThan(0);
    expect(new Set(expected).size).toBeGreaterThan(10);
    expect(result.values).toHaveLength(origins.length);
    result.values.forEach((value, i) => (expected[i] === null ? expect(value).toBeNull() : expect(value).toBeCloseTo(expected[i]!, 3)));
  });

  it('reports progress up to every origin, and stops the whole batch when the caller gives up', async () => {
    const seen: number[] = [];
    await monaco.reachability({ origins, transportMode: 'car', durationSeconds: 240, originSnapMeters: 300, population: lattice }, { onProgress: (done, total) => {
      expect(total).toBe(origins.length);
      seen.push(done);
    } });
    expect(seen.length).toBe(Math.ceil(origins.length / chunkSize(origins.length, 2)));
    expect(seen.at(-1)).toBe(origins.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    const many: [number, number][] = Array.from({ length: 4_000 }, (_, i) => origins[i % origins.length]!);
    const controller = new AbortController();
    let progressAfterAbort = 0;
    const run = monaco.reachability({ origins: many, transportMode: 'car', durationSeconds: 3_600, originSnapMeters: 300, population: lattice }, {
      signal: controller.signal,
      onProgress: (done) => {
        if (controller.signal.aborted) progressAfterAbort += 1;
        else if (done >= 64) controller.abort(new Error('client gone'));
      },
    });
    await expect(run).rejects.toThrow('client gone');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // At most the chunks that were already running finish after the abort; nothing new starts.
    expect(progressAfterAbort).toBeLessThanOrEqual(1);
    // The engine goes on serving.
    const after = await monaco.reachability({ origins: origins.slice(0, 3), transportMode: 'car', durationSeconds: 60, originSnapMeters: 300, population: lattice });
    expect(after.values).toHaveLength(3);
  });
});
