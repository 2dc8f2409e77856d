/**
 * Loads the territorial data at start: the demo's datasets (built from npm packages), then those
 * imported into TERRITORY_DIR, and keeps watching that folder so an import made while the server
 * runs is picked up without a restart.
 */
import { demoTerritoryDirectory, TerritoryStore } from '@catchment/geodata';
import type { Config } from '../config.js';

export async function openTerritoryStore(config: Config, log: (message: string) => void, options: { watch?: boolean } = {}): Promise<TerritoryStore> {
  const store = await TerritoryStore.open({ directories: [demoTerritoryDirectory(config.dataDir), config.territoryDir], log });
  if (options.watch !== false) store.watch();
  return store;
}
