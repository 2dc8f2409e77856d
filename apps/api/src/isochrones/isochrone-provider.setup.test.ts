import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOsm } from '@catchment/routing';
import { loadConfig } from '../config.js';
import { demoGraphDirectory } from './demo-road-networks.setup.js';
import { openIsochroneProvider } from './isochrone-provider.setup.js';

/** A data directory of its own, with the demo's sample extracts taken from `samples` (none by default). */
function configWith(samples: string[] = []) {
  const demoExtractDir = mkdtempSync(join(tmpdir(), 'demo-extracts-'));
  for (const sample of samples) copyFileSync(`test-data/osm/${sample}`, join(demoExtractDir, sample));
  return { ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'isochrone-setup-')), ROUTING_WORKERS: '1' }), demoExtractDir };
}

const IN_MONACO = { startPoint: [7.4209, 43.7371] as [number, number], isoMode: 'isochrone', transportMode: 'car', values: [300] };

describe('openIsochroneProvider', () => {
  it('starts with the sound graphs when one is damaged, says which and how to rebuild it, and removes what a killed import left', async () => {
    const config = configWith();
    mkdirSync(config.routingGraphDir, { recursive: true });
    const monaco = join(config.routingGraphDir, 'monaco.graph');
    await importOsm('test-data/osm/monaco.osm.pbf', monaco);
    // A graph cut in the middle (as a full disk leaves it) and the temporary file of an import killed long ago.
    copyFileSync(monaco, join(config.routingGraphDir, 'monaco-old.graph'));
    truncateSync(join(config.routingGraphDir, 'monaco-old.graph'), Math.floor(statSync(monaco).size / 3));
    writeFileSync(join(config.routingGraphDir, 'andorra.graph.999999999.1.tmp'), 'partial');

    const log: string[] = [];
    const provider = await openIsochroneProvider(config, (line) => log.push(line));
    try {
      expect(log).toEqual([
        `Removed ${join(config.routingGraphDir, 'andorra.graph.999999999.1.tmp')}, left by an interrupted write`,
        expect.stringMatching(/^Skipping road graph monaco-old\.graph: .* is truncated: .*\. Rebuild it with: npm run data -- import osm monaco\.osm\.pbf$/),
        'Road networks loaded: monaco.osm.pbf',
      ]);
      expect(readdirSync(config.routingGraphDir).sort()).toEqual(['monaco-old.graph', 'monaco.graph']);
      const answer = await provider!.isochrones(IN_MONACO);
      expect(answer.features).toHaveLength(1);
    } finally {
      await provider?.close();
    }
  });

  it('imports the demo road networks on first start only, and an operator\'s graph of the same region replaces the demo one', async () => {
    const config = configWith(['monaco.osm.pbf', 'andorra.osm.pbf']);
    mkdirSync(config.routingGraphDir, { recursive: true });
    await importOsm('test-data/osm/monaco.osm.pbf', join(config.routingGraphDir, 'monaco.graph'));
    const demoGraphs = demoGraphDirectory(config);
    const replaced = `Not loading road graph ${join(demoGraphs, 'monaco.graph')}: ${join(config.routingGraphDir, 'monaco.graph')} covers the same region`;

    const first: string[] = [];
    const provider = await openIsochroneProvider(config, (line) => first.push(line));
    try {
      expect(first).toEqual([
        'Importing the demo road networks (first start only): monaco, andorra…',
        expect.stringMatching(/^Demo road networks imported in [\d.]+ s into .*demo\/graphs \(monaco [\d.]+ s, andorra [\d.]+ s\)$/),
        replaced,
        'Road networks loaded: monaco.osm.pbf, andorra.osm.pbf (demo)',
      ]);
      expect(readdirSync(demoGraphs).sort()).toEqual(['andorra.graph', 'monaco.graph']);
      const inAndorra = await provider!.isochrones({ ...IN_MONACO, startPoint: [1.5218, 42.5063] });
      expect(inAndorra.features[0]!.geometry.coordinates.length).toBeGreaterThan(0);
    } finally {
      await provider?.close();
    }

    const second: string[] = [];
    const again = await openIsochroneProvider(config, (line) => second.push(line));
    await again?.close();
    expect(second).toEqual([replaced, 'Road networks loaded: monaco.osm.pbf, andorra.osm.pbf (demo)']);
  });

  it('routes in the demo regions when the operator imported none', async () => {
    const config = configWith(['monaco.osm.pbf']);
    const log: string[] = [];
    const provider = await openIsochroneProvider(config, (line) => log.push(line));
    try {
      expect(log.at(-1)).toBe('Road networks loaded: monaco.osm.pbf (demo)');
      expect((await provider!.isochrones(IN_MONACO)).features).toHaveLength(1);
    } finally {
      await provider?.close();
    }
  });
});
