import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { removeStaleTemporaryFiles } from '@catchment/files';
import { loadGraph, readGraphHeader } from '../graph/graph-file.js';
import type { GraphHeader, RoutingGraph } from '../graph/routing-graph.js';
import { RoutingError } from '../errors.js';
import type { IsochroneCollection, IsochroneTimings } from '../query/compute-isochrones.js';
import { validateRequest, type RawIsochroneRequest } from './validate-request.js';
import { WorkerPool } from './worker-pool.js';

export interface RoutingEngineOptions {
  /** Folder holding the imported `*.graph` files; every one is loaded. */
  graphDir: string;
  /** Worker threads (default: one per core, at most 4). */
  workers?: number;
  /** Where to say which graph files were skipped as damaged and which leftovers were removed. */
  log?: (message: string) => void;
}

export interface RoutingEngine {
  /** The loaded regions, for status pages and error hints. */
  regions(): GraphHeader[];
  isochrones(request: RawIsochroneRequest): Promise<IsochroneCollection>;
  /** The same, with the time spent snapping, searching and drawing (benchmarks). */
  isochronesWithTimings(request: RawIsochroneRequest): Promise<{ collection: IsochroneCollection; timings: IsochroneTimings }>;
  close(): Promise<void>;
}

export const GRAPH_EXTENSION = '.graph';

/**
 * Loads every graph of the folder once into shared memory and starts the worker pool over them.
 * Temporary files of interrupted imports are removed first; a damaged graph is skipped (logged with
 * the command that rebuilds it) so the other regions are still served.
 */
export async function createRoutingEngine(options: RoutingEngineOptions): Promise<RoutingEngine> {
  const log = options.log ?? (() => {});
  await removeStaleTemporaryFiles(options.graphDir, log);
  const files: string[] = [];
  const graphs: RoutingGraph[] = [];
  for (const file of listGraphFiles(options.graphDir)) {
    try {
      graphs.push(loadGraph(file));
      files.push(file);
    } catch (error) {
      log(`Skipping road graph ${basename(file)}: ${error instanceof Error ? error.message : String(error)}. ` +
        `Rebuild it with: ${reimportCommand(file)}`);
    }
  }
  const headers = graphs.map((graph) => graph.header);
  const size = options.workers ?? Math.max(1, Math.min(4, availableParallelism()));
  const pool = graphs.length > 0
    ? new WorkerPool({ graphs: graphs.map((graph, i) => ({ name: files[i]!, buffer: sharedBufferOf(graph) })) }, size)
    : null;

  const isochronesWithTimings = async (raw: RawIsochroneRequest) => {
    const request = validateRequest(raw);
    const candidates = graphsCovering(headers, request.startPoint);
    if (candidates.length === 0 || !pool) throw noGraphError(request.startPoint, headers);
    const usable = candidates.filter((i) => headers[i]!.modes.includes(request.transportMode));
    if (usable.length === 0) {
      throw new RoutingError('MODE_NOT_AVAILABLE', `The loaded road network has no ${request.transportMode} profile here`, {
        transportMode: request.transportMode,
      });
    }
    // Regions may overlap at their edges: the smallest first, the next when the start is off its roads.
    for (const [n, index] of usable.entries()) {
      try {
        return await pool.run(index, request);
      } catch (error) {
        if (!(error instanceof RoutingError && error.code === 'START_TOO_FAR' && n < usable.length - 1)) throw error;
      }
    }
    throw new RoutingError('CANNOT_CALCULATE', 'Area cannot be calculated');
  };

  return {
    regions: () => headers,
    isochronesWithTimings,
    isochrones: async (raw) => (await isochronesWithTimings(raw)).collection,
    close: async () => {
      await pool?.close();
    },
  };
}

function listGraphFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => name.endsWith(GRAPH_EXTENSION)).sort().map((name) => join(dir, name));
}

/** The import command of a graph file's extract, named when its header is still readable. */
function reimportCommand(file: string): string {
  try {
    return `npm run data -- import osm ${readGraphHeader(file).source}`;
  } catch {
    return `npm run data -- import osm <${basename(file, GRAPH_EXTENSION)}.osm.pbf>`;
  }
}

function sharedBufferOf(graph: RoutingGraph): SharedArrayBuffer {
  const buffer = graph.lon.buffer;
  if (!(buffer instanceof SharedArrayBuffer)) throw new Error('Graphs must be loaded into shared memory');
  return buffer;
}

/** Indexes of the graphs whose bounding box holds the point, smallest box first. */
export function graphsCovering(headers: GraphHeader[], [lng, lat]: [number, number]): number[] {
  const area = ({ bbox: [w, s, e, n] }: GraphHeader) => (e - w) * (n - s);
  return headers
    .map((header, index) => ({ header, index }))
    .filter(({ header: { bbox: [w, s, e, n] } }) => lng >= w && lng <= e && lat >= s && lat <= n)
    .sort((a, b) => area(a.header) - area(b.header))
    .map(({ index }) => index);
}

function noGraphError(point: [number, number], headers: GraphHeader[]): RoutingError {
  const [lng, lat] = point;
  return new RoutingError(
    'NO_GRAPH_FOR_POINT',
    `No road network is loaded for ${lng.toFixed(5)}, ${lat.toFixed(5)}: import an OpenStreetMap extract of that region ` +
      '(npm run data -- import osm <region.osm.pbf>) and restart the server',
    {
      point,
      importCommand: 'npm run data -- import osm <region.osm.pbf>',
      loadedRegions: headers.map(({ source, bbox }) => ({ source, bbox })),
    },
  );
}
