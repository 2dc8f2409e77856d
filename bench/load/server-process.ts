/**
 * Starts the real API server (apps/api/src/main.ts) in a child process on 127.0.0.1, on the
 * embedded PGlite (a fresh database folder per run) or on a scratch PostgreSQL database, and
 * stops it. The child (server-entry.ts) reports its event-loop delay over IPC.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort, stopChild } from '../child-process.js';
import pg from 'pg';
import type { LoopReport } from './loop-probe.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 10 * 60_000; // the first start builds the demo data (about a minute, more on a busy machine)

export interface RunningServer {
  origin: string;
  port: number;
  /** The server's process (its memory is read from /proc by the benches that measure it). */
  pid: number;
  /** Event-loop delay reports received so far (one per second). */
  loopReports: LoopReport[];
  stop(): Promise<void>;
}


/**
 * `dataDir` keeps the demo data between runs (built once); its `db` folder, the embedded
 * database, is deleted first so every PGlite run starts from an empty, freshly migrated database,
 * unless `keepDatabase` (a bench that does not measure the database skips loading the demo's
 * territories into it again, a minute or more).
 */
export async function startServer(options: {
  dataDir: string; databaseUrl?: string | undefined; keepDatabase?: boolean; log: (line: string) => void; env?: NodeJS.ProcessEnv;
}): Promise<RunningServer> {
  if (!options.databaseUrl && !options.keepDatabase) rmSync(path.join(options.dataDir, 'db'), { recursive: true, force: true });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: options.dataDir, LOG_LEVEL: 'warn',
    // Settings of the developer's .env or shell must not change what is measured.
    DATABASE_URL: options.databaseUrl ?? '', TERRITORY_DIR: '', ROUTING_GRAPH_DIR: '', PUBLIC_URL: '',
    // The load generator stands for the users' proxy: it tells the server each user's own address
    // in X-Forwarded-For, so that per-address rate limits see 200 users, not one.
    TRUST_PROXY: 'loopback',
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load/server-entry.ts'], {
    cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const loopReports: LoopReport[] = [];
  child.on('message', (message) => loopReports.push(message as LoopReport));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error('the server did not start in time')); }, START_TIMEOUT_MS);
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        options.log(line);
        if (line.includes('Ready in')) { clearTimeout(timer); resolve(); }
      }
    };
    child.stdout!.on('data', onLine);
    child.stderr!.on('data', onLine);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the server exited with ${code} during start-up`)); });
  });
  child.removeAllListeners('exit');
  return { origin: `http://127.0.0.1:${port}`, port, pid: child.pid!, loopReports, stop: () => stopChild(child) };
}


/** A scratch database for the baseline (dropped by the returned function), or why there is none. */
export async function scratchPostgres(adminUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> } | string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    return `PostgreSQL at ${adminUrl} is not usable: ${(error as Error).message}`;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try { await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } finally { await client.end(); }
    },
  };
}
