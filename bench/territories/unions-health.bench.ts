/**
 * `npm run bench:territories:unions`: the acceptance contract "while four 742-IRIS unions run,
 * GET /api/health answers within 250 ms".
 *
 * The compiled server (apps/api/dist, built first, as `npm start` runs it) on the embedded PGlite
 * of a scratch DATA_DIR (var/bench-territories/unions, fresh database every run, demo data shared
 * with the memory bench), with 1 + 4 × `--rounds` copies of the Bas-Rhin IRIS (replicate-iris.ts:
 * 742 IRIS each, 95,019 boundary points) imported with the data command line while the server is
 * stopped, then started again. One user signs up (POST /api/Clients).
 *
 * Two probes call the server back to back, one request at a time each: GET /api/health (which
 * runs `SELECT 1` on the database) and GET /api/config (which does not touch the database): when
 * health is slow and config is not, requests wait for the database, not for the event loop.
 * - Baseline: the probes on the idle server (200 calls each).
 * - The first request that needs the data's summary (GET /v2/units/kinds): the kinds and counts
 *   of the live units, computed once per data version and process, which every union, statistics
 *   and tile request reads first.
 * - Each round: four POST /v2/units/fr_iris/union at once, each with every IRIS code of another
 *   copy (742 distinct codes, never asked before, so no cache answers), while the probes run,
 *   until the four have answered. 4 unions a round stay far under the route's limit of 120 a
 *   minute per user.
 * `--postgres` runs the same on PostgreSQL instead: a scratch database, `catchment_bench_unions`
 * on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 * `--cpu-prof` starts the measured server with node's --cpu-prof: one .cpuprofile per thread in
 * var/bench-territories/profiles, written when it stops, and prints when each step ran on the
 * profiles' clock (CLOCK_MONOTONIC, µs) to find what held the event loop meanwhile.
 *
 * Printed per step: the unions' times and statuses, health and config p50/p99/max meanwhile, the
 * ratios of health's p99 and max to the idle baseline's; the contract holds when every health call
 * of every round took less than 250 ms.
 *
 *   npm run bench:territories:unions [-- --rounds 3 --postgres --cpu-prof]
 */
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { scratchPostgres } from '../load/server-process.js';
import { ms, percentile, ratio, table } from '../stats.js';
import { buildApi, memoryOf, ROOT, runDataCli, signUp, startApi } from './api-server.js';
import { replicateIris, type ReplicatedIris } from './replicate-iris.js';
import { argument } from '../arguments.js';

const ROUNDS = Number(argument('--rounds') ?? 3);
const ON_POSTGRES = process.argv.includes('--postgres');
const CPU_PROFILE = process.argv.includes('--cpu-prof');
const PROFILE_DIR = path.join(ROOT, 'var/bench-territories/profiles');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENT_UNIONS = 4;
const CONTRACT_MS = 250;
const IDLE_CALLS = 200;
const DATA_DIR = path.join(ROOT, 'var/bench-territories/unions');
const SHARED_DEMO = path.join(ROOT, 'var/bench-territories/demo-data');

async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

interface Probed<T> { health: number[]; config: number[]; result: T }

/** Both probes back to back until `work` settles. */
async function probeWhile<T>(origin: string, work: Promise<T>): Promise<Probed<T>> {
  let done = false;
  const tracked = work.finally(() => { done = true; });
  const probe = async (url: string) => {
    const latencies: number[] = [];
    while (!done) latencies.push(await timedGet(url));
    return latencies;
  };
  const [health, config] = await Promise.all([probe(`${origin}/api/health`), probe(`${origin}/api/config`)]);
  return { health, config, result: await tracked };
}

async function main(): Promise<void> {
  console.log('Building the API (apps/api/dist)…');
  buildApi();
  const copies = 1 + CONCURRENT_UNIONS * ROUNDS;
  const iris = await replicateIris({ copies, out: path.join(ROOT, `var/bench-territories/iris-x${copies}`), log: console.log });
  mkdirSync(DATA_DIR, { recursive: true });
  mkdirSync(SHARED_DEMO, { recursive: true });
  if (!existsSync(path.join(DATA_DIR, 'demo'))) symlinkSync(SHARED_DEMO, path.join(DATA_DIR, 'demo'));
  rmSync(path.join(DATA_DIR, 'db'), { recursive: true, force: true });
  const scratch = ON_POSTGRES ? await scratchPostgres(PG_URL, 'catchment_bench_unions') : undefined;
  if (typeof scratch === 'string') throw new Error(scratch);
  try {
    await measure(iris, { DATABASE_URL: scratch?.url ?? '' });
  } finally {
    await scratch?.drop();
  }
}

