/**
 * `npm run bench:hostile`: does one heavy request hold everybody else's? On a real server (embedded
 * PGlite, 127.0.0.1), /api/health is called back to back while one user sends, in turn: a polygon
 * of 200,000 points (refused: over the vertex limit), a valid polygon of 50,000 points, the limit (checked
 * in a compute thread, then stored), and the union of every US county (computed in a compute
 * thread). Printed for each: how long the heavy request took, and /api/health's p50 and max
 * meanwhile, against the baseline: /api/health on the idle server, same run.
 */
import path from 'node:path';
import { ms, percentile, ratio } from '../stats.js';
import { startServer } from '../load/server-process.js';

const DATA_DIR = path.resolve(import.meta.dirname, '../../var/bench-load');

function polygon(points: number): { type: 'Polygon'; coordinates: number[][][] } {
  const ring: number[][] = [];
  for (let i = 0; i < points - 1; i++) {
    const angle = (i / (points - 1)) * 2 * Math.PI;
    const radius = 0.05 + (i % 2) * 0.00005;
    ring.push([Number((7.26 + radius * Math.cos(angle)).toFixed(7)), Number((43.7 + radius * Math.sin(angle)).toFixed(7))]);
  }
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

async function healthWhile<T>(origin: string, work: Promise<T>): Promise<{ latencies: number[]; result: T; workMs: number }> {
  const started = performance.now();
  let done = false;
  let workMs = 0;
  const tracked = work.finally(() => { done = true; workMs = performance.now() - started; });
  const latencies: number[] = [];
  while (!done) {
    const t = performance.now();
    await fetch(`${origin}/api/health`).then((response) => response.arrayBuffer());
    latencies.push(performance.now() - t);
  }
  return { latencies, result: await tracked, workMs };
}

async function main(): Promise<void> {
  const server = await startServer({ dataDir: DATA_DIR, log: (line) => { if (!line.includes('Ready')) console.log(`  server: ${line}`); } });
  try {
    const { origin } = server;
    const json = (method: string, url: string, body: unknown, cookie = '') => fetch(`${origin}/api${url}`, {
      method, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body),
    });
    const signup = await json('POST', '/Clients', { email: `bench-${Date.now()}@example.com`, password: 'long enough pw', firstName: 'B', lastName: 'H', acceptTerms: true });
    const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const map = await (await json('POST', '/v2/maps', {}, cookie)).json() as { id: number };
    const folder = crypto.randomUUID();
    await json('PUT', `/v2/maps/${map.id}/folders/${folder}`, { label: 'Layer' }, cookie);

    const idle: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await fetch(`${origin}/api/health`).then((response) => response.arrayBuffer());
      idle.push(performance.now() - t);
    }
    console.log(`\n/api/health on the idle server (baseline): p50 ${ms(percentile(idle, 50))} ms, max ${ms(Math.max(...idle))} ms\n`);

    const cases: [string, () => Promise<Response>][] = [
      ['polygon of 200,000 points (refused)', () => json('POST', `/v2/maps/${map.id}/folders/${folder}/areas/bulk`, { areas: [{ uuid: crypto.randomUUID(), isoMode: 'polygon', geometry: polygon(200_000) }] }, cookie)],
      ['polygon of 50,000 points (stored)', () => json('POST', `/v2/maps/${map.id}/folders/${folder}/areas/bulk`, { areas: [{ uuid: crypto.randomUUID(), isoMode: 'polygon', geometry: polygon(50_000) }] }, cookie)],
      ['union of every US county', () => json('POST', '/v2/units/us_counties/union', { codes: countyCodes }, cookie)],
    ];
    console.log('| heavy request | status | its time | /api/health p50 meanwhile | max | max ÷ idle p50 |');
    console.log('|---|---|---|---|---|---|');
    for (const [name, send] of cases) {
      const { latencies, result, workMs } = await healthWhile(origin, send().then(async (response) => { await response.arrayBuffer(); return response.status; }));
      console.log(`| ${name} | ${result} | ${ms(workMs)} ms | ${ms(percentile(latencies, 50))} ms | ${ms(Math.max(...latencies))} ms | ${ratio(Math.max(...latencies) / percentile(idle, 50))} |`);
    }
  } finally {
    await server.stop();
  }
}

// FIPS codes of every US county, as us-atlas (the demo's source of counties) numbers them.
const { default: counties } = await import('us-atlas/counties-10m.json', { with: { type: 'json' } }) as { default: { objects: { counties: { geometries: { id: string }[] } } } };
const countyCodes = counties.objects.counties.geometries.map((geometry) => geometry.id);
await main();
