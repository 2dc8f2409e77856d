/**
 * The database the data command line writes to: the PostgreSQL server of DATABASE_URL, or the
 * embedded database in DATA_DIR/db — through the running server's socket when a server has it
 * open (the import is live for that server as soon as it finishes), else opened here.
 */
import path from 'node:path';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrate } from '../db/migrate.js';

export async function withDataDatabase<T>(config: Config, log: (message: string) => void, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db'), shareRunning: true, poolSize: 2 });
  log(database.kind === 'postgres' ? 'Writing to the PostgreSQL database of DATABASE_URL'
    : database.shared ? 'Writing to the embedded database through the running server' : `Writing to the embedded database in ${path.join(config.dataDir, 'db')}`);
  try {
    await migrate(database, log);
    return await work(database);
  } finally {
    await database.close();
  }
}
