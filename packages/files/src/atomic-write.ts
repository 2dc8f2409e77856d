/**
 * Crash-safe writes: a file is written under a temporary name in its own folder, flushed to the
 * disk (fsync), renamed over the target, and the folder is flushed so the rename itself survives a
 * power cut. A process killed at any moment therefore leaves either the previous file or the new
 * one, never half of one; what it leaves behind is a temporary file, which
 * `removeStaleTemporaryFiles` deletes at the next start.
 *
 * Writes go through `fs.write`/`fs.writeSync` looked up at call time (write streams opened by path
 * do that too), so the crash tests can count the bytes and kill the process in the middle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Temporary files this process is writing right now: its own clean-up must not take them. */
const inProgress = new Set<string>();
let sequence = 0;

/**
 * `<target>.<pid>.<n>.tmp`, in the target's folder (a rename is atomic only within one file
 * system). The pid tells a clean-up whether the writer still runs; `n` keeps two writes of one
 * process apart.
 */
export function temporaryPathFor(target: string): string {
  sequence += 1;
  return `${target}.${process.pid}.${sequence}.tmp`;
}

/** Whether this process is writing that temporary file now. */
export function isBeingWritten(file: string): boolean {
  return inProgress.has(path.resolve(file));
}

function claim(target: string): string {
  const temporary = temporaryPathFor(target);
  inProgress.add(path.resolve(temporary));
  return temporary;
}

const release = (temporary: string) => inProgress.delete(path.resolve(temporary));

/**
 * Writes a file through `write(fd)` (positional writes are fine: the descriptor is a fresh empty
 * file), then syncs and renames it over `target`. Returns what `write` returns.
 */
export function writeFileAtomicallySync<T>(target: string, write: (fd: number) => T): T {
  const temporary = claim(target);
  let fd: number | undefined;
  try {
    fd = fs.openSync(temporary, 'wx');
    const result = write(fd);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(temporary, target);
    syncDirectorySync(path.dirname(target));
    return result;
  } catch (error) {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(temporary, { force: true });
    throw error;
  } finally {
    release(temporary);
  }
}

/** Streams `source` into a temporary file, then syncs and renames it over `target` (for outputs too large to hold). */
export async function writeStreamAtomically(
  target: string,
  source: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array> | NodeJS.ReadableStream,
): Promise<void> {
  const temporary = claim(target);
  const output = fs.createWriteStream(temporary, { flags: 'wx' });
  try {
    await pipeline(source, output);
    await syncFile(temporary);
    await fs.promises.rename(temporary, target);
    await syncDirectory(path.dirname(target));
  } catch (error) {
    await closeWriteStream(output);
    await fs.promises.rm(temporary, { force: true });
    throw error;
  } finally {
    release(temporary);
  }
}

/**
 * Destroys a write stream and resolves once its file is closed. A stream destroyed while it is
 * still opening its file (the source failed at once) creates the file afterwards: removing the
 * file before then would leave it behind.
 */
export async function closeWriteStream(stream: fs.WriteStream): Promise<void> {
  if (stream.closed) return;
  // Waited for by its event alone: the stream may also emit the error it was destroyed with.
  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  stream.destroy();
  await closed;
}

/** Writes `content` to `target` crash-safely. */
export async function writeFileAtomically(target: string, content: string | Uint8Array): Promise<void> {
  await writeStreamAtomically(target, slices(typeof content === 'string' ? Buffer.from(content) : content));
}

/** 1 MiB pieces: the stream then writes a large file in steps instead of handing the kernel one huge buffer. */
function* slices(bytes: Uint8Array, size = 1 << 20): Generator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

/**
 * A scratch file beside `target`, named like a temporary file so a crash leaves nothing the next
 * start does not remove; deleted once `use` is done, whatever happens.
 */
export async function withScratchFile<T>(target: string, use: (scratch: string) => Promise<T>): Promise<T> {
  const scratch = claim(target);
  try {
    return await use(scratch);
  } finally {
    release(scratch);
    await fs.promises.rm(scratch, { force: true });
  }
}

/**
 * A write stream flushes nothing to the disk on close; a second descriptor on the same file
 * can: fsync flushes the file, not the descriptor.
 */
async function syncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// Some systems (Windows) cannot open or sync a folder; the rename is then as durable as they make it.
const UNSYNCABLE_DIRECTORY = new Set(['EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'EBADF', 'ENOTSUP']);

async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await fs.promises.open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (!UNSYNCABLE_DIRECTORY.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}

function syncDirectorySync(directory: string): void {
  try {
    const fd = fs.openSync(directory, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    if (!UNSYNCABLE_DIRECTORY.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}
