import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * The files of a zip archive (a GTFS feed), each opened as a stream of its uncompressed bytes.
 * A GTFS zip is a flat list of stored or deflated text files: the central directory at the end
 * names them and says where each starts, which is all this reads (about 80 lines over node:zlib
 * rather than a dependency). Zip64 archives (over 4 GB) and encrypted entries are refused by name.
 */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  size: number;
  open(): Readable;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

export function zipEntries(path: string): ZipEntry[] {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    // The end record is 22 bytes plus a comment of at most 65,535.
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = readAt(fd, size - tailLength, tailLength);
    let end = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
        end = i;
        break;
      }
    }
    if (end < 0) throw new Error(`${path} is not a zip archive`);
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (count === 0xffff || directoryOffset === 0xffffffff) throw new Error(`${path} is a zip64 archive, which is not supported: unzip it and import the folder`);
    const directory = readAt(fd, directoryOffset, directorySize);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (directory.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new Error(`${path}: damaged zip directory`);
      const flags = directory.readUInt16LE(at + 8);
      const method = directory.readUInt16LE(at + 10);
      const compressedSize = directory.readUInt32LE(at + 20);
      const uncompressedSize = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const localOffset = directory.readUInt32LE(at + 42);
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      at += 46 + nameLength + extraLength + commentLength;
      if (flags & 1) throw new Error(`${path}: ${name} is encrypted`);
      if (method !== 0 && method !== 8) throw new Error(`${path}: ${name} uses compression method ${method} (only stored and deflate are read)`);
      entries.push({
        name,
        compressedSize,
        size: uncompressedSize,
        open: () => openEntry(path, localOffset, compressedSize, method),
      });
    }
    return entries;
  } finally {
    closeSync(fd);
  }
}

function openEntry(path: string, localOffset: number, compressedSize: number, method: number): Readable {
  const fd = openSync(path, 'r');
  let start: number;
  try {
    const local = readAt(fd, localOffset, 30);
    if (local.readUInt32LE(0) !== LOCAL_FILE_HEADER) throw new Error(`${path}: damaged zip entry`);
    start = localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  } finally {
    closeSync(fd);
  }
  const raw = chunks(path, start, compressedSize);
  return method === 0 ? raw : raw.pipe(createInflateRaw());
}

/** The compressed bytes in 1 MB reads: a 300 MB stop_times.txt never sits in memory whole. */
function chunks(path: string, start: number, length: number): Readable {
  let fd = -1;
  let done = 0;
  const close = () => {
    if (fd >= 0) closeSync(fd);
    fd = -2;
  };
  return new Readable({
    read() {
      try {
        if (fd === -1) fd = openSync(path, 'r');
        if (done >= length) {
          close();
          this.push(null);
          return;
        }
        const chunk = readAt(fd, start + done, Math.min(1 << 20, length - done));
        done += chunk.length;
        this.push(chunk);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    destroy(error, callback) {
      close();
      callback(error);
    },
  });
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buffer, done, length - done, position + done);
    if (n === 0) throw new Error('Unexpected end of the zip file');
    done += n;
  }
  return buffer;
}
