/**
 * `npm run bench:load`: many users on one real server, over loopback, for a fixed time.
 *
 * The server (apps/api/src/main.ts) runs in a child process on 127.0.0.1 with the embedded PGlite
 * (a fresh database every run), then again on a scratch PostgreSQL database: the baseline, same
 * script, same load. Each simulated user (virtual-user.ts) signs up, then loads the app, lists its
 * maps, creates a map, a layer and an area and reads the map back, partly on fresh connections.
 * Printed per database: p50/p95/p99/max per request type and for fresh vs reused connections,
 * the server's event-loop stalls and the listen socket's accept queue; then PGlite against
 * PostgreSQL. The run stops by itself: users ramp up over --ramp s, stop starting requests after
 * --duration s, and every request gives up after 60 s.
 *
 *   npm run bench:load                                   # 200 users, 30 s, PGlite then PostgreSQL
 *   npm run bench:load -- --users 50 --duration 10       # quicker
 *   npm run bench:load -- --no-baseline                  # PGlite alone
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { seededRandom } from '../stats.js';
import type { Sample } from './http-client.js';
import { readListenCounters, watchAcceptQueue } from './listen-queue.js';
import { ratioTable, runTable, type RunResult } from './report.js';
import { scratchPostgres, startServer } from './server-process.js';
import { runUser } from './virtual-user.js';

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const USERS = argument('--users', 200);
const DURATION_S = argument('--duration', 30);
const RAMP_S = argument('--ramp', 5);
const THINK_MS = argument('--think', 500);
const BASELINE = !process.argv.includes('--no-baseline');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Keeps the demo data between runs (built on the first); under var/, which git ignores.
const DATA_DIR = path.resolve(import.meta.dirname, '../../var/bench-load');
const SCRATCH_DATABASE = 'catchment_bench_load';

const say = (message: string) => console.log(`[bench:load] ${message}`);

async function run(name: string, databaseUrl: string | undefined): Promise<RunResult> {
  say(`${name}: starting the server`);
  const server = await startServer({ dataDir: DATA_DIR, databaseUrl, log: (line) => say(`${name} server: ${line}`) });
  const samples: Sample[] = [];
  const before = readListenCounters();
  const stopWatching = watchAcceptQueue(server.port);
  const runId = randomBytes(4).toString('hex');
  const random = seededRandom(20_250_601);
  const startedAt = Date.now();
  const endAt = startedAt + (RAMP_S + DURATION_S) * 1000;
  say(`${name}: ${USERS} users for ${DURATION_S} s (+${RAMP_S} s ramp-up), pauses of 0–${THINK_MS} ms`);
  try {
    await Promise.all(Array.from({ length: USERS }, (_, index) => runUser({
      index, origin: server.origin, runId, random, thinkMs: THINK_MS, endAt,
      startAt: startedAt + (RAMP_S * 1000 * index) / USERS,
      record: (sample) => samples.push(sample),
    })));
  } finally {
    await server.stop();
  }
  const maxAcceptQueue = stopWatching();
  const after = readListenCounters();
  const loop = server.loopReports.filter((r) => r.at >= startedAt);
  return {
    name, samples, seconds: (Date.now() - startedAt) / 1000, loop, maxAcceptQueue,
    listenOverflows: before && after ? after.overflows - before.overflows : undefined,
    listenDrops: before && after ? after.drops - before.drops : undefined,
  };
}

async function main(): Promise<void> {
  const pglite = await run('PGlite', undefined);
  console.log(`\n## PGlite (embedded), ${USERS} users, ${DURATION_S} s\n\n${runTable(pglite)}\n`);
  if (!BASELINE) return;
  const scratch = await scratchPostgres(PG_URL, SCRATCH_DATABASE);
  if (typeof scratch === 'string') {
    console.log(`BASELINE UNAVAILABLE: ${scratch}`);
    return;
  }
  try {
    const postgres = await run('PostgreSQL', scratch.url);
    console.log(`\n## PostgreSQL (baseline), ${USERS} users, ${DURATION_S} s\n\n${runTable(postgres)}\n`);
    console.log(`## PGlite against PostgreSQL\n\n${ratioTable(pglite, postgres)}\n`);
  } finally {
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
