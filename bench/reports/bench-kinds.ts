/**
 * The download kinds `bench:reports` runs on its queue (in the worker processes of
 * queue-worker.child.ts, and called directly by the bench for its baselines): the same handlers
 * either way, so that the queue's share is what differs.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { DownloadHandler } from '../../apps/api/src/downloads/downloads.service.js';

/** A quick export: a 200-row CSV built in memory and saved whole (about 6 kB). */
export const QUICK_KIND = 'bench-quick-csv';

export const quickCsv: DownloadHandler<{ rows: number }> = async ({ rows }, work) => {
  const lines = ['area,population,households'];
  for (let i = 0; i < rows; i += 1) lines.push(`Area ${i + 1},${1_000 + i * 37},${400 + i * 11}`);
  await work.output.save(Buffer.from(`${lines.join('\n')}\n`), { name: 'areas.csv', contentType: 'text/csv' });
};

/**
 * A job that takes a while, to be killed in the middle: `chunks` chunks of 64 kB streamed to the
 * file `chunkMs` apart. `onFirstChunk` is told once the first chunk was handed to the file (the
 * worker process prints it, for the bench to know when to kill it).
 */
export const SLOW_KIND = 'bench-slow-file';
export const SLOW_CHUNK_BYTES = 64 * 1024;

export function slowFile(onFirstChunk: (downloadId: string) => void): DownloadHandler<{ chunks: number; chunkMs: number }> {
  return async ({ chunks, chunkMs }, work) => {
    async function* content(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < chunks; i += 1) {
        yield Buffer.alloc(SLOW_CHUNK_BYTES, i % 256);
        if (i === 0) onFirstChunk(work.downloadId);
        await sleep(chunkMs, undefined, { signal: work.signal });
      }
    }
    await work.output.save(content(), { name: 'slow.bin', contentType: 'application/octet-stream' });
  };
}
