/**
 * A compute thread's own connections to the database: the caches of the thread (territorial units,
 * business searches' points) read what they keep through them, so that what they read is parsed
 * where it is used and never crosses the API's event loop.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.js';

export interface ThreadDatabase {
  pool: pg.Pool;
  db: Kysely<Database>;
}

export function openThreadDatabase(connection: pg.PoolConfig): ThreadDatabase {
  // Two connections: a thread runs one task at a time, the second covers a connection being replaced.
  const pool = new pg.Pool({ ...connection, max: 2, idleTimeoutMillis: 30_000 });
  pool.on('error', () => { /* an idle connection dropped (server restarted): the next query opens another */ });
  return { pool, db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) };
}
