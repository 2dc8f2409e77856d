/** Everything a route needs, built once per process: configuration, database, repositories and loaded data. */
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { BasemapTiles, DemoData, Gazetteer } from '@catchment/geodata';
import { SessionsRepository } from './auth/sessions.repository.js';
import { ClientsRepository } from './clients/clients.repository.js';
import { AreaGeometryResolvers } from './maps/area-geometry.js';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  clients: ClientsRepository;
  sessions: SessionsRepository;
  /**
   * How new areas get their geometry, by recipe (polygon, circle, routed, administrative). Polygons
   * and circles are built in; other modules plug theirs in with `areaResolvers.register(...)`
   * (see maps/area-geometry.ts). A recipe without a resolver answers 422.
   */
  areaResolvers: AreaGeometryResolvers;
  /** The offline basemap's tiles and the place search; absent when the demo data was not loaded. */
  basemap?: BasemapTiles;
  gazetteer?: Gazetteer;
}

export function createContext(config: Config, database: DatabaseHandle, demo?: DemoData): AppContext {
  return {
    config,
    database,
    clients: new ClientsRepository(database.db),
    sessions: new SessionsRepository(database.db),
    areaResolvers: new AreaGeometryResolvers(),
    ...demo,
  };
}
