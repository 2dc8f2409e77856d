import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importOsm, type ImportSummary } from '../import/import-osm.js';
import { loadGraph } from '../graph/graph-file.js';
import type { RoutingGraph } from '../graph/routing-graph.js';

/** The shared OSM extracts, read in place (copies in test-data/; paths relative to the repository root, where tests run). */
export const OSM_EXTRACTS = {
  monaco: 'test-data/osm/monaco.osm.pbf',
  monacoXml: 'test-data/osm/monaco.osm.gz',
  andorra: 'test-data/osm/andorra.osm.pbf',
  rnv: 'test-data/osm/rnv-mannheim-heidelberg.osm.pbf',
} as const;

/** The GTFS feeds over the rnv extract (Mannheim–Heidelberg, Oct–Dec 2016). */
export const GTFS_FEEDS = {
  rnv: 'test-data/gtfs/rnv-gtfs.zip',
  heidelbergLines22And33: 'test-data/gtfs/rnv-gtfs-heidelberg-lines-22-33.zip',
} as const;

const directory = mkdtempSync(join(tmpdir(), 'routing-test-'));
const imported = new Map<string, Promise<{ graph: RoutingGraph; summary: ImportSummary; path: string }>>();

/** Imports an extract once per test file into a temporary folder and loads the graph file. */
export function importedGraph(name: keyof typeof OSM_EXTRACTS): Promise<{ graph: RoutingGraph; summary: ImportSummary; path: string }> {
  let result = imported.get(name);
  if (!result) {
    const path = join(directory, `${name}.graph`);
    result = importOsm(OSM_EXTRACTS[name], path).then((summary) => ({ summary, path, graph: loadGraph(path) }));
    imported.set(name, result);
  }
  return result;
}

export const testGraphDirectory = directory;
