/**
 * The test server's own database, for a state no user can reach from the app in a test's time (an
 * account three weeks old): PostgreSQL at the server's DATABASE_URL, or the embedded database
 * through the local socket the running server opens for the data command line.
 */
import path from 'node:path';
import pg from 'pg';
import { connectionThrough, socketDirectory } from '../../apps/api/src/db/embedded-database.js';

/** Runs one statement on the server's database. */
export async function onServerDatabase(dataDir: string, databaseUrl: string, sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client(databaseUrl ? { connectionString: databaseUrl } : connectionThrough(socketDirectory(path.join(dataDir, 'db'))));
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** Makes an account as old as `days` (its creation moved back). */
export async function ageAccount(dataDir: string, databaseUrl: string, email: string, days: number): Promise<void> {
  const { rowCount } = await onServerDatabase(dataDir, databaseUrl, `UPDATE clients SET created_at = now() - make_interval(days => $2) WHERE lower(email) = lower($1)`, [email, days]);
  if (rowCount !== 1) throw new Error(`no account ${email}`);
}
