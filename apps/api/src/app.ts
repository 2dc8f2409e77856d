/**
 * Start-up sequence shared by the server and the data command line: open the database,
 * bring its schema up to date, build the context.
 */
import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { createContext, type AppContext } from './context.js';

export async function openApp(config: Config, log: (message: string) => void): Promise<AppContext> {
  const pgliteDir = path.join(config.dataDir, 'db');
  log(config.databaseUrl ? 'Connecting to PostgreSQL' : `Opening the embedded database in ${pgliteDir}`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
  await migrate(database, log);
  return createContext(config, database);
}
