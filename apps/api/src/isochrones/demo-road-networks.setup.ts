/**
 * The demo's road networks (Monaco, Andorra, Mannheim–Heidelberg, from the repository's sample
 * extracts), imported on first start into DATA_DIR/demo/graphs beside the rest of the demo data.
 * The routing engine loads that folder after the operator's ROUTING_GRAPH_DIR: an operator's graph
 * of the same region replaces the demo one, and theirs are tried first where regions overlap.
 */
import path from 'node:path';
import { demoDirectory } from '@catchment/geodata';
import { ensureDemoRoadNetworks as importDemoRoadNetworks, type DemoRoadNetworkReport } from '@catchment/routing';
import type { Config } from '../config.js';

export const demoGraphDirectory = (config: Pick<Config, 'dataDir'>) => path.join(demoDirectory(config.dataDir), 'graphs');

/** Imports the demo road networks that are missing or stale (all of them with `force`, as `npm run data:demo` does). */
export function ensureDemoRoadNetworks(
  config: Pick<Config, 'dataDir' | 'demoExtractDir'>, log: (message: string) => void, options: { force?: boolean } = {},
): Promise<DemoRoadNetworkReport> {
  return importDemoRoadNetworks({ extractDir: config.demoExtractDir, graphDir: demoGraphDirectory(config), force: options.force, log });
}
