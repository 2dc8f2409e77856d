/** Everything a route needs, built once per process: configuration, database and repositories. */
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { SessionsRepository } from './auth/sessions.repository.js';
import { ClientsRepository } from './clients/clients.repository.js';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  clients: ClientsRepository;
  sessions: SessionsRepository;
}

export function createContext(config: Config, database: DatabaseHandle): AppContext {
  return {
    config,
    database,
    clients: new ClientsRepository(database.db),
    sessions: new SessionsRepository(database.db),
  };
}
