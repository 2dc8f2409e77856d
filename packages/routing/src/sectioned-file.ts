import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { writeFileAtomicallySync } from '@catchment/files';

/**
 * The layout shared by the engine's binary files (road graphs, transit timetables): an 8-byte
 * magic, a little-endian uint32 with the length of a JSON header, the header (what the file holds
 * and where each array starts), then the typed arrays, each aligned on 8 bytes. Loading reads the
 * file into one SharedArrayBuffer and lays views over it: nothing is parsed per element, and
 * worker threads share the same memory.
 */
export type ArrayKind = 'Float64' | 'Float32' | 'Uint32' | 'Int32' | 'Uint8';
export const CONSTRUCTORS = { Float64: Float64Array, Float32: Float32Array, Uint32: Uint32Array, Int32: Int32Array, Uint8: Uint8Array };

export interface Section {
  name: string;
  kind: ArrayKind;
  offset: number;
  length: number;
}

export type Sectioned = Record<string, { kind: ArrayKind; data: ArrayBufferView }>;

/** What a file is called in errors ("routing graph"), and its magic (8 latin-1 characters). */
export interface FileKind { magic: string; what: string }

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/**
 * Writes the header and arrays crash-safely (a temporary file renamed over `path`: a write killed
 * half-way leaves the previous file whole); returns the file size in bytes.
 */
export function writeSectionedFile(kind: FileKind, path: string, header: object, sections: Sectioned): number {
  const entries = Object.entries(sections);
  // The header's own size depends on the offsets it lists, so lay the sections out after a generous estimate.
  const draft = { ...header, sections: entries.map(([name, s]) => ({ name, kind: s.kind, offset: 0, length: 0 })) };
  const headerSpace = align8(12 + Buffer.byteLength(JSON.stringify(draft)) + 64 * entries.length + 256);
  let offset = headerSpace;
  const layout: Section[] = entries.map(([name, s]) => {
    const section = { name, kind: s.kind, offset, length: s.data.byteLength / CONSTRUCTORS[s.kind].BYTES_PER_ELEMENT };
    offset = align8(offset + s.data.byteLength);
    return section;
  });
  const headerJson = Buffer.from(JSON.stringify({ ...header, sections: layout }));
  if (12 + headerJson.length > headerSpace) throw new Error(`The ${kind.what} header does not fit`);
  const prefix = Buffer.alloc(headerSpace);
  prefix.write(kind.magic, 0, 'latin1');
  prefix.writeUInt32LE(headerJson.length, 8);
  headerJson.copy(prefix, 12);
  writeFileAtomicallySync(path, (fd) => {
    writeSync(fd, prefix, 0, prefix.length, 0);
    for (const [i, [, s]] of entries.entries()) {
      const bytes = new Uint8Array(s.data.buffer, s.data.byteOffset, s.data.byteLength);
      writeAll(fd, bytes, layout[i]!.offset);
    }
    // Pad the tail so the last section's alignment holds when the file is read back whole.
    if (layout.length > 0 && offset > layout.at(-1)!.offset) writeSync(fd, Buffer.alloc(1), 0, 1, offset - 1);
  });
  return offset;
}

/** One write may write less than asked (large buffers, some file systems): go on until all is written. */
function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/** The whole file in one SharedArrayBuffer (what worker threads attach to). */
export function readIntoSharedBuffer(path: string): SharedArrayBuffer {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = new SharedArrayBuffer(size);
    const bytes = new Uint8Array(buffer);
    let done = 0;
    while (done < size) {
      const n = readSync(fd, bytes, done, size - done, done);
      if (n === 0) break;
      done += n;
    }
    return buffer;
  } finally {
    closeSync(fd);
  }
}

/** The header and section list at the start of `bytes`; throws naming the file when it is not one of `kind`. */
export function parseSectionedHeader<H>(kind: FileKind, bytes: Uint8Array, name: string): H & { sections: Section[] } {
  if (bytes.length < 12 || Buffer.from(bytes.subarray(0, 8)).toString('latin1') !== kind.magic) {
    throw new Error(`${name} is not a ${kind.what} file`);
  }
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  if (12 + headerLength > bytes.length) throw new Error(`${name} is truncated inside its header`);
  try {
    return JSON.parse(Buffer.from(bytes.subarray(12, 12 + headerLength)).toString('utf8')) as H & { sections: Section[] };
  } catch {
    throw new Error(`${name} has a damaged header`);
  }
}

/** The header of a file, read without its arrays, and the file's size. */
export function readSectionedHeader<H>(kind: FileKind, path: string): { header: H & { sections: Section[] }; size: number } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const start = Buffer.alloc(Math.min(size, 12));
    readSync(fd, start, 0, start.length, 0);
    if (start.length < 12) parseSectionedHeader(kind, start, path); // throws: not such a file
    // Never more than the file holds, whatever length a damaged prefix claims.
    const bytes = Buffer.alloc(Math.min(size, 12 + start.readUInt32LE(8)));
    readSync(fd, bytes, 0, bytes.length, 0);
    return { header: parseSectionedHeader<H>(kind, bytes, path), size };
  } finally {
    closeSync(fd);
  }
}

/**
 * A file cut short (a copy or a disk that filled up) would otherwise fail later with "Invalid typed
 * array length": every array must lie inside the file.
 */
export function checkSections(sections: readonly Section[], fileSize: number, name: string): void {
  for (const section of sections) {
    const end = section.offset + section.length * CONSTRUCTORS[section.kind].BYTES_PER_ELEMENT;
    if (end > fileSize) throw new Error(`${name} is truncated: its ${section.name} array ends at byte ${end}, the file has ${fileSize}`);
  }
}

/** Typed-array views over a loaded buffer, by section name. */
export function sectionViews(kind: FileKind, buffer: SharedArrayBuffer | ArrayBuffer, sections: readonly Section[]) {
  const byName = new Map(sections.map((s) => [s.name, s]));
  return <K extends ArrayKind>(name: string, arrayKind: K): InstanceType<(typeof CONSTRUCTORS)[K]> => {
    const section = byName.get(name);
    if (!section || section.kind !== arrayKind) throw new Error(`The ${kind.what} file is missing its ${name} array`);
    return new CONSTRUCTORS[arrayKind](buffer as ArrayBuffer, section.offset, section.length) as InstanceType<(typeof CONSTRUCTORS)[K]>;
  };
}
