/**
 * Who computes isochrones, chosen at start: our engine over the imported road graphs and the demo's
 * (default), or an operator's own Valhalla, openrouteservice or GraphHopper server (ROUTING_PROVIDER
 * and ROUTING_PROVIDER_URL). Without either, isochrones answer with how to import a road network.
 */
import { createRoutingEngine, EXTERNAL_PROVIDERS, isExternalProviderName, type IsochroneProvider } from '@catchment/routing';
import type { Config } from '../config.js';
import { demoGraphDirectory, ensureDemoRoadNetworks } from './demo-road-networks.setup.js';

export async function openIsochroneProvider(config: Config, log: (message: string) => void): Promise<IsochroneProvider | undefined> {
  if (config.routingProvider !== 'builtin') {
    if (!isExternalProviderName(config.routingProvider)) {
      throw new Error(`ROUTING_PROVIDER must be builtin, ${Object.keys(EXTERNAL_PROVIDERS).join(', ')}; got "${config.routingProvider}"`);
    }
    if (!config.routingProviderUrl) throw new Error(`ROUTING_PROVIDER=${config.routingProvider} needs ROUTING_PROVIDER_URL`);
    log(`Isochrones computed by ${config.routingProvider} at ${config.routingProviderUrl}`);
    return EXTERNAL_PROVIDERS[config.routingProvider]({ baseUrl: config.routingProviderUrl, apiKey: config.routingProviderKey });
  }
  // About a second on first start, nothing afterwards (demo-road-networks.ts).
  await ensureDemoRoadNetworks(config, log);
  // The engine logs the graphs it skips as damaged (with the command that rebuilds each) and starts with the others.
  const engine = await createRoutingEngine({
    graphDir: config.routingGraphDir, fallbackGraphDir: demoGraphDirectory(config), timetableDir: config.transitTimetableDir,
    workers: config.routingWorkers || undefined, log,
  });
  const regions = engine.regions();
  if (regions.length === 0) {
    await engine.close();
    log(`No road network imported yet (${config.routingGraphDir}): isochrones need one, see npm run data -- import osm <file.osm.pbf>`);
    return undefined;
  }
  log(`Road networks loaded: ${regions.map((region) => `${region.source}${region.fallback ? ' (demo)' : ''}`).join(', ')}`);
  const feeds = engine.transitFeeds();
  if (feeds.length > 0) log(`Transit timetables loaded: ${feeds.map((feed) => `${feed.source} (${feed.firstDate} → ${feed.lastDate})`).join(', ')}`);
  return engine;
}
