import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RoutingGraph } from '../graph/routing-graph.js';
import { ROUTING_MODES, type RoutingMode } from '../modes.js';
import { importedGraph } from '../test-support/fixtures.js';
import { SearchWorkspace, type IsoMode } from './bounded-search.js';
import { snapToRoad, type SnappedPoint } from './snap.js';

/**
 * Textbook Dijkstra, written independently of the engine: plain arrays, a linear scan for the
 * closest open node, no heap, no stamps. Returns cost by node for every node within the budget.
 */
function referenceDijkstra(graph: RoutingGraph, mode: RoutingMode, isoMode: IsoMode, start: SnappedPoint, budget: number): Map<number, number> {
  const weight = (edge: number) => {
    const time = graph.times[mode][edge]!;
    if (time === Infinity) return Infinity;
    return isoMode === 'isochrone' ? time : graph.lengths[edge]!;
  };
  const best = new Map<number, number>();
  const open = new Map<number, number>();
  const offer = (node: number, cost: number) => {
    if (cost <= budget && !best.has(node) && cost < (open.get(node) ?? Infinity)) open.set(node, cost);
  };
  const forward = graph.segmentForward[start.segment]!;
  const backward = graph.segmentBackward[start.segment]!;
  if (forward >= 0) offer(graph.segmentTo[start.segment]!, weight(forward) * (1 - start.fraction));
  if (backward >= 0) offer(graph.segmentFrom[start.segment]!, weight(backward) * start.fraction);
  while (open.size > 0) {
    let node = -1;
    let cost = Infinity;
    for (const [candidate, value] of open) if (value < cost) [node, cost] = [candidate, value];
    open.delete(node);
    best.set(node, cost);
    for (let e = graph.offsets[node]!; e < graph.offsets[node + 1]!; e++) offer(graph.targets[e]!, cost + weight(e));
  }
  return best;
}

const monacoPoint = fc.tuple(fc.double({ min: 7.409, max: 7.437, noNaN: true }), fc.double({ min: 43.725, max: 43.750, noNaN: true }));

describe('bounded search', () => {
  it('reaches exactly the nodes, at exactly the costs, of a reference Dijkstra (Monaco, every mode, both metrics)', async () => {
    const { graph } = await importedGraph('monaco');
    const workspace = new SearchWorkspace(graph);
    fc.assert(
      fc.property(monacoPoint, fc.constantFrom(...ROUTING_MODES), fc.constantFrom<IsoMode>('isochrone', 'isodistance'), fc.integer({ min: 1, max: 400 }), ([lon, lat], mode, isoMode, value) => {
        const start = snapToRoad(graph, mode, lon, lat);
        if (!start) return;
        const budget = isoMode === 'isochrone' ? value : value * 5;
        const expected = referenceDijkstra(graph, mode, isoMode, start, budget);
        const result = workspace.search(start, mode, isoMode, budget);
        expect(new Set(result.settled)).toEqual(new Set(expected.keys()));
        for (const [node, cost] of expected) expect(result.costOf(node)).toBeCloseTo(cost, 6);
      }),
      { numRuns: 40 },
    );
  });

  it('agrees with the reference on a larger network (Andorra, 10 minutes by car)', async () => {
    const { graph } = await importedGraph('andorra');
    const start = snapToRoad(graph, 'car', 1.5218, 42.5063)!;
    const expected = referenceDijkstra(graph, 'car', 'isochrone', start, 600);
    const result = new SearchWorkspace(graph).search(start, 'car', 'isochrone', 600);
    expect(expected.size).toBeGreaterThan(1_000);
    expect(new Set(result.settled)).toEqual(new Set(expected.keys()));
  });

  it('reaches a superset with a larger budget, each node at the same cost', async () => {
    const { graph } = await importedGraph('monaco');
    const workspace = new SearchWorkspace(graph);
    fc.assert(
      fc.property(monacoPoint, fc.constantFrom(...ROUTING_MODES), fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 300 }), ([lon, lat], mode, small, extra) => {
        const start = snapToRoad(graph, mode, lon, lat);
        if (!start) return;
        const smaller = workspace.search(start, mode, 'isochrone', small);
        const costs = new Map(Array.from(smaller.settled, (node) => [node, smaller.costOf(node)]));
        const larger = workspace.search(start, mode, 'isochrone', small + extra);
        for (const [node, cost] of costs) expect(larger.costOf(node)).toBe(cost);
        expect(larger.settled.length).toBeGreaterThanOrEqual(costs.size);
      }),
      { numRuns: 40 },
    );
  });

  it('respects oneway streets for cars but not for walkers', async () => {
    const { graph } = await importedGraph('monaco');
    let onewayEdges = 0;
    for (let s = 0; s < graph.header.segmentCount; s++) {
      const forward = graph.segmentForward[s]!;
      const backward = graph.segmentBackward[s]!;
      if (forward >= 0 && backward >= 0 && graph.times.car[forward] !== Infinity && graph.times.car[backward] === Infinity) {
        onewayEdges++;
        expect(graph.times.walk[backward]).not.toBe(Infinity);
      }
    }
    expect(onewayEdges).toBeGreaterThan(100);
  });
});

