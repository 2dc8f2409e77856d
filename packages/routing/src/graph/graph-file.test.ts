import { copyFileSync, mkdtempSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runKilledMidWrite } from '@catchment/files/test-support';
import { createRoutingEngine } from '../engine/routing-engine.js';
import { importOsm } from '../import/import-osm.js';
import { computeIsochrones, SearchWorkspace, type IsochroneRequest } from '../query/compute-isochrones.js';
import { OSM_EXTRACTS } from '../test-support/fixtures.js';
import { loadGraph, readGraphHeader } from './graph-file.js';

const importModule = fileURLToPath(new URL('../import/import-osm.ts', import.meta.url));
const request: IsochroneRequest = { startPoint: [7.4209, 43.7371], isoMode: 'isochrone', transportMode: 'car', values: [120, 300] };

function isochronesOf(path: string) {
  const graph = loadGraph(path);
  return computeIsochrones(graph, new SearchWorkspace(graph), request).collection;
}

describe('graph files and crashes', () => {
  it('keeps the previous graph whole when an import is killed while it writes, and the next start removes what it left', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'graph-crash-'));
    const target = join(directory, 'monaco.graph');
    const { bytes } = await importOsm(OSM_EXTRACTS.monaco, target);
    const before = isochronesOf(target);

    // The same import again into the same file, in a process killed after 100 kB of its output.
    const run = await runKilledMidWrite({
      module: importModule, exportName: 'importOsm', args: [resolve(OSM_EXTRACTS.monaco), target], afterBytes: 100_000, into: directory,
    });
    expect(run).toMatchObject({ signal: 'SIGKILL' });

    expect(statSync(target).size).toBe(bytes);
    expect(isochronesOf(target)).toEqual(before);
    const [leftover, ...others] = readdirSync(directory).filter((name) => name !== 'monaco.graph');
    expect(others).toEqual([]);
    expect(statSync(join(directory, leftover!)).size).toBeLessThan(bytes);

    const log: string[] = [];
    const engine = await createRoutingEngine({ graphDir: directory, workers: 1, log: (line) => log.push(line) });
    try {
      expect(readdirSync(directory)).toEqual(['monaco.graph']);
      expect(log).toEqual([`Removed ${join(directory, leftover!)}, left by an interrupted write`]);
      expect(await engine.isochrones(request)).toEqual(before);
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('skips a damaged graph with the command that rebuilds it, and serves the other regions', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'graph-damaged-'));
    const monaco = join(directory, 'monaco.graph');
    await importOsm(OSM_EXTRACTS.monaco, monaco);
    // A copy cut in the middle of its arrays (its header, and so its source, still readable), and a file that is no graph at all.
    const truncated = join(directory, 'monaco-copy.graph');
    copyFileSync(monaco, truncated);
    truncateSync(truncated, Math.floor(statSync(monaco).size / 2));
    writeFileSync(join(directory, 'andorra.graph'), 'not a graph');

    const log: string[] = [];
    const engine = await createRoutingEngine({ graphDir: directory, workers: 1, log: (line) => log.push(line) });
    try {
      expect(engine.regions().map((region) => region.source)).toEqual(['monaco.osm.pbf']);
      expect(await engine.isochrones(request)).toEqual(isochronesOf(monaco));
      expect(log).toEqual([
        `Skipping road graph andorra.graph: ${join(directory, 'andorra.graph')} is not a routing graph file. ` +
          'Rebuild it with: npm run data -- import osm <andorra.osm.pbf>',
        expect.stringMatching(new RegExp(
          `^Skipping road graph monaco-copy\\.graph: .*monaco-copy\\.graph is truncated: its \\w+ array ends at byte \\d+, the file has \\d+\\. ` +
            'Rebuild it with: npm run data -- import osm monaco\\.osm\\.pbf$',
        )),
      ]);
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('reads the header alone, and refuses a file cut inside its header', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'graph-header-'));
    const file = join(directory, 'monaco.graph');
    await importOsm(OSM_EXTRACTS.monaco, file);
    expect(readGraphHeader(file)).toEqual(loadGraph(file).header);
    truncateSync(file, 40);
    expect(() => readGraphHeader(file)).toThrow(`${file} is truncated inside its header`);
    expect(() => loadGraph(file)).toThrow(`${file} is truncated inside its header`);
  });
});
