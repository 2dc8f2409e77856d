import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOsm } from '@catchment/routing';
import { loadConfig } from '../config.js';
import { openIsochroneProvider } from './isochrone-provider.setup.js';

describe('openIsochroneProvider', () => {
  it('starts with the sound graphs when one is damaged, says which and how to rebuild it, and removes what a killed import left', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'isochrone-setup-')), ROUTING_WORKERS: '1' });
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
      const answer = await provider!.isochrones({ startPoint: [7.4209, 43.7371], isoMode: 'isochrone', transportMode: 'car', values: [300] });
      expect(answer.features).toHaveLength(1);
    } finally {
      await provider?.close();
    }
  });
});
