import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildRoadChains } from '../graph/road-chains.js';
import type { RoutingGraph } from '../graph/routing-graph.js';
import { ROUTING_MODES } from '../modes.js';
import { importedGraph } from '../test-support/fixtures.js';
import { SearchWorkspace, type Direction, type IsoMode, type SearchResult } from './bounded-search.js';
import { snapToRoad, type SnappedPoint } from './snap.js';

/**
 * The chain search (the default) against the plain node-by-node search on real extracts: the same
 * nodes reached and the same costs, for every mode, both metrics, both directions, one start or
 * several, with and without start costs. Seeded, so a failure replays.
 */
function differences(graph: RoutingGraph, plain: SearchResult, chained: SearchResult): string[] {
  const expected = new Float64Array(graph.header.nodeCount).fill(Infinity);
  for (const node of plain.settled) expected[node] = plain.costOf(node);
  const seen = new Uint8Array(graph.header.nodeCount);
  const found: string[] = [];
  for (const node of chained.settled) {
    if (seen[node]) found.push(`node ${node} listed twice`);
    seen[node] = 1;
    const cost = chained.costOf(node);
    const want = expected[node]!;
    if (!(Math.abs(cost - want) <= 1e-6 * Math.max(1, want))) found.push(`node ${node}: ${cost}, plain ${want}`);
  }
  for (const node of plain.settled) if (!seen[node]) found.push(`node ${node} (plain ${expected[node]}) not reached`);
  if (plain.settled.length !== chained.settled.length) found.push(`${chained.settled.length} nodes reached, plain ${plain.settled.length}`);
  return found.slice(0, 5);
}

const regions = [
  { name: 'monaco', box: [7.409, 43.725, 7.437, 43.750], runs: 150, maxBudget: 900 },
  { name: 'andorra', box: [1.42, 42.43, 1.78, 42.65], runs: 60, maxBudget: 1_800 },
  { name: 'rnv', box: [8.40, 49.35, 8.75, 49.55], runs: 12, maxBudget: 1_200 },
] as const;

describe('chain search', () => {
  for (const region of regions) {
    it(`reaches the nodes of the plain search at its costs (${region.name}: every mode, both metrics and directions, several starts, start costs)`, { timeout: 300_000 }, async () => {
      const { graph } = await importedGraph(region.name);
      const plain = new SearchWorkspace(graph, { plain: true });
      const chained = new SearchWorkspace(graph);
      const [west, south, east, north] = region.box;
      const point = fc.tuple(fc.double({ min: west, max: east, noNaN: true }), fc.double({ min: south, max: north, noNaN: true }));
      let compared = 0;
      fc.assert(
        fc.property(
          fc.array(fc.tuple(point, fc.integer({ min: 0, max: 300 })), { minLength: 1, maxLength: 3 }),
          fc.constantFrom(...ROUTING_MODES), fc.constantFrom<IsoMode>('isochrone', 'isodistance'), fc.constantFrom<Direction>('departure', 'arrival'),
          fc.boolean(), fc.integer({ min: 1, max: region.maxBudget }),
          (entries, mode, isoMode, direction, withStartCosts, value) => {
            const starts: SnappedPoint[] = [];
            const costs: number[] = [];
            for (const [[lon, lat], cost] of entries) {
              const start = snapToRoad(graph, mode, lon, lat);
              if (!start) continue;
              starts.push(start);
              costs.push(cost);
            }
            if (starts.length === 0) return;
            const budget = isoMode === 'isochrone' ? value : value * 10;
            const startCosts = withStartCosts && direction === 'departure' ? costs : undefined;
            const expected = plain.searchFrom(starts, mode, isoMode, budget, direction, startCosts);
            const result = chained.searchFrom(starts, mode, isoMode, budget, direction, startCosts);
            expect(differences(graph, expected, result)).toEqual([]);
            compared++;
          },
        ),
        { numRuns: region.runs, seed: 20_261_129 },
      );
      expect(compared).toBeGreaterThan(region.runs / 2);
    });
  }

  it('folds every routable segment into exactly one chain step, and lists every chain at both its junctions', async () => {
    const { graph } = await importedGraph('andorra');
    const chains = buildRoadChains(graph);
    const { chainSteps, chainFirstNode, stepNodes, stepForward, stepBackward, nodeChain, nodeStep, halfOffsets, halves, halfTargets } = chains;
    const edgesSeen = new Uint8Array(graph.header.edgeCount);
    for (let c = 0; c < chainFirstNode.length; c++) {
      let node = chainFirstNode[c]!;
      for (let i = chainSteps[c]!; i < chainSteps[c + 1]!; i++) {
        const next = stepNodes[i]!;
        // Each step's edges join the node before it to the node it arrives at.
        if (stepForward[i]! >= 0) expect(graph.targets[stepForward[i]!]).toBe(next);
        if (stepBackward[i]! >= 0) expect(graph.targets[stepBackward[i]!]).toBe(node);
        for (const edge of [stepForward[i]!, stepBackward[i]!]) if (edge >= 0) edgesSeen[edge]!++;
        if (i < chainSteps[c + 1]! - 1) {
          expect(nodeChain[next]).toBe(c);
          expect(nodeStep[next]).toBe(i);
          expect(halfOffsets[next + 1]! - halfOffsets[next]!).toBe(0);
        }
        node = next;
      }
      const atFirst = Array.from(halves.subarray(halfOffsets[chainFirstNode[c]!]!, halfOffsets[chainFirstNode[c]! + 1]!));
      const atLast = Array.from(halves.subarray(halfOffsets[node]!, halfOffsets[node + 1]!));
      expect(atFirst).toContain(2 * c);
      expect(atLast).toContain(2 * c + 1);
      expect(halfTargets[halfOffsets[node]! + atLast.indexOf(2 * c + 1)]).toBe(chainFirstNode[c]);
    }
    expect(edgesSeen.every((count) => count === 1)).toBe(true);
    expect(chainFirstNode.length).toBeLessThan(graph.header.nodeCount / 5);
  });
});
