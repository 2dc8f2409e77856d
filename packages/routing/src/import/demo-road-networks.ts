/**
 * The demo's road networks: small OpenStreetMap extracts kept with the sources (Monaco, Andorra,
 * Mannheim–Heidelberg), imported once into a graph folder of their own so that a fresh install can
 * compute travel-time areas before its operator imports the extract of their own region.
 *
 * Each graph is imported again only when it is missing, unreadable, of an older graph format, or
 * older than its extract; the import writes crash-safely (graph-file.ts), and what a killed import
 * left is removed first. Extracts that are absent (an installed copy without the samples) are
 * skipped without a word.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { removeStaleTemporaryFiles } from '@catchment/files';
import { GRAPH_EXTENSION } from '../engine/routing-engine.js';
import { checkGraphFile } from '../graph/graph-file.js';
import { importOsm } from './import-osm.js';

export interface DemoRoadNetwork {
  /** The region name, and so the graph file's (`<region>.graph`), as `npm run data -- import osm <extract>` names it. */
  region: string;
  /** The extract's file name in the samples folder. */
  extract: string;
}

/** Small enough to import in about a second together (0.3 + 0.3 + 0.7 s on one core). */
export const DEMO_ROAD_NETWORKS: readonly DemoRoadNetwork[] = [
  { region: 'monaco', extract: 'monaco.osm.pbf' },
  { region: 'andorra', extract: 'andorra.osm.pbf' },
  { region: 'rnv-mannheim-heidelberg', extract: 'rnv-mannheim-heidelberg.osm.pbf' },
];

export interface DemoRoadNetworkOptions {
  /** Where the sample extracts are (the repository's test-data/osm). */
  extractDir: string;
  /** Where their graphs go; the routing engine loads it as its fallback folder. */
  graphDir: string;
  /** Import every extract again, fresh or not (`npm run data:demo`). */
  force?: boolean;
  networks?: readonly DemoRoadNetwork[];
  log?: (message: string) => void;
}

export interface DemoRoadNetworkReport {
  /** Regions imported by this call. */
  imported: string[];
  /** Regions whose graph was already there and fresh. */
  upToDate: string[];
  /** Regions whose extract is not there (and whose graph, if any, was left as it was). */
  withoutExtract: string[];
}

export async function ensureDemoRoadNetworks(options: DemoRoadNetworkOptions): Promise<DemoRoadNetworkReport> {
  const { extractDir, graphDir, force = false, networks = DEMO_ROAD_NETWORKS, log = () => {} } = options;
  const report: DemoRoadNetworkReport = { imported: [], upToDate: [], withoutExtract: [] };
  const toImport: Array<DemoRoadNetwork & { extractPath: string; graphPath: string }> = [];
  await removeStaleTemporaryFiles(graphDir, log);
  for (const network of networks) {
    const extractPath = join(extractDir, network.extract);
    const graphPath = join(graphDir, `${network.region}${GRAPH_EXTENSION}`);
    if (!existsSync(extractPath)) {
      report.withoutExtract.push(network.region);
      continue;
    }
    const problem = force ? 'rebuild asked' : staleness(graphPath, extractPath);
    if (problem === undefined) report.upToDate.push(network.region);
    else {
      // A missing graph is the first start, not news; a damaged or outdated one is worth a line.
      if (problem !== MISSING && !force) log(`Demo road network ${basename(graphPath)}: ${problem}; importing it again`);
      toImport.push({ ...network, extractPath, graphPath });
    }
  }
  if (toImport.length === 0) return report;

  log(`Importing the demo road networks${force ? '' : ' (first start only)'}: ${toImport.map(({ region }) => region).join(', ')}…`);
  mkdirSync(graphDir, { recursive: true });
  const started = performance.now();
  const timings: string[] = [];
  for (const network of toImport) {
    try {
      const summary = await importOsm(network.extractPath, network.graphPath);
      report.imported.push(network.region);
      timings.push(`${network.region} ${(summary.milliseconds / 1000).toFixed(1)} s`);
    } catch (error) {
      // A sample that cannot be read costs its region, not the start of the server.
      log(`Demo road network ${network.extract} could not be imported: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (report.imported.length > 0) {
    log(`Demo road networks imported in ${((performance.now() - started) / 1000).toFixed(1)} s into ${graphDir} (${timings.join(', ')})`);
  }
  return report;
}

const MISSING = 'missing';

/** Why a demo graph must be imported again, or undefined when it is fine as it is. */
function staleness(graphPath: string, extractPath: string): string | undefined {
  if (!existsSync(graphPath)) return MISSING;
  try {
    const header = checkGraphFile(graphPath);
    if (header.source !== basename(extractPath)) return `imported from ${header.source}, not ${basename(extractPath)}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  // A sample updated with the sources (a newer extract) is imported again.
  if (statSync(graphPath).mtimeMs < statSync(extractPath).mtimeMs) return `older than ${basename(extractPath)}`;
  return undefined;
}
