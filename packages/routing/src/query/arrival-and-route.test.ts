/**
 * Arrival searches, several-start searches and point-to-point routes against plain references
 * written here (for arrivals, every forward edge relaxed until nothing improves), on the real
 * Monaco and Andorra extracts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RoutingGraph } from '../graph/routing-graph.js';
import { buildReversedEdges } from '../graph/reversed-edges.js';
import { haversineMeters } from '../geo.js';
import { ROUTING_MODES, type RoutingMode } from '../modes.js';
import { multiPolygonContains } from '../polygon/shape-quality.js';
import { importedGraph } from '../test-support/fixtures.js';
import { SearchWorkspace } from './bounded-search.js';
import { computeIsochrones } from './compute-isochrones.js';
import { reachedPieces, PIECE_STRIDE } from './reached-pieces.js';
import { computeRoute, RouteWorkspace } from './route.js';
import { snapToRoad, type SnappedPoint } from './snap.js';

/** Time from a node to a point on a segment: to either end of the segment, then the share of it towards the point. */
function timeToPoint(graph: RoutingGraph, mode: RoutingMode, fromNode: Map<number, number>, point: SnappedPoint): number {
  const times = graph.times[mode];
  const forward = graph.segmentForward[point.segment]!;
  const backward = graph.segmentBackward[point.segment]!;
  let best = Infinity;
  const viaFrom = fromNode.get(graph.segmentFrom[point.segment]!);
  const viaTo = fromNode.get(graph.segmentTo[point.segment]!);
  if (forward >= 0 && viaFrom !== undefined && times[forward] !== Infinity) best = Math.min(best, viaFrom + times[forward]! * point.fraction);
  if (backward >= 0 && viaTo !== undefined && times[backward] !== Infinity) best = Math.min(best, viaTo + times[backward]! * (1 - point.fraction));
  return best;
}

/**
 * Every node's time to a point on a segment, by relaxing every forward edge until nothing improves
 * (Bellman–Ford): the ends of the point's segment start at their share of it, and a node's time is
 * the best over its own edges of the edge plus the time from where it leads. It reads only the
 * forward edges, as a brute force independent of the reversed index the arrival search walks.
 */
function timesToPoint(graph: RoutingGraph, mode: RoutingMode, point: SnappedPoint): Float64Array {
  const times = graph.times[mode];
  const toPoint = new Float64Array(graph.header.nodeCount).fill(Infinity);
  const forward = graph.segmentForward[point.segment]!;
  const backward = graph.segmentBackward[point.segment]!;
  if (forward >= 0) toPoint[graph.segmentFrom[point.segment]!] = times[forward]! * point.fraction;
  if (backward >= 0) {
    const from = graph.segmentTo[point.segment]!;
    toPoint[from] = Math.min(toPoint[from]!, times[backward]! * (1 - point.fraction));
  }
  for (let changed = true; changed;) {
    changed = false;
    for (let node = 0; node < graph.header.nodeCount; node++) {
      for (let e = graph.offsets[node]!; e < graph.offsets[node + 1]!; e++) {
        const via = times[e]! + toPoint[graph.targets[e]!]!;
        if (via < toPoint[node]!) {
          toPoint[node] = via;
          changed = true;
        }
      }
    }
  }
  return toPoint;
}

const monacoPoint = fc.tuple(fc.double({ min: 7.409, max: 7.437, noNaN: true }), fc.double({ min: 43.725, max: 43.750, noNaN: true }));

describe('reversed edges', () => {
  it('list every edge once, under the node it arrives at, with its source', async () => {
    const { graph } = await importedGraph('monaco');
    const reversed = buildReversedEdges(graph);
    expect(reversed.offsets.at(-1)).toBe(graph.header.edgeCount);
    const seen = new Uint8Array(graph.header.edgeCount);
    for (let node = 0; node < graph.header.nodeCount; node++) {
      for (let k = reversed.offsets[node]!; k < reversed.offsets[node + 1]!; k++) {
        const edge = reversed.edges[k]!;
        seen[edge]!++;
        expect(graph.targets[edge]).toBe(node);
        const source = reversed.sources[k]!;
        expect(edge >= graph.offsets[source]! && edge < graph.offsets[source + 1]!).toBe(true);
      }
    }
    expect(seen.every((count) => count === 1)).toBe(true);
  });
});

