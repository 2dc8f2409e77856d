import { openSync, writeSync, closeSync, readSync, fstatSync } from 'node:fs';
import Flatbush from 'flatbush';
import { writeFileAtomicallySync } from '@catchment/files';
import type { RoutingMode } from '../modes.js';
import { GRAPH_FORMAT_VERSION, type GraphHeader, type RoutingGraph } from './routing-graph.js';

/**
 * One graph file: the magic "CATGRAPH", a little-endian uint32 with the length of a JSON header,
 * the header (version, bbox, modes, counts and where each array starts), then the typed arrays
 * themselves, each aligned on 8 bytes. Loading reads the file into one SharedArrayBuffer and lays
 * typed-array views over it: nothing is parsed per edge, and worker threads share the same memory.
 */
const MAGIC = 'CATGRAPH';

type ArrayKind = 'Float64' | 'Float32' | 'Uint32' | 'Int32' | 'Uint8';
const CONSTRUCTORS = { Float64: Float64Array, Float32: Float32Array, Uint32: Uint32Array, Int32: Int32Array, Uint8: Uint8Array };

interface Section {
  name: string;
  kind: ArrayKind;
  offset: number;
  length: number;
}

interface FileHeader extends GraphHeader {
  sections: Section[];
}

type Sectioned = Record<string, { kind: ArrayKind; data: ArrayBufferView }>;

