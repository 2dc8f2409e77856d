/**
 * What a bench against PostGIS runs on: a scratch PostgreSQL database migrated like the API's, one
 * compute thread reaching it as the API's do (one thread: its cache is then the one every call
 * uses, so "held by the thread" means what it says), a connection of its own for the PostGIS
 * baseline, and a scratch folder; all gone afterwards unless kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ComputePool } from '../apps/api/src/compute/compute-pool.js';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/database.js';
import { migrate } from '../apps/api/src/db/migrate.js';
import { scratchPostgres } from './load/server-process.js';

export interface ScratchBench {
  database: DatabaseHandle;
  compute: ComputePool;
  /** The baseline's own connection (connected). */
  peer: pg.Client;
  /** A scratch folder for importers. */
  work: string;
}

/**
 * Runs `bench` on a fresh scratch database `name` on BENCH_PG_URL (default the local server's
 * postgres database); without a usable server says BASELINE UNAVAILABLE and fails.
 */
export async function withScratchBench(name: string, options: { keep: boolean }, bench: (setup: ScratchBench) => Promise<void>): Promise<void> {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await scratchPostgres(adminUrl, name);
  if (typeof scratch === 'string') {
    console.log(`BASELINE UNAVAILABLE, and nothing to measure ours on: ${scratch}`);
    process.exitCode = 1;
    return;
  }
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  const compute = new ComputePool({ threads: 1, database: database.connection });
  const peer = new pg.Client({ connectionString: scratch.url });
  const work = mkdtempSync(path.join(tmpdir(), `${name}-`));
  try {
    await migrate(database);
    await peer.connect();
    await bench({ database, compute, peer, work });
  } finally {
    await peer.end().catch(() => {});
    await compute.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
    if (!options.keep) await scratch.drop();
  }
}
