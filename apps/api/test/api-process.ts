/**
 * Real API processes for the tests that need several: `node --import tsx apps/api/src/main.ts`
 * with an environment of their own, awaited until they answer, and stopped whatever happens (a
 * test that fails, a worker that exits).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * How long a start may take: the first start on a DATA_DIR builds its demo data and, on the
 * embedded database, loads it (past 240 s beside the other suites of npm test on two cores).
 */
const START_PATIENCE_MS = 540_000;

/**
 * The compute threads' time limit in tests: the product's 30 s was passed by a thread starting
 * and reading its first region beside the other suites of npm test on a slow machine (503s on
 * sign-up and census figures); the tests of the limit itself set their own.
 */
export const TEST_COMPUTE_TIMEOUT_MS = '120000';
const STOP_PATIENCE_MS = 15_000;

/** Every process still running, killed if the test worker exits without stopping them. */
const running = new Set<ChildProcess>();
process.once('exit', () => { for (const child of running) child.kill('SIGKILL'); });

export class ApiProcess {
  private log = '';
  private readonly exited: Promise<number | null>;

  private constructor(readonly name: string, readonly url: string, private readonly child: ChildProcess) {
    running.add(child);
    const keep = (chunk: Buffer) => { this.log += String(chunk); };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code) => { running.delete(child); resolve(code); }));
  }

  /** Starts the server with `env` added to this process's environment, on a free port; resolves once it answers. */
  static async start(name: string, env: Record<string, string>): Promise<ApiProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: REPOSITORY_ROOT,
      env: { COMPUTE_TIMEOUT_MS: TEST_COMPUTE_TIMEOUT_MS, ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ApiProcess(name, `http://127.0.0.1:${port}`, child);
    try {
      await server.answering();
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  /** What the process printed, for the message of a failing test. */
  output(): string {
    return this.log;
  }

  /** Stops it as an operator would (SIGTERM), killing it if it does not exit in time. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_PATIENCE_MS);
    await this.exited;
    clearTimeout(timer);
  }

  private async answering(): Promise<void> {
    const deadline = Date.now() + START_PATIENCE_MS;
    let exitCode: number | null | undefined;
    void this.exited.then((code) => { exitCode = code; });
    while (Date.now() < deadline) {
      if (exitCode !== undefined) throw new Error(`API process ${this.name} exited (${exitCode}) before answering:\n${this.log}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`API process ${this.name} did not answer within ${START_PATIENCE_MS / 1000} s:\n${this.log}`);
  }
}

/** A port nothing listens on right now (the kernel's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
