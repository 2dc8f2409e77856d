/**
 * Reads a PMTiles archive, a local file or an HTTP(S) URL (read with range requests), through the
 * npm `pmtiles` library: its header and directory cache and its tile lookup. A tile comes back
 * as stored, with its compression, so that a server can send gzip tiles on as they are.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { Compression, FetchSource, findTile, SharedPromiseCache, zxyToTileId, type Header, type RangeResponse, type Source } from 'pmtiles';

const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliDecompress);

export interface StoredTile {
  data: Uint8Array;
  /** How `data` is compressed ('none' once decompressed). */
  compression: 'gzip' | 'none';
}

/** Directories and tiles are decompressed in libuv's thread pool, not on the event loop. */
export async function decompress(buffer: ArrayBuffer | Uint8Array, compression: Compression): Promise<ArrayBuffer> {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  let result: Uint8Array;
  if (compression === Compression.None || compression === Compression.Unknown) result = bytes;
  else if (compression === Compression.Gzip) result = await gunzipAsync(bytes);
  else if (compression === Compression.Brotli) result = await brotliAsync(bytes);
  else throw new Error(`PMTiles compression ${Compression[compression]} is not supported (gzip, brotli or none)`);
  return result.buffer.slice(result.byteOffset, result.byteOffset + result.byteLength) as ArrayBuffer;
}

/** A local archive read with positioned reads on one open file. */
class NodeFileSource implements Source {
  private handle: Promise<FileHandle> | undefined;

  constructor(private readonly path: string) {}

  getKey(): string {
    return this.path;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    this.handle ??= open(this.path, 'r');
    const handle = await this.handle;
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    return { data: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) as ArrayBuffer };
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    if (handle) await (await handle).close();
  }
}

export class PmtilesArchive {
  private readonly source: Source;
  private readonly cache = new SharedPromiseCache(64, true, decompress);

  /** `location` is a file path or an http(s) URL. */
  constructor(readonly location: string) {
    this.source = /^https?:\/\//i.test(location) ? new FetchSource(location) : new NodeFileSource(location);
  }

  header(): Promise<Header> {
    return this.cache.getHeader(this.source);
  }

  async metadata(): Promise<Record<string, unknown>> {
    const header = await this.header();
    const bytes = await this.source.getBytes(header.jsonMetadataOffset, header.jsonMetadataLength, undefined, header.etag);
    return JSON.parse(new TextDecoder().decode(await decompress(bytes.data, header.internalCompression))) as Record<string, unknown>;
  }

  /** The tile as stored, or null when the archive has none there. */
  async storedTile(z: number, x: number, y: number): Promise<StoredTile | null> {
    const header = await this.header();
    if (z < header.minZoom || z > header.maxZoom) return null;
    const tileId = zxyToTileId(z, x, y);
    let offset = header.rootDirectoryOffset;
    let length = header.rootDirectoryLength;
    // The spec allows a root and up to three levels of leaves.
    for (let depth = 0; depth <= 3; depth++) {
      const entries = await this.cache.getDirectory(this.source, offset, length, header);
      const entry = findTile(entries, tileId);
      if (!entry) return null;
      if (entry.runLength > 0) {
        const bytes = await this.source.getBytes(header.tileDataOffset + entry.offset, entry.length, undefined, header.etag);
        if (header.tileCompression === Compression.Gzip) return { data: new Uint8Array(bytes.data), compression: 'gzip' };
        return { data: new Uint8Array(await decompress(bytes.data, header.tileCompression)), compression: 'none' };
      }
      offset = header.leafDirectoryOffset + entry.offset;
      length = entry.length;
    }
    throw new Error(`${this.location}: PMTiles directories nested deeper than the spec allows`);
  }

  /** The tile's bytes, decompressed. */
  async tile(z: number, x: number, y: number): Promise<Uint8Array | null> {
    const stored = await this.storedTile(z, x, y);
    if (!stored || stored.compression === 'none') return stored?.data ?? null;
    return new Uint8Array(await decompress(stored.data, Compression.Gzip));
  }

  async close(): Promise<void> {
    if (this.source instanceof NodeFileSource) await this.source.close();
  }
}
