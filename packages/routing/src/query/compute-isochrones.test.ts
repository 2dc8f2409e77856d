import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import area from '@turf/area';
import { difference } from 'polyclip-ts';
import type { MultiPolygon } from 'geojson';
import { ROUTING_MODES } from '../modes.js';
import { haversineMeters } from '../geo.js';
import { AREA_SHAPE } from '../polygon/reachable-area.js';
import { areaFarFromRoads, reachedLengthInside } from '../polygon/shape-quality.js';
import { importedGraph } from '../test-support/fixtures.js';
import { computeIsochrones, SearchWorkspace, type IsochroneRequest } from './compute-isochrones.js';
import { reachedPieces } from './reached-pieces.js';
import { snapToRoad } from './snap.js';
import type { RoutingGraph } from '../graph/routing-graph.js';

const GOLDEN = new URL('../../test/golden/monaco-car-isochrone-60-180.geojson', import.meta.url);
const GOLDEN_REQUEST: IsochroneRequest = { startPoint: [7.4209, 43.7371], isoMode: 'isochrone', transportMode: 'car', values: [60, 180] };

function piecesReached(graph: RoutingGraph, request: IsochroneRequest, value: number): Float64Array {
  const start = snapToRoad(graph, request.transportMode, ...request.startPoint)!;
  const result = new SearchWorkspace(graph).search(start, request.transportMode, request.isoMode, value);
  return reachedPieces(graph, request.transportMode, request.isoMode, start, result, value);
}

const andorraPoint = fc.tuple(fc.double({ min: 1.45, max: 1.65, noNaN: true }), fc.double({ min: 42.45, max: 42.6, noNaN: true }));

describe('computeIsochrones', () => {
  it('matches the reviewed golden output for a Monaco car isochrone (1 and 3 minutes)', async () => {
    const { graph } = await importedGraph('monaco');
    const { collection } = computeIsochrones(graph, new SearchWorkspace(graph), GOLDEN_REQUEST);
    if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, `${JSON.stringify(collection, null, 1)}\n`);
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as typeof collection;
    expect(collection.features.map((f) => f.properties)).toEqual(golden.features.map((f) => f.properties));
    for (const [i, feature] of collection.features.entries()) {
      const expected = golden.features[i]!.geometry.coordinates;
      expect(feature.geometry.coordinates.map((p) => p.length)).toEqual(expected.map((p) => p.length));
      feature.geometry.coordinates.flat(2).forEach(([lon, lat], k) => {
        const [elon, elat] = expected.flat(2)[k]!;
        expect(Math.abs(lon! - elon!) + Math.abs(lat! - elat!)).toBeLessThan(1e-5);
      });
    }
  });

  it('answers one feature per value, in the order asked, with nested bands', async () => {
    const { graph } = await importedGraph('andorra');
    const request: IsochroneRequest = { startPoint: [1.5218, 42.5063], isoMode: 'isochrone', transportMode: 'car', values: [900, 300, 600] };
    const { collection } = computeIsochrones(graph, new SearchWorkspace(graph), request);
    expect(collection.features.map((f) => f.properties.value)).toEqual([900, 300, 600]);
    const [large, small, middle] = collection.features.map((f) => f.geometry);
    for (const [inner, outer] of [[small!, middle!], [middle!, large!]] as const) {
      const outside = difference(inner.coordinates as never, outer.coordinates as never);
      const outsideArea = area({ type: 'MultiPolygon', coordinates: outside } as MultiPolygon);
      expect(outsideArea / area(inner)).toBeLessThan(0.001);
      expect(area(outer)).toBeGreaterThan(area(inner));
    }
  });

  it('contains at least 99 % of the reached road length, with little area far from reached roads', async () => {
    const { graph } = await importedGraph('andorra');
    const workspace = new SearchWorkspace(graph);
    fc.assert(
      fc.property(andorraPoint, fc.constantFrom(...ROUTING_MODES), fc.integer({ min: 60, max: 900 }), ([lon, lat], transportMode, value) => {
        const request: IsochroneRequest = { startPoint: [lon, lat], isoMode: 'isochrone', transportMode, values: [value] };
        if (!snapToRoad(graph, transportMode, lon, lat)) return;
        const { collection } = computeIsochrones(graph, workspace, request);
        const pieces = piecesReached(graph, request, value);
        expect(reachedLengthInside(collection.features[0]!.geometry, pieces)).toBeGreaterThanOrEqual(0.99);
        expect(areaFarFromRoads(collection.features[0]!.geometry, pieces)).toBeLessThanOrEqual(0.05);
      }),
      { numRuns: 12 },
    );
  });

  it('keeps a walking isodistance inside the crow-flies circle of the same radius', async () => {
    const { graph } = await importedGraph('monaco');
    const workspace = new SearchWorkspace(graph);
    fc.assert(
      fc.property(fc.tuple(fc.double({ min: 7.41, max: 7.435, noNaN: true }), fc.double({ min: 43.727, max: 43.748, noNaN: true })), fc.integer({ min: 50, max: 3_000 }), ([lon, lat], value) => {
        const { collection } = computeIsochrones(graph, workspace, { startPoint: [lon, lat], isoMode: 'isodistance', transportMode: 'walk', values: [value] });
        const [feature] = collection.features;
        const [slon, slat] = feature!.properties.snappedPoint;
        // Allowed slack: the thin margin kept around the last metres of road, and the grid's resolution.
        const cell = Math.max(AREA_SHAPE.minCellSize, (2 * value + 2 * AREA_SHAPE.bufferLevels.at(-1)!) / AREA_SHAPE.maxCellsPerSide);
        const slack = Math.max(AREA_SHAPE.bufferLevels[0]!, cell) + 2 * cell;
        for (const [plon, plat] of feature!.geometry.coordinates.flat(2)) {
          expect(haversineMeters(slon, slat, plon!, plat!)).toBeLessThanOrEqual(value + slack);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('refuses a start too far from the roads of the mode', async () => {
    const { graph } = await importedGraph('monaco');
    expect(() =>
      computeIsochrones(graph, new SearchWorkspace(graph), { ...GOLDEN_REQUEST, startPoint: [7.45, 43.6] }),
    ).toThrow(expect.objectContaining({ code: 'START_TOO_FAR' }));
  });
});
