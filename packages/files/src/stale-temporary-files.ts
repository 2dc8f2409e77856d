/**
 * What an interrupted write leaves: temporary files named `<file>.<pid>.<n>.tmp` (atomic-write.ts),
 * and the older `<file>.<pid>.tmp` and `<file>.<pid>.body.tmp` of earlier versions. Loaders call
 * this at start so they do not pile up; a file whose writer still runs (an import in another
 * process, a write of this one) is left alone.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { isBeingWritten } from './atomic-write.js';

const TEMPORARY_NAME = /\.(\d+)(?:\.[A-Za-z0-9]+)?\.tmp$/;

/** The pid of the process that wrote a temporary file of ours, or undefined when the name is not one. */
export function temporaryFileWriter(name: string): number | undefined {
  const match = TEMPORARY_NAME.exec(name);
  return match ? Number(match[1]) : undefined;
}

/** Deletes the temporary files of `directory` whose writer is gone; returns their paths. A missing folder has none. */
export async function removeStaleTemporaryFiles(directory: string, log: (message: string) => void = () => {}): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(directory);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names.sort()) {
    const pid = temporaryFileWriter(name);
    const file = path.join(directory, name);
    if (pid === undefined || isBeingWritten(file) || (pid !== process.pid && isRunning(pid))) continue;
    await fs.rm(file, { force: true });
    removed.push(file);
    log(`Removed ${file}, left by an interrupted write`);
  }
  return removed;
}

/**
 * Whether a process of that pid runs (signal 0 checks without touching it; EPERM: another user's).
 * For a temporary file, a recycled pid keeps a stale file until a later start; deleting a running
 * import's file would be worse. This process's own pid counts as gone unless the file is one it is
 * writing now: a container restarts with the same pid.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
