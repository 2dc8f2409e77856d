/** What the benches that start the real server share: a free port, its health, and a clean stop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Whether GET /api/health answers 200 within 2 s. */
export async function healthAnswers(origin: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** SIGTERM (the server closes its database cleanly), SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface StartedApp { origin: string; stop(): Promise<void> }

/**
 * `npm start` as a newcomer runs it (scripts/start.mjs: builds what changed, then the compiled
 * server) on a free port of 127.0.0.1, on the embedded database of `dataDir` and our own basemap,
 * once /api/health answers (the first start builds the demo data: up to 10 minutes).
 */
export async function startApp(root: string, dataDir: string): Promise<StartedApp> {
  const origin = `http://127.0.0.1:${await freePort()}`;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: new URL(origin).port, HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', MAP_STYLE_URL: '', BASEMAP_PMTILES: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 600_000;
  while (!(await healthAnswers(origin))) {
    if (Date.now() > deadline || server.exitCode !== null) {
      await stopChild(server);
      throw new Error('the app did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { origin, stop: () => stopChild(server) };
}
