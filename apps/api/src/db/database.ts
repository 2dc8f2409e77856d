/**
 * Opens the database: the embedded PGlite (+ PostGIS) in DATA_DIR/db by default,
 * or a PostgreSQL + PostGIS server when DATABASE_URL is set. Both speak the same SQL,
 * so the migrations and every query are shared.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Kysely<Database>;
  /** Runs a multi-statement SQL script (no parameters), e.g. a migration. */
  execScript(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; ignored with databaseUrl. */
  pgliteDir?: string | undefined;
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pg = await import('pg');
  // Return bigint counts as numbers: our counts stay far below 2^53.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    async execScript(sql) { await pool.query(sql); },
    async close() { await pool.end(); },
  };
}

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  const [{ PGlite, types }, { postgis }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-postgis'),
    import('./pglite-dialect.js'),
  ]);
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pglite = await PGlite.create(dir ?? 'memory://', {
    extensions: { postgis },
    parsers: { [types.INT8]: (v: string) => Number(v) },
  });
  return {
    kind: 'pglite',
    db: new Kysely<Database>({ dialect: new PGliteDialect(pglite) }),
    async execScript(sql) { await pglite.exec(sql); },
    async close() { await pglite.close(); },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.pgliteDir);
}
