/**
 * Real, small picture files made in code for the logo tests (unit, API and browser): PNGs of any
 * size in pixels or bytes, grey JPEGs, and a GIF. Not exported by the package: tests import it by path.
 * The PNG's image data is zlib's "stored" (uncompressed) blocks, so its size in bytes is known in advance.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(parts: Uint8Array[]): number {
  let crc = 0xffffffff;
  for (const part of parts) for (const byte of part) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function uint32(value: number): Uint8Array {
  return new Uint8Array([(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const typeBytes = new Uint8Array([...type].map((character) => character.charCodeAt(0)));
  return concat([uint32(data.length), typeBytes, data, uint32(crc32([typeBytes, data]))]);
}

/** A zlib stream of stored blocks (at most 65,535 bytes each). */
function zlibStored(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [new Uint8Array([0x78, 0x01])];
  for (let offset = 0; offset === 0 || offset < data.length; offset += 65_535) {
    const block = data.subarray(offset, offset + 65_535);
    const final = offset + 65_535 >= data.length ? 1 : 0;
    parts.push(new Uint8Array([final, block.length & 0xff, block.length >>> 8, ~block.length & 0xff, (~block.length >>> 8) & 0xff]), block);
  }
  parts.push(uint32(adler32(data)));
  return concat(parts);
}

/** The bytes of a PNG's fixed parts around its IDAT data and padding: signature, IHDR, the chunks' framing, IEND. */
const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface TestPngOptions {
  widthPixels?: number;
  heightPixels?: number;
  /** The colour of pixel (x, y) as [r, g, b]; a diagonal two-colour pattern by default. */
  color?: (x: number, y: number) => readonly [number, number, number];
  /** Pads the file with a private ancillary chunk (which decoders skip) to exactly this many bytes. */
  totalBytes?: number;
}

/** A valid RGB PNG that any decoder reads. */
export function testPng(options: TestPngOptions = {}): Uint8Array {
  const width = options.widthPixels ?? 32;
  const height = options.heightPixels ?? 16;
  const color = options.color ?? ((x: number, y: number) => (x + y) % 8 < 4 ? [0x25, 0x63, 0xeb] as const : [0xf5, 0x9e, 0x0b] as const);
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y += 1) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x += 1) raw.set(color(x, y), row + 1 + x * 3);
  }
  const header = new Uint8Array([...uint32(width), ...uint32(height), 8, 2, 0, 0, 0]);
  const parts = [PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', zlibStored(raw))];
  const end = chunk('IEND', new Uint8Array(0));
  if (options.totalBytes !== undefined) {
    const used = parts.reduce((sum, part) => sum + part.length, 0) + end.length + 12;
    if (options.totalBytes < used) throw new Error(`a PNG of ${width}×${height} takes at least ${used} bytes`);
    parts.push(chunk('zzPd', new Uint8Array(options.totalBytes - used)));
  }
  return concat([...parts, end]);
}

/**
 * A valid baseline JPEG, mid-grey, of any size: one grey component, every 8×8 block's coefficients
 * zero, so its scan is two one-bit Huffman codes per block (DC difference 0, end of block).
 */
export function testJpeg(widthPixels = 16, heightPixels = 16): Uint8Array {
  const segment = (marker: number, data: number[]) => [0xff, marker, ((data.length + 2) >>> 8) & 0xff, (data.length + 2) & 0xff, ...data];
  const blocks = Math.ceil(widthPixels / 8) * Math.ceil(heightPixels / 8);
  // Two zero bits per block, the last byte padded with ones; a 0xFF byte of data is followed by 0x00.
  const scan: number[] = [];
  const bits = blocks * 2;
  for (let bit = 0; bit < bits; bit += 8) {
    const used = Math.min(8, bits - bit);
    const byte = (0xff >> used) & 0xff;
    scan.push(byte);
    if (byte === 0xff) scan.push(0x00);
  }
  const oneCodeOfLengthOne = (tableClassAndId: number) => [tableClassAndId, 1, ...new Array(15).fill(0), 0x00];
  return new Uint8Array([
    0xff, 0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0x00, ...new Array(64).fill(1)]),
    ...segment(0xc0, [8, (heightPixels >>> 8) & 0xff, heightPixels & 0xff, (widthPixels >>> 8) & 0xff, widthPixels & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCodeOfLengthOne(0x00)),
    ...segment(0xc4, oneCodeOfLengthOne(0x10)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff, 0xd9,
  ]);
}

/** A 1×1 GIF: a real picture of a type logos may not have. */
export const TEST_GIF = new Uint8Array([
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff,
  0x00, 0x00, 0x00, 0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
]);
