import { describe, expect, it } from 'vitest';
import { WayNodeLists } from './way-node-lists.js';

describe('the node lists of ways', () => {
  it('gives back each way as added, past the first allocations, in order or not', () => {
    const lists = new WayNodeLists();
    for (let id = 1; id <= 10_000; id++) lists.add(id * 2, [id, id + 1, id + 2, id]);
    expect(lists.get(2)).toEqual([1, 2, 3, 1]);
    expect(lists.get(20_000)).toEqual([10_000, 10_001, 10_002, 10_000]);
    expect(lists.get(3)).toBeUndefined();
    lists.add(5, [7, 8]);
    expect(lists.get(5)).toEqual([7, 8]);
    expect(lists.get(4_000)).toEqual([2_000, 2_001, 2_002, 2_000]);
    lists.add(1, []);
    expect(lists.get(1)).toEqual([]);
  });
});