/** Imports the IRIS, restarts the server, and measures the probes idle, at the first summary and under the unions. */
async function measure(iris: ReplicatedIris, env: { DATABASE_URL: string }): Promise<void> {
  console.log(`First start (${env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, fresh database: loads the demo data), then the import of ${iris.units.toLocaleString('en')} IRIS…`);
  const first = await startApi({ dataDir: DATA_DIR, env });
  await first.stop();
  await runDataCli(DATA_DIR, ['import', 'fr-iris', iris.contours, iris.population], env);
  const server = await startApi({ dataDir: DATA_DIR, env, ...(CPU_PROFILE ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] } : {}) });
  /** On the clock of the profiles' timestamps. */
  const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
  const steps: string[] = [];
  try {
    const { origin } = server;
    const cookie = await signUp(origin, 'bench-unions');
    const idleHealth: number[] = [];
    const idleConfig: number[] = [];
    for (let i = 0; i < IDLE_CALLS; i++) {
      idleHealth.push(await timedGet(`${origin}/api/health`));
      idleConfig.push(await timedGet(`${origin}/api/config`));
    }
    const idleP99 = percentile(idleHealth, 99);
    const idleMax = Math.max(...idleHealth);
    const probeCells = (probed: { health: number[]; config: number[] }) => {
      const max = Math.max(...probed.health);
      return [String(probed.health.length), `${ms(percentile(probed.health, 50))} / ${ms(percentile(probed.health, 99))} / ${ms(max)} ms`,
        `${ms(percentile(probed.config, 50))} / ${ms(percentile(probed.config, 99))} / ${ms(Math.max(...probed.config))} ms`,
        ratio(percentile(probed.health, 99) / idleP99), ratio(max / idleMax), max < CONTRACT_MS ? 'yes' : 'NO'];
    };
    const rows = [['step', 'its requests (status: ms)', 'health calls', 'health p50 / p99 / max', 'config (no database) p50 / p99 / max', 'p99 ÷ idle p99', 'max ÷ idle max', `< ${CONTRACT_MS} ms`]];
    rows.push(['idle (baseline)', '', ...probeCells({ health: idleHealth, config: idleConfig }).slice(0, 3), '', '', idleMax < CONTRACT_MS ? 'yes' : 'NO']);

    let stepStarted = monotonicUs();
    const summary = await probeWhile(origin, (async () => {
      const started = performance.now();
      const response = await fetch(`${origin}/api/v2/units/kinds`);
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    })());
    rows.push(['first data summary (GET /v2/units/kinds)', `${summary.result.status}: ${ms(summary.result.ms)}`, ...probeCells(summary)]);
    steps.push(`summary ${stepStarted}–${monotonicUs()}`);

    let worst = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const selections = iris.copies.slice(1 + round * CONCURRENT_UNIONS, 1 + (round + 1) * CONCURRENT_UNIONS);
      stepStarted = monotonicUs();
      const probed = await probeWhile(origin, Promise.all(selections.map(async (copy) => {
        const started = performance.now();
        const response = await fetch(`${origin}/api/v2/units/fr_iris/union`, {
          method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ codes: copy.codes }),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - started };
      })));
      worst = Math.max(worst, ...probed.health);
      rows.push([`round ${round + 1}: 4 unions of 742 IRIS`, probed.result.map((union) => `${union.status}: ${ms(union.ms)}`).join(', '), ...probeCells(probed)]);
      steps.push(`round ${round + 1} ${stepStarted}–${monotonicUs()}`);
    }
    console.log(`\n${env.DATABASE_URL ? 'PostgreSQL' : 'Embedded PGlite'}, ${iris.units.toLocaleString('en')} IRIS loaded; server RSS at the end ${(memoryOf(server.pid).rssKb / 1024).toFixed(0)} MB\n`);
    console.log(table(rows));
    console.log(`\nContract (every health call < ${CONTRACT_MS} ms while four unions run): ${worst < CONTRACT_MS ? 'MET' : 'MISSED'}, worst ${ms(worst)} ms`);
    if (CPU_PROFILE) console.log(`CPU profiles in ${PROFILE_DIR}; steps (µs, CLOCK_MONOTONIC): ${steps.join(', ')}`);
  } finally {
    await server.stop();
  }
}

await main();
