import Flatbush from 'flatbush';
import {
  checkSections, parseSectionedHeader, readIntoSharedBuffer, readSectionedHeader, sectionViews, writeSectionedFile,
  type FileKind, type Section, type Sectioned,
} from '../sectioned-file.js';
import type { RoutingMode } from '../modes.js';
import { GRAPH_FORMAT_VERSION, type GraphHeader, type RoutingGraph } from './routing-graph.js';

/** One graph file: a sectioned file (sectioned-file.ts) whose magic is "CATGRAPH". */
const GRAPH_FILE: FileKind = { magic: 'CATGRAPH', what: 'routing graph' };

interface FileHeader extends GraphHeader {
  sections: Section[];
}

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

/**
 * Writes the graph crash-safely (a temporary file renamed over `path`: an import killed while it
 * writes leaves the previous graph whole); returns the file size in bytes.
 */
export function writeGraph(graph: RoutingGraph, path: string): number {
  return writeSectionedFile(GRAPH_FILE, path, graph.header, sectionsOf(graph));
}

/** Reads a graph file into a SharedArrayBuffer and returns views over it. */
export function loadGraph(path: string): RoutingGraph {
  return graphFromBuffer(readIntoSharedBuffer(path), path);
}

/** Builds the views over an already loaded buffer (how worker threads attach to the shared graph). */
export function graphFromBuffer(buffer: SharedArrayBuffer | ArrayBuffer, name = 'graph'): RoutingGraph {
  const bytes = new Uint8Array(buffer);
  const header = parseSectionedHeader<GraphHeader>(GRAPH_FILE, bytes, name);
  checkLayout(header, bytes.length, name);
  const view = sectionViews(GRAPH_FILE, buffer, header.sections);
  const { sections, ...graphHeader } = header;
  const indexSection = sections.find((section) => section.name === 'segmentIndex');
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
  return readSectionedHeader<GraphHeader>(GRAPH_FILE, path);
}

function checkLayout(header: FileHeader, fileSize: number, name: string): void {
  if (header.version !== GRAPH_FORMAT_VERSION) {
    throw new Error(`${name} has graph format ${header.version}, expected ${GRAPH_FORMAT_VERSION}: import the extract again`);
  }
  checkSections(header.sections, fileSize, name);
}
