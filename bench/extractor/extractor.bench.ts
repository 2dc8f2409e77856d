/**
 * `npm run bench:extractor`: extractor calls per second per key (POST /api/Appkeys/{key}/extractor/
 * fr_cities), through HTTP to the real server (`npm start`'s build, embedded PGlite, or
 * DATABASE_URL), with the communes of Alpes-Maritimes imported as an operator does it.
 *
 * - Cold: each request a circle not asked before (radius 2 to 12 km around seeded points of the
 *   Nice–Cannes–Menton coast), so the area is made, its communes found by the index and measured in
 *   a compute thread, and the answer kept. Baseline of the run.
 * - Warm: the same requests again, 4 times over, each one of the key's 15 most recent extractions (answered from
 *   the cache: no computation, no extraction counted).
 * One request at a time, then 4 at a time (the server has 2 cores here). Paid keys, each of a Pro
 * account: a key makes at most 100 extractions a month and 300 calls a minute, so each run uses
 * keys of its own. Printed: calls per second, p50 and p95 latency, and warm ÷ cold.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import type { AppKeyView } from '@catchment/domain';
import { argument } from '../arguments.js';
import { ms, percentile, ratio, seededRandom, table } from '../stats.js';
import { api, buildApi, ROOT, runDataCli, signUpAs, startApi, type ApiServer } from '../territories/api-server.js';

const REQUESTS = Math.min(Number(argument('--requests') ?? 15), 15);
/** The warm run asks each request this many times (the key's 300 calls a minute allow it). */
const WARM_ROUNDS = 4;
const COMMUNES_06 = ['test-data/fr/communes-06-alpes-maritimes.geojson', 'test-data/fr/population-communes-06-alpes-maritimes.csv'];
/** Nice, Cannes, Menton, Grasse: the circles' centres are drawn around them. */
const CENTRES: [number, number][] = [[7.262, 43.71], [7.017, 43.552], [7.497, 43.775], [6.923, 43.658]];

interface Run { label: string; concurrency: number; latencies: number[]; seconds: number }

/** A Pro account's paid key (the data command sets the plan, as an operator would). */
async function paidKey(server: ApiServer, dataDir: string, name: string): Promise<string> {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const cookie = await signUpAs(server.origin, email);
  await runDataCli(dataDir, ['users', 'set-plan', email, 'pro_2020']);
  const { id } = await api<{ id: number }>(server.origin, cookie, 'GET', '/auth/me');
  const keys = await api<AppKeyView[]>(server.origin, cookie, 'GET', `/Clients/${id}/appKeys`);
  return keys.find((key) => key.kind === 'paid')!.key;
}

function circles(seed: number, count: number) {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const [lng, lat] = CENTRES[i % CENTRES.length]!;
    const startPoint: [number, number] = [Number((lng + (random() - 0.5) * 0.06).toFixed(5)), Number((lat + (random() - 0.5) * 0.04).toFixed(5))];
    return { startPoint, isoMode: 'isodistance', transportMode: 'circle', value: Math.round(2_000 + random() * 10_000) };
  });
}

async function extractOnce(origin: string, key: string, body: unknown): Promise<{ ms: number; cached: boolean }> {
  const started = performance.now();
  const response = await fetch(`${origin}/api/Appkeys/${key}/extractor/fr_cities`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const answer = await response.json() as { cached?: boolean };
  if (!response.ok) throw new Error(`the extractor answered ${response.status}: ${JSON.stringify(answer)}`);
  return { ms: performance.now() - started, cached: answer.cached === true };
}

/** Sends the requests with `concurrency` in flight; checks each answer is cold or warm as expected. */
async function run(label: string, origin: string, key: string, requests: unknown[], concurrency: number, expectCached: boolean): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < requests.length) {
      const body = requests[next++];
      const answer = await extractOnce(origin, key, body);
      if (answer.cached !== expectCached) throw new Error(`${label}: expected ${expectCached ? 'a cached' : 'a computed'} answer`);
      latencies.push(answer.ms);
    }
  }));
  return { label, concurrency, latencies, seconds: (performance.now() - started) / 1_000 };
}

async function main() {
  console.log('Building the API (npm start runs the same bundle)…');
  buildApi();
  const work = path.join(ROOT, 'var/bench/extractor');
  mkdirSync(work, { recursive: true });
  const dataDir = mkdtempSync(path.join(work, 'run-'));
  console.log('Importing the communes of Alpes-Maritimes…');
  await runDataCli(dataDir, ['import', 'fr-communes', ...COMMUNES_06]);
  const server = await startApi({ dataDir });
  try {
    const runs: Run[] = [];
    for (const [i, concurrency] of [1, 4].entries()) {
      const key = await paidKey(server, dataDir, `extractor-${concurrency}`);
      const requests = circles(42 + i, REQUESTS);
      // Not counted: the compute thread's first start and the routes' first calls.
      const warmUpKey = await paidKey(server, dataDir, `warm-up-${concurrency}`);
      await run('warm-up', server.origin, warmUpKey, circles(7 + i, 3), 1, false);
      runs.push(await run('cold', server.origin, key, requests, concurrency, false));
      runs.push(await run('warm (cached)', server.origin, key, Array.from({ length: WARM_ROUNDS }, () => requests).flat(), concurrency, true));
    }
    const rows = [['requests', 'in flight', 'calls/s', 'p50 ms', 'p95 ms', 'calls/s ÷ cold']];
    for (const entry of runs) {
      const cold = runs.find((other) => other.label === 'cold' && other.concurrency === entry.concurrency)!;
      const perSecond = entry.latencies.length / entry.seconds;
      rows.push([entry.label, String(entry.concurrency), perSecond.toFixed(1), ms(percentile(entry.latencies, 50)), ms(percentile(entry.latencies, 95)),
        entry === cold ? 'baseline' : ratio(perSecond / (cold.latencies.length / cold.seconds))]);
    }
    console.log(`\nExtractor, ${REQUESTS} circles per run (radius 2–12 km, communes of Alpes-Maritimes), one paid key per run\n`);
    console.log(table(rows));
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
