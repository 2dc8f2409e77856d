import { describe, expect, it } from 'vitest';
import { WayNodePositions } from './way-node-positions.js';

/** Two ways' node lists, flat as the builder keeps them: 30-10-20 and 20-40-10, plus 50, which the extract lacks. */
const WAY_REFS = Float64Array.of(30, 10, 20, 20, 40, 10, 50);
const EXTRACT_NODES: Array<[number, number, number]> = [
  [5, 0.5, 50.5], [10, 1, 51], [20, 2, 52], [25, 2.5, 52.5], [30, 3, 53], [40, 4, 54], [60, 6, 56],
];

function collect(order: Array<[number, number, number]>): WayNodePositions {
  const positions = new WayNodePositions(WAY_REFS);
  for (const [id, lon, lat] of order) positions.node(id, lon, lat);
  return positions;
}

describe('WayNodePositions', () => {
  it('keeps only the nodes the ways use, numbered in id order, and resolves each reference (-1 for a node the extract lacks)', () => {
    const positions = collect(EXTRACT_NODES);
    expect(Array.from(positions.ids)).toEqual([10, 20, 30, 40, 50]);
    const { graphIndex, nodeCount, lon, lat } = positions.numbered();
    expect(nodeCount).toBe(4);
    expect(Array.from(graphIndex)).toEqual([0, 1, 2, 3, -1]);
    expect(Array.from(lon)).toEqual([1, 2, 3, 4]);
    expect(Array.from(lat)).toEqual([51, 52, 53, 54]);
    expect(Array.from(positions.resolve(WAY_REFS))).toEqual([2, 0, 1, 1, 3, 0, -1]);
  });

  it('gives the same when the extract does not list its nodes by id', () => {
    const sorted = collect(EXTRACT_NODES).numbered();
    const shuffled = collect([EXTRACT_NODES[4]!, EXTRACT_NODES[1]!, EXTRACT_NODES[6]!, EXTRACT_NODES[0]!, EXTRACT_NODES[5]!, EXTRACT_NODES[2]!]).numbered();
    expect(shuffled).toEqual(sorted);
  });

  it('uses its own arrays as the graph’s positions when the extract has every node', () => {
    const positions = new WayNodePositions(Float64Array.of(2, 1, 2));
    positions.node(1, 7, 43);
    positions.node(2, 8, 44);
    const { nodeCount, lon } = positions.numbered();
    expect(nodeCount).toBe(2);
    expect(lon).toBe(positions.lon);
  });
});
