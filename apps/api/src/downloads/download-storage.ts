/**
 * Where the files of download jobs are kept. A file appears whole or not at all: it is written
 * crash-safely (packages/files: a temporary name beside it, flushed, renamed). Before each write,
 * what a killed attempt left (temporary files whose writing process is gone) is removed, so a job
 * run again after a crash ends with exactly one file and nothing half-written beside it.
 *
 * Two implementations: the local disk (DATA_DIR/downloads, the default), enough for one API process
 * or several on one machine; an S3-compatible object store (DOWNLOADS_S3_URL) that API processes on
 * several machines share.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { removeStaleTemporaryFiles, writeFileAtomically, writeStreamAtomically } from '@catchment/files';
import { EMPTY_PAYLOAD_HASH, sha256Hex, signS3Request, type S3Credentials } from './s3-signature.js';

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

/** Where an S3-compatible store keeps the files: its bucket's address (path style), the prefix, the credentials. */
export interface S3StorageSettings extends S3Credentials {
  /** The bucket's URL, path style: https://s3.eu-west-3.amazonaws.com/my-bucket, http://127.0.0.1:9000/downloads. */
  bucketUrl: string;
  /** Prefix of the objects' keys, e.g. "downloads/". */
  prefix: string;
}

/**
 * The files in an S3-compatible object store (AWS S3, MinIO, Scaleway, OVH…), for API processes on
 * several machines: each sees every file. An object appears whole or not at all (S3 writes a PUT
 * atomically), so a killed attempt leaves nothing; the next one overwrites. The content is sent in
 * one PUT, held in memory first (S3 needs its length): download files are exports and reports of a
 * few megabytes, far below the 5 GB a PUT takes.
 */
export class S3Storage implements DownloadStorage {
  constructor(private readonly settings: S3StorageSettings, private readonly now: () => Date = () => new Date()) {}

  async put(key: string, content: DownloadContent): Promise<{ size: number }> {
    const body = content instanceof Uint8Array ? content : Buffer.concat(await collect(content));
    const response = await this.send('PUT', key, body);
    if (!response.ok) throw new Error(`The object store refused the file ${key}: ${response.status} ${await response.text()}`);
    return { size: body.byteLength };
  }

  async get(key: string): Promise<Readable | undefined> {
    const response = await this.send('GET', key);
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok || !response.body) throw new Error(`The object store did not give the file ${key}: ${response.status} ${await response.text()}`);
    return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  }

  async remove(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    // S3 answers 204 whether or not there was one.
    if (!response.ok && response.status !== 404) throw new Error(`The object store did not remove the file ${key}: ${response.status} ${await response.text()}`);
  }

  private send(method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Uint8Array): Promise<Response> {
    if (!SAFE_KEY.test(key)) throw new Error(`Invalid download file key "${key}"`);
    const url = new URL(`${this.settings.bucketUrl.replace(/\/$/, '')}/${this.settings.prefix}${key}`);
    const headers = signS3Request({ method, url, payloadHash: body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH, now: this.now() }, this.settings);
    // host is the fetch's own to set; it was signed with the same value.
    const { host: _host, ...sent } = headers;
    return fetch(url, { method, headers: sent, ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}) });
  }
}

async function collect(content: Readable | AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of content) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return chunks;
}