function sectionsOf(graph: RoutingGraph): Sectioned {
  const sections: Sectioned = {
    lon: { kind: 'Float64', data: graph.lon },
    lat: { kind: 'Float64', data: graph.lat },
    offsets: { kind: 'Uint32', data: graph.offsets },
    targets: { kind: 'Uint32', data: graph.targets },
    lengths: { kind: 'Float32', data: graph.lengths },
    segmentFrom: { kind: 'Uint32', data: graph.segmentFrom },
    segmentTo: { kind: 'Uint32', data: graph.segmentTo },
    segmentForward: { kind: 'Int32', data: graph.segmentForward },
    segmentBackward: { kind: 'Int32', data: graph.segmentBackward },
    segmentModes: { kind: 'Uint8', data: graph.segmentModes },
    segmentIndex: { kind: 'Uint8', data: new Uint8Array(graph.segmentIndex.data) },
  };
  for (const mode of graph.header.modes) sections[`time_${mode}`] = { kind: 'Float32', data: graph.times[mode] };
  return sections;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/**
 * Writes the graph crash-safely (a temporary file renamed over `path`: an import killed while it
 * writes leaves the previous graph whole); returns the file size in bytes.
 */
export function writeGraph(graph: RoutingGraph, path: string): number {
  const sections = sectionsOf(graph);
  const entries = Object.entries(sections);
  // The header's own size depends on the offsets it lists, so lay the sections out after a generous estimate.
  const draft: FileHeader = { ...graph.header, sections: entries.map(([name, s]) => ({ name, kind: s.kind, offset: 0, length: 0 })) };
  const headerSpace = align8(12 + Buffer.byteLength(JSON.stringify(draft)) + 64 * entries.length + 256);
  let offset = headerSpace;
  const layout: Section[] = entries.map(([name, s]) => {
    const section = { name, kind: s.kind, offset, length: s.data.byteLength / CONSTRUCTORS[s.kind].BYTES_PER_ELEMENT };
    offset = align8(offset + s.data.byteLength);
    return section;
  });
  const headerJson = Buffer.from(JSON.stringify({ ...graph.header, sections: layout } satisfies FileHeader));
  if (12 + headerJson.length > headerSpace) throw new Error('Graph header does not fit');
  const prefix = Buffer.alloc(headerSpace);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(headerJson.length, 8);
  headerJson.copy(prefix, 12);
  writeFileAtomicallySync(path, (fd) => {
    writeSync(fd, prefix, 0, prefix.length, 0);
    for (const [i, [, s]] of entries.entries()) {
      const bytes = new Uint8Array(s.data.buffer, s.data.byteOffset, s.data.byteLength);
      writeAll(fd, bytes, layout[i]!.offset);
    }
    // Pad the tail so the last section's alignment holds when the file is read back whole.
    if (offset > layout.at(-1)!.offset) writeSync(fd, Buffer.alloc(1), 0, 1, offset - 1);
  });
  return offset;
}

/** One write may write less than asked (large buffers, some file systems): go on until all is written. */
function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/** Reads a graph file into a SharedArrayBuffer and returns views over it. */
export function loadGraph(path: string): RoutingGraph {
  const fd = openSync(path, 'r');
  let buffer: SharedArrayBuffer;
  try {
    const size = fstatSync(fd).size;
    buffer = new SharedArrayBuffer(size);
    const bytes = new Uint8Array(buffer);
    let done = 0;
    while (done < size) {
      const n = readSync(fd, bytes, done, size - done, done);
      if (n === 0) break;
      done += n;
    }
  } finally {
    closeSync(fd);
  }
  return graphFromBuffer(buffer, path);
}

/** Builds the views over an already loaded buffer (how worker threads attach to the shared graph). */
export function graphFromBuffer(buffer: SharedArrayBuffer | ArrayBuffer, name = 'graph'): RoutingGraph {
  const bytes = new Uint8Array(buffer);
  const header = parseHeader(bytes, name);
  checkLayout(header, bytes.length, name);
  const sections = new Map(header.sections.map((s) => [s.name, s]));
  const view = <K extends ArrayKind>(name: string, kind: K): InstanceType<(typeof CONSTRUCTORS)[K]> => {
    const section = sections.get(name);
    if (!section || section.kind !== kind) throw new Error(`Graph file is missing its ${name} array`);
    return new CONSTRUCTORS[kind](buffer as ArrayBuffer, section.offset, section.length) as InstanceType<(typeof CONSTRUCTORS)[K]>;
  };
  const { sections: _sections, ...graphHeader } = header;
  const indexSection = sections.get('segmentIndex');
  if (!indexSection) throw new Error('Graph file is missing its segment index');
  return {
    header: graphHeader,
    lon: view('lon', 'Float64'),
    lat: view('lat', 'Float64'),
    offsets: view('offsets', 'Uint32'),
    targets: view('targets', 'Uint32'),
    lengths: view('lengths', 'Float32'),
    times: Object.fromEntries(
      header.modes.map((mode) => [mode, view(`time_${mode}`, 'Float32')]),
    ) as Record<RoutingMode, Float32Array>,
    segmentFrom: view('segmentFrom', 'Uint32'),
    segmentTo: view('segmentTo', 'Uint32'),
    segmentForward: view('segmentForward', 'Int32'),
    segmentBackward: view('segmentBackward', 'Int32'),
    segmentModes: view('segmentModes', 'Uint8'),
    segmentIndex: Flatbush.from(buffer as unknown as ArrayBuffer, indexSection.offset),
  };
}

/** The header alone (what the file holds, imported from which extract), without reading the arrays. */
export function readGraphHeader(path: string): GraphHeader {
  const { sections: _sections, ...header } = readFileHeader(path).header;
  return header;
}

/**
 * The header of a graph that loadGraph would accept (this format version, every array inside the
 * file), read without its arrays; throws what loading would. Lets a caller decide cheaply whether
 * a graph file must be imported again.
 */
export function checkGraphFile(path: string): GraphHeader {
  const { header, size } = readFileHeader(path);
  checkLayout(header, size, path);
  const { sections: _sections, ...graphHeader } = header;
  return graphHeader;
}

function readFileHeader(path: string): { header: FileHeader; size: number } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const start = Buffer.alloc(Math.min(size, 12));
    readSync(fd, start, 0, start.length, 0);
    if (start.length < 12) parseHeader(start, path); // throws: not a graph file
    // Never more than the file holds, whatever length a damaged prefix claims.
    const bytes = Buffer.alloc(Math.min(size, 12 + start.readUInt32LE(8)));
    readSync(fd, bytes, 0, bytes.length, 0);
    return { header: parseHeader(bytes, path), size };
  } finally {
    closeSync(fd);
  }
}

function checkLayout(header: FileHeader, fileSize: number, name: string): void {
  if (header.version !== GRAPH_FORMAT_VERSION) {
    throw new Error(`${name} has graph format ${header.version}, expected ${GRAPH_FORMAT_VERSION}: import the extract again`);
  }
  // A file cut short (a copy or a disk that filled up) would otherwise fail later with "Invalid typed array length".
  for (const section of header.sections) {
    const end = section.offset + section.length * CONSTRUCTORS[section.kind].BYTES_PER_ELEMENT;
    if (end > fileSize) throw new Error(`${name} is truncated: its ${section.name} array ends at byte ${end}, the file has ${fileSize}`);
  }
}

function parseHeader(bytes: Uint8Array, name: string): FileHeader {
  if (bytes.length < 12 || Buffer.from(bytes.subarray(0, 8)).toString('latin1') !== MAGIC) {
    throw new Error(`${name} is not a routing graph file`);
  }
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  if (12 + headerLength > bytes.length) throw new Error(`${name} is truncated inside its header`);
  try {
    return JSON.parse(Buffer.from(bytes.subarray(12, 12 + headerLength)).toString('utf8')) as FileHeader;
  } catch {
    throw new Error(`${name} has a damaged header`);
  }
}
