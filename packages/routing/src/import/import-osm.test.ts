import { describe, expect, it } from 'vitest';
import { ROUTING_MODES } from '../modes.js';
import { haversineMeters } from '../geo.js';
import { formatImportSummary, importOsm, progressBar } from './import-osm.js';
import { importedGraph } from '../test-support/fixtures.js';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

describe('importOsm', () => {
  it('builds the same graph from the PBF and the XML copy of Monaco', async () => {
    const pbf = await importedGraph('monaco');
    const xml = await importedGraph('monacoXml');
    expect(xml.summary.nodes).toBe(pbf.summary.nodes);
    expect(xml.summary.edges).toBe(pbf.summary.edges);
    expect(Array.from(xml.graph.targets)).toEqual(Array.from(pbf.graph.targets));
    for (const mode of ROUTING_MODES) expect(Array.from(xml.graph.times[mode])).toEqual(Array.from(pbf.graph.times[mode]));
    expect(Array.from(xml.graph.lon)).toEqual(Array.from(pbf.graph.lon));
  });

  it('keeps the routable ways of Monaco and Andorra (866 and 1,615 highway ways in the files)', async () => {
    const monaco = (await importedGraph('monaco')).summary;
    expect(monaco).toMatchObject({ ways: 859, nodes: 4_729, edges: 10_237 });
    const andorra = (await importedGraph('andorra')).summary;
    expect(andorra.ways).toBeLessThanOrEqual(1_615);
    expect(andorra).toMatchObject({ ways: 1_601, nodes: 38_331, edges: 77_039 });
    expect(andorra.bytesPerEdge).toBeLessThan(80);
  });

  it('writes a consistent CSR graph: sorted offsets, edge lengths equal to the distance between their nodes', async () => {
    const { graph } = await importedGraph('andorra');
    const { offsets, targets, lengths, lon, lat, header } = graph;
    expect(offsets[0]).toBe(0);
    expect(offsets[header.nodeCount]).toBe(header.edgeCount);
    let unsorted = 0;
    let worstLengthError = 0;
    for (let n = 0; n < header.nodeCount; n++) {
      if (offsets[n + 1]! < offsets[n]!) unsorted++;
      for (let e = offsets[n]!; e < offsets[n + 1]!; e++) {
        const t = targets[e]!;
        worstLengthError = Math.max(worstLengthError, Math.abs(lengths[e]! - haversineMeters(lon[n]!, lat[n]!, lon[t]!, lat[t]!)));
      }
    }
    expect(unsorted).toBe(0);
    expect(worstLengthError).toBeLessThan(0.01);
    // The extract's bounding box (README): 1.03664,41.73691,1.82526,42.78834.
    const [w, s, e, n] = header.bbox;
    expect(w).toBeGreaterThan(1.03664);
    expect(s).toBeGreaterThan(41.73691);
    expect(e).toBeLessThan(1.82526);
    expect(n).toBeLessThan(42.78834);
    expect(lon.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('reports progress and prints a summary', async () => {
    const fractions: number[] = [];
    const summary = await importOsm('test-data/osm/monaco.osm.pbf', join(mkdtempSync(join(tmpdir(), 'routing-')), 'm.graph'), {
      onProgress: (p) => p.phase === 'read' && fractions.push(p.fraction),
    });
    expect(fractions.at(-1)).toBe(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(formatImportSummary(summary)).toMatch(/nodes 4,729, edges 10,237/);
    expect(progressBar({ phase: 'read', fraction: 0.5 }, 10)).toBe('[#####.....]  50% read');
  });

  it('refuses files it cannot read', async () => {
    await expect(importOsm('test-data/README.md', join(tmpdir(), 'x.graph'))).rejects.toThrow(/Unsupported OSM file type/);
  });
});
