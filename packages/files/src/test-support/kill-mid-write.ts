/**
 * Test support: makes this process die by SIGKILL, as a crash, an out-of-memory kill or a power
 * cut ends an import, once it has written `afterBytes` bytes into files under `into`: in the middle
 * of the real writer's work, at a point that does not depend on timing.
 *
 * It wraps the `node:fs` functions every writer reaches (`open`/`openSync` to know which file a
 * descriptor is, `write`, `writev` and `writeSync` to count), and republishes them to ES module
 * importers; the writers themselves run unchanged. Writes through `fs.promises` file handles are
 * not seen: a writer using them is never killed, the child exits with code 3, and the test fails.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

type Callback = (...results: unknown[]) => void;
type Patched = Record<'open' | 'openSync' | 'write' | 'writev' | 'writeSync', (...args: unknown[]) => unknown>;

export function killAfterWriting(afterBytes: number, into: string): void {
  const original = { ...(fs as unknown as Patched) };
  const patched = fs as unknown as Patched;
  const watched = new Set<number>();
  let written = 0;
  const count = (fd: unknown, bytes: unknown) => {
    if (!watched.has(fd as number)) return;
    written += bytes as number;
    if (written >= afterBytes) process.kill(process.pid, 'SIGKILL');
  };
  const track = (file: unknown, fd: unknown) => {
    // A descriptor number is reused after close: forget it unless it now names a watched file.
    if (String(file).startsWith(into)) watched.add(fd as number);
    else watched.delete(fd as number);
  };
  /** Runs the original asynchronous function with its callback (the last argument) wrapped. */
  const withCallback = (name: keyof Patched, after: (args: unknown[], results: unknown[]) => void) => (...args: unknown[]) => {
    const callback = args.pop() as Callback;
    return original[name](...args, (...results: unknown[]) => {
      if (!results[0]) after(args, results);
      callback(...results);
    });
  };

  patched.open = withCallback('open', ([file], [, fd]) => track(file, fd));
  patched.write = withCallback('write', ([fd], [, bytes]) => count(fd, bytes));
  patched.writev = withCallback('writev', ([fd], [, bytes]) => count(fd, bytes));
  patched.openSync = (...args: unknown[]) => {
    const fd = original.openSync(...args);
    track(args[0], fd);
    return fd;
  };
  patched.writeSync = (...args: unknown[]) => {
    const bytes = original.writeSync(...args);
    count(args[0], bytes);
    return bytes;
  };
  syncBuiltinESMExports();
}
