/** Loads the imported road graphs at start; without any, isochrones answer with how to import one. */
import { createRoutingEngine, type RoutingEngine } from '@catchment/routing';
import type { Config } from '../config.js';

export async function openRoutingEngine(config: Config, log: (message: string) => void): Promise<RoutingEngine | undefined> {
  const engine = await createRoutingEngine({ graphDir: config.routingGraphDir, workers: config.routingWorkers || undefined });
  const regions = engine.regions();
  if (regions.length === 0) {
    await engine.close();
    log(`No road network imported yet (${config.routingGraphDir}): isochrones need one, see npm run data -- import osm <file.osm.pbf>`);
    return undefined;
  }
  log(`Road networks loaded: ${regions.map((region) => region.source).join(', ')}`);
  return engine;
}
