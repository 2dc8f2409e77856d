import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { encodePmtiles, type PmtilesTile } from './pmtiles-writer.js';
import { decompress, PmtilesArchive } from './pmtiles-archive.js';

const directory = mkdtempSync(path.join(tmpdir(), 'pmtiles-test-'));
const archives: PmtilesArchive[] = [];
afterAll(async () => { for (const archive of archives) await archive.close(); });

function writeArchive(name: string, bytes: Uint8Array): PmtilesArchive {
  const file = path.join(directory, name);
  writeFileSync(file, bytes);
  const archive = new PmtilesArchive(file);
  archives.push(archive);
  return archive;
}

const text = (value: string) => new TextEncoder().encode(value);
const INFO = { bounds: [7.4, 43.7, 7.5, 43.8] as [number, number, number, number], minZoom: 0, maxZoom: 14, metadata: { name: 'test', vector_layers: [] } };

/** The npm library's own reader over bytes in memory, as a second, independent check. */
class MemorySource implements Source {
  constructor(private readonly bytes: Uint8Array) {}
  getKey() { return 'memory'; }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    return { data: new Uint8Array(this.bytes.subarray(offset, offset + length)).buffer };
  }
}

describe('encodePmtiles', () => {
  it('writes an archive the pmtiles library reads back: header, metadata and every tile', async () => {
    const tiles: PmtilesTile[] = [
      { z: 0, x: 0, y: 0, data: text('world') },
      { z: 14, x: 8529, y: 5974, data: text('monaco') },
      { z: 14, x: 8530, y: 5974, data: text('east of it') },
    ];
    const bytes = encodePmtiles(tiles, { ...INFO, tileCompression: 'none' });
    const library = new PMTiles(new MemorySource(bytes), undefined, decompress);
    const header = await library.getHeader();
    expect(header).toMatchObject({ specVersion: 3, minZoom: 0, maxZoom: 14, minLon: 7.4, maxLat: 43.8, numAddressedTiles: 3, clustered: true, tileType: 1 });
    expect(await library.getMetadata()).toEqual({ name: 'test', vector_layers: [] });
    const read = async (z: number, x: number, y: number) => {
      const response = await library.getZxy(z, x, y);
      return response ? new TextDecoder().decode(response.data) : null;
    };
    expect(await read(14, 8529, 5974)).toBe('monaco');
    expect(await read(14, 8530, 5974)).toBe('east of it');
    expect(await read(0, 0, 0)).toBe('world');
    expect(await read(14, 8531, 5974)).toBeNull();
  });

  it('stores identical tiles once and runs of them in one entry', async () => {
    const sea = gzipSync(text('sea everywhere'));
    // A row of z4 tiles, consecutive on the Hilbert curve or not, all the same content.
    const tiles: PmtilesTile[] = Array.from({ length: 16 }, (_, i) => ({ z: 4, x: i % 4, y: Math.floor(i / 4), data: sea }));
    tiles.push({ z: 4, x: 5, y: 5, data: gzipSync(text('an island')) });
    const bytes = encodePmtiles(tiles, { ...INFO, tileCompression: 'gzip' });
    const archive = writeArchive('runs.pmtiles', bytes);
    const header = await archive.header();
    expect(header.numAddressedTiles).toBe(17);
    expect(header.numTileContents).toBe(2);
    // The 16 tiles of the 4×4 block are consecutive tile ids: one entry.
    expect(header.numTileEntries).toBe(2);
    expect(new TextDecoder().decode((await archive.tile(4, 3, 3))!)).toBe('sea everywhere');
    expect(new TextDecoder().decode((await archive.tile(4, 5, 5))!)).toBe('an island');
    // Stored gzip tiles come back as stored, for a server to send on.
    expect(await archive.storedTile(4, 0, 0)).toEqual({ data: new Uint8Array(sea), compression: 'gzip' });
    expect(await archive.tile(4, 6, 6)).toBeNull();
    expect(await archive.tile(15, 0, 0)).toBeNull();
  });

  it('puts directories in leaves when the root would not fit in the first 16 KiB', async () => {
    // 30,000 different tiles of random lengths scattered over zoom 10 (a seeded generator): a
    // directory that does not compress below 16 KiB.
    let seed = 42;
    const random = () => { // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
    const tiles: PmtilesTile[] = [];
    const taken = new Set<string>();
    while (tiles.length < 30_000) {
      const x = Math.floor(random() * 1024);
      const y = Math.floor(random() * 1024);
      if (taken.has(`${x}/${y}`)) continue;
      taken.add(`${x}/${y}`);
      tiles.push({ z: 10, x, y, data: text(`${x}/${y}`.padEnd(5 + Math.floor(random() * 300), '.')) });
    }
    const bytes = encodePmtiles(tiles, { ...INFO, minZoom: 10, maxZoom: 10, tileCompression: 'none' });
    const archive = writeArchive('leaves.pmtiles', bytes);
    const header = await archive.header();
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    expect(header.rootDirectoryOffset + header.rootDirectoryLength).toBeLessThanOrEqual(16_384);
    for (const tile of [tiles[0]!, tiles[12_345]!, tiles.at(-1)!]) {
      expect(new TextDecoder().decode((await archive.tile(10, tile.x, tile.y))!)).toBe(new TextDecoder().decode(tile.data));
    }
    const absent = Array.from({ length: 1024 }, (_, x) => x).find((x) => !taken.has(`${x}/0`))!;
    expect(await archive.tile(10, absent, 0)).toBeNull();
  });
});