describe('arrival search', () => {
  it('equals the departure search on foot, where every way is walked both ways (Monaco)', async () => {
    const { graph } = await importedGraph('monaco');
    const workspace = new SearchWorkspace(graph);
    fc.assert(
      fc.property(monacoPoint, fc.integer({ min: 30, max: 900 }), ([lon, lat], budget) => {
        const start = snapToRoad(graph, 'walk', lon, lat);
        if (!start) return;
        const departure = workspace.search(start, 'walk', 'isochrone', budget);
        const costs = new Map(Array.from(departure.settled, (node) => [node, departure.costOf(node)]));
        const arrival = workspace.searchFrom([start], 'walk', 'isochrone', budget, 'arrival');
        expect(new Set(arrival.settled)).toEqual(new Set(costs.keys()));
        for (const [node, cost] of costs) expect(arrival.costOf(node)).toBeCloseTo(cost, 6);
      }),
      { numRuns: 25 },
    );
  });

  it('reaches by car exactly the nodes from which the point is reached in time, at those times (brute force over the forward edges, Monaco)', async () => {
    const { graph } = await importedGraph('monaco');
    const workspace = new SearchWorkspace(graph);
    const budget = 150;
    let differ = 0;
    for (const [lon, lat] of [[7.4209, 43.7371], [7.4275, 43.7395], [7.4165, 43.7310]] as const) {
      const target = snapToRoad(graph, 'car', lon, lat)!;
      const arrival = workspace.searchFrom([target], 'car', 'isochrone', budget, 'arrival');
      const arrivalCosts = new Map(Array.from(arrival.settled, (node) => [node, arrival.costOf(node)]));
      const toTarget = timesToPoint(graph, 'car', target);
      const expected = new Map<number, number>();
      for (let node = 0; node < graph.header.nodeCount; node++) if (toTarget[node]! <= budget) expected.set(node, toTarget[node]!);
      expect(expected.size).toBeGreaterThan(100);
      expect(new Set(arrivalCosts.keys())).toEqual(new Set(expected.keys()));
      for (const [node, time] of expected) expect(arrivalCosts.get(node)).toBeCloseTo(time, 6);
      // One-way streets: what reaches the point is not what the point reaches.
      const departure = workspace.search(target, 'car', 'isochrone', budget);
      const departed = new Set(departure.settled);
      if (departed.size !== arrivalCosts.size || [...arrivalCosts.keys()].some((node) => !departed.has(node))) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });

  it('gives pieces that start at reached nodes and run back along edges arriving there, within the budget', async () => {
    const { graph } = await importedGraph('monaco');
    const target = snapToRoad(graph, 'car', 7.4209, 43.7371)!;
    const result = new SearchWorkspace(graph).searchFrom([target], 'car', 'isochrone', 120, 'arrival');
    const pieces = reachedPieces(graph, 'car', 'isochrone', target, result, 120, 'arrival');
    expect(pieces.length / PIECE_STRIDE).toBeGreaterThan(result.settled.length);
    for (let i = 0; i < pieces.length; i += PIECE_STRIDE) {
      expect(pieces[i + 4]).toBeLessThanOrEqual(120);
      expect(pieces[i + 5]).toBeGreaterThanOrEqual(-1e-9);
    }
  });
});

describe('several starts', () => {
  it('reach each node at the smallest of the single starts\' times, both directions, every mode (Monaco)', async () => {
    const { graph } = await importedGraph('monaco');
    const workspace = new SearchWorkspace(graph);
    fc.assert(
      fc.property(fc.array(monacoPoint, { minLength: 2, maxLength: 4 }), fc.constantFrom(...ROUTING_MODES), fc.constantFrom('departure' as const, 'arrival' as const), fc.integer({ min: 30, max: 300 }), (points, mode, direction, budget) => {
        const starts = points.map(([lon, lat]) => snapToRoad(graph, mode, lon, lat)).filter((start): start is SnappedPoint => start !== null);
        if (starts.length < 2) return;
        const expected = new Map<number, number>();
        for (const start of starts) {
          const single = workspace.searchFrom([start], mode, 'isochrone', budget, direction);
          for (const node of single.settled) expected.set(node, Math.min(single.costOf(node), expected.get(node) ?? Infinity));
        }
        const together = workspace.searchFrom(starts, mode, 'isochrone', budget, direction);
        expect(new Set(together.settled)).toEqual(new Set(expected.keys()));
        for (const [node, cost] of expected) expect(together.costOf(node)).toBe(cost);
      }),
      { numRuns: 25 },
    );
  });

  it('make one area holding every single start\'s reached road (Andorra, car 5 minutes)', async () => {
    const { graph } = await importedGraph('andorra');
    const startPoints: [number, number][] = [[1.5218, 42.5063], [1.5340, 42.5080], [1.4980, 42.5440]];
    const { collection } = computeIsochrones(graph, new SearchWorkspace(graph), { startPoint: startPoints[0]!, startPoints, isoMode: 'isochrone', transportMode: 'car', values: [300] });
    const area = collection.features[0]!.geometry;
    const workspace = new SearchWorkspace(graph);
    for (const [lon, lat] of startPoints) {
      const start = snapToRoad(graph, 'car', lon, lat)!;
      const single = workspace.search(start, 'car', 'isochrone', 300);
      expect(single.settled.length).toBeGreaterThan(20);
      const outside = Array.from(single.settled).filter((node) => !multiPolygonContains(area, graph.lon[node]!, graph.lat[node]!));
      expect(outside.length / single.settled.length).toBeLessThan(0.01);
    }
  });
});

describe('route', () => {
  it('takes as long as the isochrone\'s search says, both directions, along a connected road whose length is the distance (Monaco)', async () => {
    const { graph } = await importedGraph('monaco');
    const workspace = new SearchWorkspace(graph);
    const routes = new RouteWorkspace(graph);
    fc.assert(
      fc.property(monacoPoint, monacoPoint, fc.constantFrom<RoutingMode>('car', 'walk', 'bike'), fc.constantFrom('departure' as const, 'arrival' as const), ([lon1, lat1], [lon2, lat2], mode, direction) => {
        const start = snapToRoad(graph, mode, lon1, lat1);
        const point = snapToRoad(graph, mode, lon2, lat2);
        if (!start || !point) return;
        // The isochrone's cost at the point: the search from the start, read on the point's segment.
        const search = workspace.searchFrom([start], mode, 'isochrone', 10_800, direction);
        const costs = new Map(Array.from(search.settled, (node) => [node, search.costOf(node)]));
        let expected = direction === 'departure' ? timeToPoint(graph, mode, costs, point) : timeFromPoint(graph, mode, costs, point);
        if (point.segment === start.segment) expected = Math.min(expected, direct(graph, mode, direction === 'departure' ? start : point, direction === 'departure' ? point : start));
        let route;
        try {
          route = computeRoute(graph, routes, { startPoint: [lon1, lat1], point: [lon2, lat2], transportMode: mode, direction });
        } catch (error) {
          expect(expected).toBe(Infinity);
          expect((error as { code: string }).code).toBe('UNREACHABLE');
          return;
        }
        expect(route.duration).toBeCloseTo(expected, 6);
        const line = route.geometry.coordinates;
        const [first, last] = direction === 'departure' ? [start, point] : [point, start];
        expect(line[0]).toEqual([first.lon, first.lat]);
        expect(line.at(-1)).toEqual([last.lon, last.lat]);
        let length = 0;
        for (let i = 1; i < line.length; i++) length += haversineMeters(line[i - 1]![0]!, line[i - 1]![1]!, line[i]![0]!, line[i]![1]!);
        expect(Math.abs(length - route.distance)).toBeLessThan(Math.max(1, route.distance * 0.01));
      }),
      { numRuns: 60 },
    );
  });

  it('says which point is off the roads, and when no way exists', async () => {
    const { graph } = await importedGraph('monaco');
    const routes = new RouteWorkspace(graph);
    const on: [number, number] = [7.4209, 43.7371];
    const sea: [number, number] = [7.45, 43.60];
    expect(() => computeRoute(graph, routes, { startPoint: sea, point: on, transportMode: 'car', direction: 'departure' })).toThrow(expect.objectContaining({ code: 'START_TOO_FAR' }));
    expect(() => computeRoute(graph, routes, { startPoint: on, point: sea, transportMode: 'car', direction: 'departure' })).toThrow(expect.objectContaining({ code: 'POINT_TOO_FAR' }));
  });
});

/** Time from a point on a segment to nodes already costed by an arrival search: the share of the segment to either end, then that node's time. */
function timeFromPoint(graph: RoutingGraph, mode: RoutingMode, toTarget: Map<number, number>, point: SnappedPoint): number {
  const times = graph.times[mode];
  const forward = graph.segmentForward[point.segment]!;
  const backward = graph.segmentBackward[point.segment]!;
  let best = Infinity;
  const atTo = toTarget.get(graph.segmentTo[point.segment]!);
  const atFrom = toTarget.get(graph.segmentFrom[point.segment]!);
  if (forward >= 0 && atTo !== undefined && times[forward] !== Infinity) best = Math.min(best, atTo + times[forward]! * (1 - point.fraction));
  if (backward >= 0 && atFrom !== undefined && times[backward] !== Infinity) best = Math.min(best, atFrom + times[backward]! * point.fraction);
  return best;
}

/** Straight along one segment, where its direction allows. */
function direct(graph: RoutingGraph, mode: RoutingMode, from: SnappedPoint, to: SnappedPoint): number {
  const times = graph.times[mode];
  const forward = graph.segmentForward[from.segment]!;
  const backward = graph.segmentBackward[from.segment]!;
  if (to.fraction >= from.fraction && forward >= 0 && times[forward] !== Infinity) return times[forward]! * (to.fraction - from.fraction);
  if (to.fraction <= from.fraction && backward >= 0 && times[backward] !== Infinity) return times[backward]! * (from.fraction - to.fraction);
  return Infinity;
}
