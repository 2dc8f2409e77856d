/**
 * The embedded database (PGlite) as the rest of the code sees it: a PostgreSQL server on a Unix
 * socket, served by a thread of the process that owns the data folder (pglite-thread.ts).
 *
 * One process owns a data folder at a time (a lock file holding its pid): PGlite cannot be opened
 * twice. Another process on the same folder (the data command line while the server runs)
 * connects to the owner's socket instead; with nobody running, it becomes the owner itself.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PoolConfig } from 'pg';
import { isRunning, workerUrl } from '@catchment/files';
import type { PgliteThreadData, PgliteThreadMessage } from './pglite-thread.js';

/** pg finds a socket as `<host>/.s.PGSQL.<port>`. */
const SOCKET_PORT = 5432;
/** Unix socket paths are limited to about 107 bytes. */
const SOCKET_PATH_MAX = 100;

export interface EmbeddedDatabase {
  /** How node-postgres reaches it. */
  connection: PoolConfig;
  close(): Promise<void>;
}

export class EmbeddedDatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`The embedded database in ${dataDir} is in use by another process (pid ${pid}). Stop it first, or set DATABASE_URL to share a PostgreSQL server between processes.`);
  }
}

/** The folder of the socket of the database in `pgliteDir`: next to it, or in the temporary folder when that path is too long. */
export function socketDirectory(pgliteDir: string): string {
  const beside = path.join(path.dirname(pgliteDir), 'run');
  if (path.join(beside, `.s.PGSQL.${SOCKET_PORT}`).length <= SOCKET_PATH_MAX) return beside;
  const key = createHash('sha256').update(path.resolve(pgliteDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `catchment-db-${key}`);
}

export function connectionThrough(socketDir: string): PoolConfig {
  return { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' };
}

/**
 * Opens the embedded database in `pgliteDir` (undefined: in memory) in a thread of this process.
 * Fails with EmbeddedDatabaseInUseError when another live process owns the folder.
 */
export async function startEmbeddedDatabase(pgliteDir: string | undefined): Promise<EmbeddedDatabase> {
  const socketDir = pgliteDir ? socketDirectory(pgliteDir) : fs.mkdtempSync(path.join(os.tmpdir(), 'catchment-db-'));
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  const releaseLock = pgliteDir ? acquireLock(pgliteDir) : () => {};
  const socketPath = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  // What a killed owner left: the lock says nobody owns the folder now.
  fs.rmSync(socketPath, { force: true });
  if (pgliteDir) fs.mkdirSync(path.dirname(pgliteDir), { recursive: true });
  const worker = new Worker(workerUrl(import.meta.url, 'pglite-thread'), {
    workerData: { dir: pgliteDir, socketPath } satisfies PgliteThreadData,
  });
  try {
    await nextMessage(worker, 'ready');
  } catch (error) {
    await worker.terminate();
    releaseLock();
    throw error;
  }
  // A process that ends without closing (a test worker) still leaves no folder behind.
  const removeSocketDir = () => { if (!pgliteDir) fs.rmSync(socketDir, { recursive: true, force: true }); };
  process.once('exit', removeSocketDir);
  let closing: Promise<void> | undefined;
  return {
    connection: connectionThrough(socketDir),
    close() {
      closing ??= (async () => {
        worker.postMessage({ type: 'close' });
        await nextMessage(worker, 'closed').catch(() => {});
        await worker.terminate();
        fs.rmSync(socketPath, { force: true });
        removeSocketDir();
        process.off('exit', removeSocketDir);
        releaseLock();
      })();
      return closing;
    },
  };
}

/** The running owner's socket, if a live process owns the folder and answers on it. */
export async function runningEmbeddedDatabase(pgliteDir: string): Promise<PoolConfig | undefined> {
  const owner = lockOwner(lockFile(pgliteDir));
  if (owner === undefined || !isRunning(owner)) return undefined;
  const socketDir = socketDirectory(pgliteDir);
  return (await answers(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`))) ? connectionThrough(socketDir) : undefined;
}

function nextMessage(worker: Worker, type: 'ready' | 'closed'): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: PgliteThreadMessage) => {
      if (message.type === type) done(resolve);
      else if (message.type === 'failed') done(() => reject(new Error(`The embedded database did not open: ${message.message}`)));
    };
    const onExit = (code: number) => done(() => reject(new Error(`The embedded database's thread stopped (exit code ${code})`)));
    const onError = (error: Error) => done(() => reject(error));
    const done = (settle: () => void) => {
      worker.off('message', onMessage).off('exit', onExit).off('error', onError);
      settle();
    };
    worker.on('message', onMessage).on('exit', onExit).on('error', onError);
  });
}

const lockFile = (pgliteDir: string) => `${pgliteDir}.lock`;

/** Takes the folder's lock (a file created exclusively, holding our pid); a dead owner's lock is taken over. */
function acquireLock(pgliteDir: string): () => void {
  const file = lockFile(pgliteDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        if (lockOwner(file) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = lockOwner(file);
      if (owner !== undefined && owner !== process.pid && isRunning(owner)) throw new EmbeddedDatabaseInUseError(path.dirname(pgliteDir), owner);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

function lockOwner(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}
