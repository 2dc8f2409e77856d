import type Flatbush from 'flatbush';
import type { RoutingMode } from '../modes.js';

export const GRAPH_FORMAT_VERSION = 1;

/** Bounding box [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

export interface GraphHeader {
  version: number;
  /** Where the data came from (the input file's name) and when it was imported. */
  source: string;
  importedAt: string;
  bbox: BBox;
  modes: RoutingMode[];
  nodeCount: number;
  edgeCount: number;
  segmentCount: number;
}

/**
 * A directed road graph in compressed sparse rows: the edges leaving node `n` are
 * `offsets[n] .. offsets[n + 1] - 1`; `targets`, `lengths` and each mode's `times` are indexed by edge.
 * A time of Infinity means the mode may not drive that edge (oneway, access, truck restriction).
 * Segments are the undirected pieces of ways, with their two directed edges (-1 when absent),
 * the modes allowed on them as a bit mask, and a spatial index over them for snapping.
 */
export interface RoutingGraph {
  header: GraphHeader;
  lon: Float64Array;
  lat: Float64Array;
  offsets: Uint32Array;
  targets: Uint32Array;
  /** Metres. */
  lengths: Float32Array;
  /** Seconds, per mode. */
  times: Record<RoutingMode, Float32Array>;
  segmentFrom: Uint32Array;
  segmentTo: Uint32Array;
  segmentForward: Int32Array;
  segmentBackward: Int32Array;
  segmentModes: Uint8Array;
  segmentIndex: Flatbush;
}

export function modeBit(graph: Pick<RoutingGraph, 'header'>, mode: RoutingMode): number {
  return 1 << graph.header.modes.indexOf(mode);
}
