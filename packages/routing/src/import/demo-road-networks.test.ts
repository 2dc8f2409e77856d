import { copyFileSync, mkdtempSync, readdirSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGraph } from '../graph/graph-file.js';
import { OSM_EXTRACTS } from '../test-support/fixtures.js';
import { ensureDemoRoadNetworks, type DemoRoadNetwork } from './demo-road-networks.js';

/** Monaco only, to keep the test fast; the list also names a sample that is not there. */
const NETWORKS: DemoRoadNetwork[] = [
  { region: 'monaco', extract: 'monaco.osm.pbf' },
  { region: 'atlantis', extract: 'atlantis.osm.pbf' },
];

function samples(): string {
  const directory = mkdtempSync(join(tmpdir(), 'demo-extracts-'));
  copyFileSync(OSM_EXTRACTS.monaco, join(directory, 'monaco.osm.pbf'));
  return directory;
}

function run(extractDir: string, graphDir: string, force = false) {
  const log: string[] = [];
  return ensureDemoRoadNetworks({ extractDir, graphDir, networks: NETWORKS, force, log: (line) => log.push(line) })
    .then((report) => ({ report, log }));
}

describe('ensureDemoRoadNetworks', () => {
  it('imports the samples on the first run, says so, and does nothing on the next', async () => {
    const extractDir = samples();
    const graphDir = join(mkdtempSync(join(tmpdir(), 'demo-graphs-')), 'graphs');
    const graph = join(graphDir, 'monaco.graph');

    const first = await run(extractDir, graphDir);
    expect(first.report).toEqual({ imported: ['monaco'], upToDate: [], withoutExtract: ['atlantis'] });
    expect(first.log).toEqual([
      'Importing the demo road networks (first start only): monaco…',
      expect.stringMatching(new RegExp(`^Demo road networks imported in \\d+\\.\\d s into ${graphDir} \\(monaco \\d+\\.\\d s\\)$`)),
    ]);
    expect(loadGraph(graph).header).toMatchObject({ source: 'monaco.osm.pbf', nodeCount: 4_729, edgeCount: 10_237 });
    const written = statSync(graph).mtimeMs;

    const second = await run(extractDir, graphDir);
    expect(second.report).toEqual({ imported: [], upToDate: ['monaco'], withoutExtract: ['atlantis'] });
    expect(second.log).toEqual([]);
    expect(statSync(graph).mtimeMs).toBe(written);
    expect(readdirSync(graphDir)).toEqual(['monaco.graph']);
  }, 30_000);

  it('says nothing and writes nothing when the samples are absent', async () => {
    const graphDir = join(mkdtempSync(join(tmpdir(), 'demo-graphs-')), 'graphs');
    const { report, log } = await run(mkdtempSync(join(tmpdir(), 'no-extracts-')), graphDir);
    expect(report).toEqual({ imported: [], upToDate: [], withoutExtract: ['monaco', 'atlantis'] });
    expect(log).toEqual([]);
    expect(() => readdirSync(graphDir)).toThrow(/ENOENT/);
  });

  it('imports again a damaged graph, one older than its sample, and every one when forced; removes what a killed import left', async () => {
    const extractDir = samples();
    const graphDir = mkdtempSync(join(tmpdir(), 'demo-graphs-'));
    const graph = join(graphDir, 'monaco.graph');
    await run(extractDir, graphDir);
    const size = statSync(graph).size;

    truncateSync(graph, Math.floor(size / 2));
    writeFileSync(join(graphDir, 'monaco.graph.999999999.1.tmp'), 'partial');
    const damaged = await run(extractDir, graphDir);
    expect(damaged.report.imported).toEqual(['monaco']);
    expect(damaged.log.slice(0, 2)).toEqual([
      `Removed ${join(graphDir, 'monaco.graph.999999999.1.tmp')}, left by an interrupted write`,
      expect.stringMatching(/^Demo road network monaco\.graph: .*monaco\.graph is truncated: .*; importing it again$/),
    ]);
    expect(statSync(graph).size).toBe(size);
    expect(readdirSync(graphDir)).toEqual(['monaco.graph']);

    // A newer sample (the sources updated) is imported again.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(extractDir, 'monaco.osm.pbf'), later, later);
    const outdated = await run(extractDir, graphDir);
    expect(outdated.report.imported).toEqual(['monaco']);
    expect(outdated.log[0]).toBe('Demo road network monaco.graph: older than monaco.osm.pbf; importing it again');

    const forced = await run(extractDir, graphDir, true);
    expect(forced.report.imported).toEqual(['monaco']);
    expect(forced.log[0]).toBe('Importing the demo road networks: monaco…');
  }, 30_000);
});
