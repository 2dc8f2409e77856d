/**
 * One start of the API server in a child process, as `npm start` runs it: time until GET
 * /api/health answers, then the process's resident memory once it has been idle for a while.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, healthAnswers, stopChild } from '../child-process.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface StartMode {
  name: string;
  /** Node arguments: the entry and the flags it is run with. */
  args: string[];
}

export interface StartMeasure {
  /** Spawn to the first 200 of /api/health. */
  readyMs: number;
  /** CPU time (user + system, all threads) spent until then: unlike readyMs, it does not count waiting for a busy machine's cores. */
  cpuMs: number;
  /** Resident set size (all threads) after `idleMs` without requests. */
  rssKb: number;
}

const HEALTH_POLL_MS = 10;

/** Servers still running: killed if the bench exits first (an error, Ctrl-C). */
const running = new Set<ChildProcess>();
process.once('exit', () => { for (const child of running) child.kill('SIGKILL'); });
const START_TIMEOUT_MS = 10 * 60_000;


/** VmRSS of a process in kB (Linux: /proc). */
function residentKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? NaN);
}

/** User + system CPU time of a process in ms (Linux: /proc, in ticks of 1/100 s, the fixed USER_HZ of its interface). */
function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}



/** Starts the server on `dataDir`, measures, stops it (gracefully: the embedded database is closed). */
export async function measureStart(mode: StartMode, options: { dataDir: string; idleMs: number; log: (line: string) => void }): Promise<StartMeasure> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: options.dataDir, LOG_LEVEL: 'warn',
    // Settings of the developer's .env or shell must not change what is measured.
    DATABASE_URL: '', TERRITORY_DIR: '', ROUTING_GRAPH_DIR: '', PUBLIC_URL: '', ROUTING_WORKERS: '', COMPUTE_WORKERS: '',
  };
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, mode.args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => { output += chunk.toString(); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  try {
    let readyMs = NaN;
    let cpuMs = NaN;
    while (Number.isNaN(readyMs)) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} during start-up:\n${output}`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`the server did not start in time:\n${output}`);
      if (await healthAnswers(origin)) {
        readyMs = performance.now() - started;
        cpuMs = cpuTimeMs(child.pid!);
      } else {
        await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, options.idleMs));
    return { readyMs, cpuMs, rssKb: residentKb(child.pid!) };
  } finally {
    await stopChild(child);
    for (const line of output.split('\n').filter((l) => /\b(?:error|failed)\b/i.test(l))) options.log(line);
  }
}
