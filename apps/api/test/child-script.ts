/**
 * A test's script run in a process of its own (a job worker the test can kill with SIGKILL), its
 * arguments as JSON; `line` waits for a line of its output that passes the test, and fails with
 * the output if the process exits first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface ChildScript {
  process: ChildProcess;
  line: (test: (line: string) => boolean) => Promise<void>;
  exited: Promise<NodeJS.Signals | null>;
}

export function startChildScript(script: URL, args: unknown): ChildScript {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, fileURLToPath(script), JSON.stringify(args)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const wake of waiting) wake();
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  const line = (test: (line: string) => boolean) => new Promise<void>((resolve, reject) => {
    const check = () => {
      if (lines.some(test)) {
        waiting.delete(check);
        resolve();
      }
    };
    waiting.add(check);
    check();
    void exited.then(() => reject(new Error(`the worker process exited; its output: ${lines.join('\n')}\n${stderr}`)));
  });
  return { process: child, line, exited };
}
