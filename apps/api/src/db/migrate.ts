/**
 * Applies the SQL files of ./migrations in name order, each once, each in its own transaction.
 * On PostgreSQL an advisory lock keeps two API processes starting together from racing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 727_001;

export async function migrate(handle: DatabaseHandle, log: (message: string) => void = () => {}): Promise<string[]> {
  const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  // Everything on one connection (the lock's): a pool of one connection must not wait for a second.
  await handle.db.connection().execute(async (conn) => {
    const lock = handle.kind === 'postgres';
    if (lock) await sql`SELECT pg_advisory_lock(${LOCK_KEY})`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(conn);
      const done = new Set((await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(conn)).rows.map((r) => r.name));
      for (const file of files) {
        if (done.has(file)) continue;
        log(`Applying database migration ${file}`);
        const script = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
        // No parameters: sent as one simple query, so its statements run as one transaction.
        await sql.raw(`BEGIN;\n${script}\n;INSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`).execute(conn);
        applied.push(file);
      }
    } finally {
      if (lock) await sql`SELECT pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
    }
  });
  return applied;
}
