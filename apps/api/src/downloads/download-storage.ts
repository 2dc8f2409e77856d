/**
 * Where the files of download jobs are kept. A file appears whole or not at all: it is written
 * crash-safely (packages/files: a temporary name beside it, flushed, renamed). Before each write,
 * what a killed attempt left (temporary files whose writing process is gone) is removed, so a job
 * run again after a crash ends with exactly one file and nothing half-written beside it.
 *
 * One implementation today, the local disk (DATA_DIR/downloads), enough for one API process or
 * several on one machine. Several machines would need a store they share (an S3-compatible object
 * store): it would implement this interface; it is not written yet.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { removeStaleTemporaryFiles, writeFileAtomically, writeStreamAtomically } from '@catchment/files';

/** A file's content: bytes, or a stream of them (a large export is never held in memory whole). */
export type DownloadContent = Uint8Array | Readable | AsyncIterable<Uint8Array>;

export interface DownloadStorage {
  /** Stores the file under `key`, replacing any earlier one; returns its size in bytes. */
  put(key: string, content: DownloadContent): Promise<{ size: number }>;
  /** The file's content, or undefined when there is none. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the file; nothing to remove is fine. */
  remove(key: string): Promise<void>;
}

/** Keys are download ids: nothing a path could climb out with. */
const SAFE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class LocalDiskStorage implements DownloadStorage {
  constructor(readonly directory: string, private readonly log: (message: string) => void = () => {}) {}

  async put(key: string, content: DownloadContent): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(this.directory, { recursive: true });
    await removeStaleTemporaryFiles(this.directory, this.log);
    await (content instanceof Uint8Array ? writeFileAtomically(target, content) : writeStreamAtomically(target, content));
    return { size: (await stat(target)).size };
  }

  async get(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    try {
      await stat(file);
    } catch {
      return undefined;
    }
    return createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`Invalid download file key "${key}"`);
    return path.join(this.directory, key);
  }
}
