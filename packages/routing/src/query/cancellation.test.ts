import { afterEach, describe, expect, it } from 'vitest';
import { importedGraph } from '../test-support/fixtures.js';
import { SearchWorkspace } from './bounded-search.js';
import { CANCELLATION_CHECK_EVERY, setCancellationCheck } from './cancellation.js';
import { snapToRoad } from './snap.js';

afterEach(() => setCancellationCheck(() => false));

describe('a search told to stop', () => {
  it('asks while it runs, and stops with CANCELLED at the first check after the flag is set', async () => {
    const { graph } = await importedGraph('andorra');
    const workspace = new SearchWorkspace(graph);
    const start = snapToRoad(graph, 'car', 1.5218, 42.5063)!;
    let checks = 0;
    setCancellationCheck(() => ++checks >= 2);
    for (const direction of ['departure', 'arrival'] as const) {
      checks = 0;
      expect(() => workspace.searchFrom([start], 'car', 'isochrone', 3600, direction)).toThrow(expect.objectContaining({ code: 'CANCELLED' }));
      expect(checks).toBe(2);
    }

    // Not cancelled, the same search settles far more nodes than the two checks let it.
    setCancellationCheck(() => false);
    expect(workspace.search(start, 'car', 'isochrone', 3600).settled.length).toBeGreaterThan(3 * CANCELLATION_CHECK_EVERY);
  });
});
