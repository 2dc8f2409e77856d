/**
 * Writes a PMTiles v3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md):
 * a 127-byte header, the root directory, the JSON metadata, leaf directories when the root would
 * not fit in the first 16 KiB, then the tile data ordered by tile id (clustered). Identical tiles
 * (open sea, bare land at large zooms) are stored once, and runs of them take one directory entry.
 * The npm `pmtiles` library has no writer; it reads what this writes (pmtiles-writer.test.ts), and
 * its tile-id function (the Hilbert curve the spec defines) numbers the tiles.
 *
 * The archive is built in memory: a region's basemap is tens of megabytes at most.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

export interface PmtilesTile { z: number; x: number; y: number; data: Uint8Array }

export interface PmtilesArchiveInfo {
  /** West, south, east, north in degrees. */
  bounds: [number, number, number, number];
  minZoom: number;
  maxZoom: number;
  center?: [number, number, number];
  /** How `data` of every tile is compressed; directories and metadata are always gzip. */
  tileCompression: 'gzip' | 'none';
  metadata: Record<string, unknown>;
}

const HEADER_BYTES = 127;
/** The header and the root directory must fit in the first 16 KiB, which clients read in one request. */
const FIRST_READ_BYTES = 16_384;
const COMPRESSION = { none: 1, gzip: 2 } as const;
const TILE_TYPE_MVT = 1;

interface Entry { tileId: number; offset: number; length: number; runLength: number }

export function encodePmtiles(tiles: Iterable<PmtilesTile>, info: PmtilesArchiveInfo): Uint8Array {
  const sorted = [...tiles].map((tile) => ({ tileId: zxyToTileId(tile.z, tile.x, tile.y), data: tile.data })).sort((a, b) => a.tileId - b.tileId);

  // Tile data, each distinct content once; entries in tile-id order, runs of one content merged.
  const contents: Uint8Array[] = [];
  const offsetByHash = new Map<string, { offset: number; length: number }>();
  let dataLength = 0;
  const entries: Entry[] = [];
  for (const { tileId, data } of sorted) {
    const hash = createHash('sha1').update(data).digest('base64');
    let stored = offsetByHash.get(hash);
    if (!stored) {
      stored = { offset: dataLength, length: data.length };
      offsetByHash.set(hash, stored);
      contents.push(data);
      dataLength += data.length;
    }
    const last = entries.at(-1);
    if (last && last.offset === stored.offset && last.tileId + last.runLength === tileId) last.runLength++;
    else entries.push({ tileId, offset: stored.offset, length: stored.length, runLength: 1 });
  }

  const { root, leaves } = directories(entries);
  const metadata = gzipSync(Buffer.from(JSON.stringify(info.metadata)));
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadata.length;
  const dataOffset = leavesOffset + leaves.length;

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const uint64s = [
    rootOffset, root.length, metadataOffset, metadata.length, leavesOffset, leaves.length, dataOffset, dataLength,
    sorted.length, entries.length, contents.length,
  ];
  uint64s.forEach((value, index) => header.writeBigUInt64LE(BigInt(value), 8 + index * 8));
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(COMPRESSION.gzip, 97);
  header.writeUInt8(COMPRESSION[info.tileCompression], 98);
  header.writeUInt8(TILE_TYPE_MVT, 99);
  header.writeUInt8(info.minZoom, 100);
  header.writeUInt8(info.maxZoom, 101);
  const [west, south, east, north] = info.bounds;
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  header.writeInt32LE(e7(west), 102);
  header.writeInt32LE(e7(south), 106);
  header.writeInt32LE(e7(east), 110);
  header.writeInt32LE(e7(north), 114);
  const [centerLon, centerLat, centerZoom] = info.center ?? [(west + east) / 2, (south + north) / 2, info.minZoom];
  header.writeUInt8(centerZoom, 118);
  header.writeInt32LE(e7(centerLon), 119);
  header.writeInt32LE(e7(centerLat), 123);

  return Buffer.concat([header, root, metadata, leaves, ...contents]);
}

/**
 * The root directory alone when it fits beside the header in the first read; otherwise leaves of
 * `leafSize` entries, doubled until the root listing them fits.
 */
function directories(entries: Entry[]): { root: Buffer; leaves: Buffer } {
  const root = serializeDirectory(entries);
  if (root.length <= FIRST_READ_BYTES - HEADER_BYTES) return { root, leaves: Buffer.alloc(0) };
  for (let leafSize = 4096; ; leafSize *= 2) {
    const leafBuffers: Buffer[] = [];
    const rootEntries: Entry[] = [];
    let offset = 0;
    for (let start = 0; start < entries.length; start += leafSize) {
      const leaf = serializeDirectory(entries.slice(start, start + leafSize));
      rootEntries.push({ tileId: entries[start]!.tileId, offset, length: leaf.length, runLength: 0 });
      leafBuffers.push(leaf);
      offset += leaf.length;
    }
    const leafRoot = serializeDirectory(rootEntries);
    if (leafRoot.length <= FIRST_READ_BYTES - HEADER_BYTES) return { root: leafRoot, leaves: Buffer.concat(leafBuffers) };
  }
}

/** Entry count, then tile ids (deltas), run lengths, lengths and offsets (0 = right after the previous), as varints; gzipped. */
function serializeDirectory(entries: readonly Entry[]): Buffer {
  const bytes: number[] = [];
  const varint = (value: number) => {
    let rest = value;
    while (rest >= 0x80) {
      bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    bytes.push(rest);
  };
  varint(entries.length);
  let lastId = 0;
  for (const entry of entries) {
    varint(entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) varint(entry.runLength);
  for (const entry of entries) varint(entry.length);
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    varint(previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1);
  });
  return gzipSync(Buffer.from(bytes));
}