describe('snapToRoad', () => {
  it('finds the nearest segment the mode may use, as a scan of every segment does', async () => {
    const { graph } = await importedGraph('monaco');
    fc.assert(
      fc.property(monacoPoint, fc.constantFrom(...ROUTING_MODES), ([lon, lat], mode) => {
        const snapped = snapToRoad(graph, mode, lon, lat);
        let nearest = Infinity;
        const bit = 1 << graph.header.modes.indexOf(mode);
        for (let s = 0; s < graph.header.segmentCount; s++) {
          if (!(graph.segmentModes[s]! & bit)) continue;
          const a = graph.segmentFrom[s]!;
          const b = graph.segmentTo[s]!;
          nearest = Math.min(nearest, pointToSegmentMeters(lon, lat, graph.lon[a]!, graph.lat[a]!, graph.lon[b]!, graph.lat[b]!));
        }
        if (nearest > 2_000) expect(snapped).toBeNull();
        else expect(snapped!.distance).toBeCloseTo(nearest, 2);
      }),
      { numRuns: 40 },
    );
  });

  it('from several starts at once, reaches each node at the cost from the nearest of them (reference Dijkstra from each)', async () => {
    const { graph } = await importedGraph('monaco');
    const workspace = new SearchWorkspace(graph);
    fc.assert(
      fc.property(fc.array(monacoPoint, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 300 }), (points, budget) => {
        const starts = points.map(([lon, lat]) => snapToRoad(graph, 'car', lon, lat)).filter((start): start is SnappedPoint => start !== null);
        if (starts.length === 0) return;
        const expected = new Map<number, number>();
        for (const start of starts) {
          for (const [node, cost] of referenceDijkstra(graph, 'car', 'isochrone', start, budget)) expected.set(node, Math.min(cost, expected.get(node) ?? Infinity));
        }
        const result = workspace.searchFrom(starts, 'car', 'isochrone', budget);
        expect(new Set(result.settled)).toEqual(new Set(expected.keys()));
        for (const [node, cost] of expected) expect(result.costOf(node)).toBeCloseTo(cost, 6);
      }),
      { numRuns: 20 },
    );
  });

  it('from several starts each already costing something, reaches each node at the least start cost plus the way from there', async () => {
    const { graph } = await importedGraph('monaco');
    const workspace = new SearchWorkspace(graph);
    fc.assert(
      fc.property(fc.array(fc.tuple(monacoPoint, fc.integer({ min: 0, max: 200 })), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 400 }), (entries, budget) => {
        const starts: SnappedPoint[] = [];
        const costs: number[] = [];
        for (const [[lon, lat], cost] of entries) {
          const start = snapToRoad(graph, 'walk', lon, lat);
          if (!start) continue;
          starts.push(start);
          costs.push(cost);
        }
        if (starts.length === 0) return;
        const expected = new Map<number, number>();
        for (const [i, start] of starts.entries()) {
          if (costs[i]! > budget) continue;
          for (const [node, cost] of referenceDijkstra(graph, 'walk', 'isochrone', start, budget - costs[i]!)) {
            expected.set(node, Math.min(costs[i]! + cost, expected.get(node) ?? Infinity));
          }
        }
        const result = workspace.searchFrom(starts, 'walk', 'isochrone', budget, 'departure', costs);
        expect(new Set(result.settled)).toEqual(new Set(expected.keys()));
        for (const [node, cost] of expected) expect(result.costOf(node)).toBeCloseTo(cost, 6);
      }),
      { numRuns: 20 },
    );
  });

  it('refuses a start farther than 2 km from any road', async () => {
    const { graph } = await importedGraph('monaco');
    expect(snapToRoad(graph, 'car', 7.45, 43.60)).toBeNull();
  });
});

/** Distance from a point to a segment in an equirectangular plane centred on the point. */
function pointToSegmentMeters(lon: number, lat: number, lon1: number, lat1: number, lon2: number, lat2: number): number {
  const ky = 111_194.93;
  const kx = ky * Math.cos((lat * Math.PI) / 180);
  const [ax, ay, bx, by] = [(lon1 - lon) * kx, (lat1 - lat) * ky, (lon2 - lon) * kx, (lat2 - lat) * ky];
  const dx = bx - ax;
  const dy = by - ay;
  const t = dx * dx + dy * dy > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy))) : 0;
  return Math.hypot(ax + t * dx, ay + t * dy);
}
