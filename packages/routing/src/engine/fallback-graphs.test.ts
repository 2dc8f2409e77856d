import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOsm } from '../import/import-osm.js';
import { OSM_EXTRACTS } from '../test-support/fixtures.js';
import { createRoutingEngine, graphsCovering } from './routing-engine.js';

describe('fallback graphs (the demo regions)', () => {
  it('are loaded after the graphs of graphDir, unless one of those has the same region', async () => {
    const graphDir = mkdtempSync(join(tmpdir(), 'operator-graphs-'));
    const fallbackGraphDir = mkdtempSync(join(tmpdir(), 'demo-graphs-'));
    await importOsm(OSM_EXTRACTS.monaco, join(graphDir, 'monaco.graph'));
    await importOsm(OSM_EXTRACTS.monaco, join(fallbackGraphDir, 'monaco.graph'));
    await importOsm(OSM_EXTRACTS.andorra, join(fallbackGraphDir, 'andorra.graph'));

    const log: string[] = [];
    const engine = await createRoutingEngine({ graphDir, fallbackGraphDir, workers: 1, log: (line) => log.push(line) });
    try {
      expect(engine.regions().map(({ region, fallback }) => ({ region, fallback }))).toEqual([
        { region: 'monaco', fallback: false },
        { region: 'andorra', fallback: true },
      ]);
      expect(log).toEqual([`Not loading road graph ${join(fallbackGraphDir, 'monaco.graph')}: ${join(graphDir, 'monaco.graph')} covers the same region`]);
      const inAndorra = await engine.isochrones({ startPoint: [1.5218, 42.5063], isoMode: 'isochrone', transportMode: 'car', values: [300] });
      expect(inAndorra.features[0]!.geometry.coordinates.length).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('are tried after every other graph covering the start, however small their box', () => {
    const country = { bbox: [5, 40, 10, 45] as [number, number, number, number] };
    const city = { bbox: [7.4, 43.7, 7.5, 43.8] as [number, number, number, number] };
    const sampleOfTheCity = { ...city, fallback: true };
    const elsewhere = { bbox: [1, 42, 2, 43] as [number, number, number, number] };
    expect(graphsCovering([sampleOfTheCity, country, elsewhere, city], [7.42, 43.73])).toEqual([3, 1, 0]);
  });
});
