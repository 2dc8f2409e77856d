/**
 * The real API server and data command line for the territorial benches, as `npm start` and
 * `npm run data` run them: the esbuild bundle (apps/api/dist, built by scripts/build-api.mjs from
 * the current sources), in child processes on 127.0.0.1, on the embedded PGlite database of a
 * scratch DATA_DIR (or DATABASE_URL). Also what the benches read of a process (/proc) and the few
 * API calls they make.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, healthAnswers, stopChild } from '../child-process.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'apps/api/dist');
const START_TIMEOUT_MS = 10 * 60_000;
const HEALTH_POLL_MS = 20;

/** Children still running: killed if the bench exits first (an error, Ctrl-C). */
const children = new Set<ChildProcess>();
process.once('exit', () => { for (const child of children) child.kill('SIGKILL'); });

/** Builds apps/api/dist from the current sources (what `npm run build:api` does). */
export function buildApi(): void {
  const built = spawnSync(process.execPath, ['scripts/build-api.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the API build failed:\n${built.stdout}${built.stderr}`);
}

export interface Memory { rssKb: number; peakRssKb: number }

/** VmRSS (now) and VmHWM (the peak so far) of a process, all threads (Linux /proc). */
export function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'))?.[1] ?? NaN);
  return { rssKb: field('VmRSS'), peakRssKb: field('VmHWM') };
}

/** The settings of the runs: those of the developer's shell or .env must not change what is measured. */
function benchEnv(dataDir: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn',
    DATABASE_URL: '', TERRITORY_DIR: '', ROUTING_GRAPH_DIR: '', PUBLIC_URL: '', ROUTING_WORKERS: '', COMPUTE_WORKERS: '', TRUST_PROXY: '',
    ...extra,
  };
}


export interface ApiServer {
  origin: string;
  pid: number;
  /** From the spawn to the first 200 of GET /api/health. */
  readyMs: number;
  /** What the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `node --enable-source-maps apps/api/dist/main.js` (as `npm start`; `nodeArgs` before it) and waits until /api/health answers. */
export async function startApi(options: { dataDir: string; env?: NodeJS.ProcessEnv; nodeArgs?: string[] }): Promise<ApiServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--enable-source-maps', path.join(DIST, 'main.js')], {
    cwd: ROOT, env: benchEnv(options.dataDir, { PORT: String(port), ...options.env }), stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => { output += chunk.toString(); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const stop = () => stopChild(child, 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} during start-up:\n${output}`);
    if (performance.now() - started > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`the server did not start in time:\n${output}`);
    }
    if (await healthAnswers(origin)) break;
    await sleep(HEALTH_POLL_MS);
  }
  return { origin, pid: child.pid!, readyMs: performance.now() - started, output: () => output, stop };
}



export interface CliRun { ms: number; peakRssKb: number; output: string }

/**
 * `npm run data -- <args>` compiled (`node apps/api/dist/data.js`), on the same DATA_DIR: through a
 * running server's socket when one has the embedded database open, else opening it itself. Run
 * under /usr/bin/time (Debian package "time"), when there is one, for its peak resident memory.
 */
export async function runDataCli(dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const node = [process.execPath, '--enable-source-maps', path.join(DIST, 'data.js'), ...args];
  const timed = existsSync('/usr/bin/time');
  const started = performance.now();
  const child = spawn(timed ? '/usr/bin/time' : node[0]!, timed ? ['-f', 'BENCH_PEAK_KB %M', ...node] : node.slice(1), {
    cwd: ROOT, env: benchEnv(dataDir, env), stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  children.delete(child);
  if (code !== 0) throw new Error(`npm run data -- ${args.join(' ')} failed (${code}):\n${output}`);
  return { ms: performance.now() - started, peakRssKb: Number(output.match(/BENCH_PEAK_KB (\d+)/)?.[1] ?? NaN), output };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs a new user up (POST /api/Clients) and returns the session cookie. */
export async function signUp(origin: string, name: string): Promise<string> {
  return signUpAs(origin, `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
}

/** Signs up a user of this e-mail address and returns the session cookie. */
export async function signUpAs(origin: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/api/Clients`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'long enough pw', firstName: 'Bench', lastName: 'Territories', acceptTerms: true }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/** A JSON API call with the session cookie; throws on an error status. */
export async function api<T>(origin: string, cookie: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}/api${url}`, {
    method, headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The tile (x, y) holding a point at zoom z (Web Mercator, as the map asks for them). */
export function tileAt(z: number, [lng, lat]: [number, number]): [number, number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [z, Math.floor(((lng + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)];
}
