/**
 * Opens the database: the embedded PGlite (+ PostGIS) in DATA_DIR/db by default, or a PostgreSQL
 * + PostGIS server when DATABASE_URL is set. Both are reached the same way, with node-postgres
 * (the embedded one through the Unix socket of its thread: embedded-database.ts), so the
 * migrations, every query and every extra client (job queue, LISTEN) are shared.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg, { type PoolConfig } from 'pg';
import { runningEmbeddedDatabase, startEmbeddedDatabase } from './embedded-database.js';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Kysely<Database>;
  /** How another client (the job queue, a LISTEN connection) reaches the same database. */
  connection: PoolConfig;
  /** The embedded database of another process (a running server), reached through its socket. */
  shared: boolean;
  /** Runs a multi-statement SQL script (no parameters), e.g. a migration. */
  execScript(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; ignored with databaseUrl; undefined: in memory. */
  pgliteDir?: string | undefined;
  /**
   * With the embedded database, use the one a running server already opened on that folder (the
   * data command line while the server runs) rather than failing because it is in use.
   */
  shareRunning?: boolean;
  /** Connections of this process's pool. */
  poolSize?: number;
}

// Counts come back as numbers: ours stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return connect('postgres', { connectionString: options.databaseUrl }, options.poolSize, false, async () => {});
  const running = options.shareRunning && options.pgliteDir ? await runningEmbeddedDatabase(options.pgliteDir) : undefined;
  if (running) return connect('pglite', running, options.poolSize, true, async () => {});
  const embedded = await startEmbeddedDatabase(options.pgliteDir);
  try {
    return await connect('pglite', embedded.connection, options.poolSize, false, () => embedded.close());
  } catch (error) {
    await embedded.close();
    throw error;
  }
}

async function connect(kind: DatabaseKind, connection: PoolConfig, poolSize = 10, shared: boolean, closeServer: () => Promise<void>): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ ...connection, max: poolSize });
  // An idle connection that breaks (a restarted server) is dropped by the pool; the next query opens another.
  pool.on('error', () => {});
  await pool.query('SELECT 1');
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind,
    db,
    connection,
    shared,
    async execScript(sql) { await pool.query(sql); },
    async close() {
      await db.destroy();
      await closeServer();
    },
  };
}
