import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface KilledMidWrite {
  /** The module that exports the writer (a path, e.g. from `fileURLToPath(new URL('./x.ts', import.meta.url))`). */
  module: string;
  exportName: string;
  /** The writer's arguments, passed as JSON. */
  args: unknown[];
  /** Kill once this many bytes went into files whose path starts with `into`. */
  afterBytes: number;
  /** A folder, or a file: its temporary files (`<file>.<pid>.<n>.tmp`) count, the others do not. */
  into: string;
}

/**
 * Runs a writer in a child process that is killed with SIGKILL once it has written `afterBytes`
 * bytes into `into`. Resolves when the child is gone; `signal` is `SIGKILL` when it died there.
 */
export async function runKilledMidWrite(options: KilledMidWrite): Promise<{ signal: NodeJS.Signals | null; code: number | null; stderr: string }> {
  // The arguments go through a file: a command-line argument is limited to 128 kB on Linux.
  const argumentsDirectory = mkdtempSync(path.join(tmpdir(), 'killed-mid-write-'));
  const argumentsFile = path.join(argumentsDirectory, 'arguments.json');
  writeFileSync(argumentsFile, JSON.stringify(options.args));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = fileURLToPath(new URL('./killed-mid-write.child.ts', import.meta.url));
  try {
    return await new Promise((resolve, reject) => {
      const process_ = spawn(process.execPath, ['--import', tsx, child, String(options.afterBytes), options.into, options.module, options.exportName, argumentsFile], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      process_.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      process_.once('error', reject);
      process_.once('close', (code, signal) => resolve({ code, signal, stderr }));
    });
  } finally {
    rmSync(argumentsDirectory, { recursive: true, force: true });
  }
}
