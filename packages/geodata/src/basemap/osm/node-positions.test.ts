import { describe, expect, it } from 'vitest';
import { NodePositions } from './node-positions.js';

describe('NodePositions', () => {
  it("gives a way's line from the nodes the extract holds, in the way's order, whatever order the nodes came in", () => {
    const nodes = new NodePositions();
    nodes.add(30, 7.43, 43.74);
    nodes.add(10, 7.41, 43.72);
    nodes.add(20, 7.42, 43.73);
    expect(nodes.line([20, 10, 30, 20])).toEqual([[7.42, 43.73], [7.41, 43.72], [7.43, 43.74], [7.42, 43.73]]);
  });

  it('keeps the known part of a way the extract cut', () => {
    const nodes = new NodePositions();
    nodes.add(1, 1.5, 42.5);
    nodes.add(2, 1.6, 42.6);
    expect(nodes.line([99, 1, 2, 100])).toEqual([[1.5, 42.5], [1.6, 42.6]]);
    expect(nodes.line([99, 100])).toEqual([]);
  });
});
