import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { removeStaleTemporaryFiles } from '@catchment/files';
import { loadGraph, readGraphHeader } from '../graph/graph-file.js';
import type { GraphHeader, RoutingGraph } from '../graph/routing-graph.js';
import { RoutingError } from '../errors.js';
import type { IsochroneCollection, IsochroneTimings } from '../query/compute-isochrones.js';
import { validateRequest, validateRouteRequest, validateTransitRequest, type RawIsochroneRequest, type RawRouteRequest } from './validate-request.js';
import { timetableBuffer } from '../transit/timetable.js';
import { loadTimetableFolder, timetableFor, transitFeed, type TransitFeed } from './transit-timetables.js';
import type { Route } from '../query/route.js';
import { WorkerPool } from './worker-pool.js';
import type { IsochroneCallOptions } from '../providers/isochrone-provider.js';
import { runReachability, validateReachability, type ReachabilityOptions, type ReachabilityRequest, type ReachabilityResult } from './reachability-batch.js';

export interface RoutingEngineOptions {
  /** Folder holding the imported `*.graph` files; every one is loaded. */
  graphDir: string;
  /**
   * Graphs to fall back on (the demo's sample regions): tried only after the graphs of graphDir,
   * and not loaded at all when graphDir has a graph of the same region (file name), so that an
   * operator's own extract of a region always wins over the sample of it.
   */
  fallbackGraphDir?: string;
  /** Worker threads (default: one per core, at most 4). */
  workers?: number;
  /** Where to say which graph files were skipped as damaged and which leftovers were removed. */
  log?: (message: string) => void;
  /**
   * Folder holding the imported transit timetables (`*.timetable`, `npm run data -- import gtfs`),
   * each served with the loaded graph its stops are linked to.
   */
  timetableDir?: string;
}

/** A loaded graph: its header, the region it is named after, and whether it is a fallback one. */
export interface LoadedRegion extends GraphHeader {
  /** The graph file's name without `.graph` (`npm run data -- import osm monaco.osm.pbf` writes `monaco.graph`). */
  region: string;
  /** Loaded from fallbackGraphDir: used where no other graph serves the start point. */
  fallback: boolean;
}

export interface RoutingEngine {
  /** The loaded regions, for status pages, the list of regions offered to users and error hints. */
  regions(): LoadedRegion[];
  /** The loaded transit timetables (GTFS feeds), with the dates and area each covers. */
  transitFeeds(): TransitFeed[];
  isochrones(request: RawIsochroneRequest, options?: IsochroneCallOptions): Promise<IsochroneCollection>;
  /** The same, with the time spent snapping, searching and drawing (benchmarks). */
  isochronesWithTimings(request: RawIsochroneRequest, options?: IsochroneCallOptions): Promise<{ collection: IsochroneCollection; timings: IsochroneTimings }>;
  /**
   * For many origins at once, the population each reaches within a travel time (net of what
   * competitors reach), on the road network covering the origins' centre (reachability-batch.ts).
   */
  reachability(request: ReachabilityRequest, options?: ReachabilityOptions): Promise<ReachabilityResult>;
  /**
   * The fastest way between an isochrone's start and a point (or from the point to the start, for
   * arrival), with the travel time the isochrone's search gives that point.
   */
  route(request: RawRouteRequest, options?: IsochroneCallOptions): Promise<Route>;
  close(): Promise<void>;
}

export const GRAPH_EXTENSION = '.graph';

/**
 * Loads every graph of the folder (then those of the fallback folder that no graph of it replaces)
 * once into shared memory and starts the worker pool over them. Temporary files of interrupted
 * imports are removed first; a damaged graph is skipped (logged with the command that rebuilds it)
 * so the other regions are still served.
 */
export async function createRoutingEngine(options: RoutingEngineOptions): Promise<RoutingEngine> {
  const log = options.log ?? (() => {});
  const loaded = await loadGraphFolder(options.graphDir, false, log);
  if (options.fallbackGraphDir) {
    // By the graphs actually loaded: a damaged graph of the operator's leaves the sample of its region in service.
    const taken = new Map(loaded.map(({ file, region }) => [region.region, file]));
    for (const fallback of await loadGraphFolder(options.fallbackGraphDir, true, log, taken)) loaded.push(fallback);
  }
  const regions = loaded.map(({ region }) => region);
  const timetables = options.timetableDir ? await loadTimetableFolder(options.timetableDir, regions, log) : [];
  const size = options.workers ?? Math.max(1, Math.min(4, availableParallelism()));
  const pool = loaded.length > 0
    ? new WorkerPool({
      graphs: loaded.map(({ file, graph }) => ({ name: file, buffer: sharedBufferOf(graph) })),
      timetables: timetables.map(({ file, timetable, graph }) => ({ name: file, buffer: timetableBuffer(timetable), graph })),
    }, size)
    : null;

  /** Walking and public transport: the timetable covering the start and the day, on its graph. */
  const transitIsochrones = async (raw: RawIsochroneRequest, options: IsochroneCallOptions) => {
    const request = validateTransitRequest(raw);
    const index = timetableFor(timetables, request.startPoint, request.departureMs);
    const { graph } = timetables[index]!;
    if (!pool) throw noGraphError(request.startPoint, regions);
    return pool.runJob(graph, { kind: 'transitIsochrones', request: { ...request, timetable: index } }, options.signal);
  };

  const isochronesWithTimings = async (raw: RawIsochroneRequest, options: IsochroneCallOptions = {}) => {
    if (raw.transportMode === 'transit') return transitIsochrones(raw, options);
    const request = validateRequest(raw);
    // Several starts are searched on one network: one whose box holds them all.
    const points = request.startPoints ?? [request.startPoint];
    const uncovered = points.find((point) => graphsCovering(regions, point).length === 0);
    if (uncovered || !pool) throw noGraphError(uncovered ?? request.startPoint, regions);
    const candidates = graphsCoveringAll(regions, points);
    if (candidates.length === 0) throw new RoutingError('CANNOT_CALCULATE', 'The start points lie on different road networks', { startPoints: points });
    const usable = candidates.filter((i) => regions[i]!.modes.includes(request.transportMode));
    if (usable.length === 0) {
      throw new RoutingError('MODE_NOT_AVAILABLE', `The loaded road network has no ${request.transportMode} profile here`, {
        transportMode: request.transportMode,
      });
    }
    // Regions may overlap: the operator's before the fallback ones, the smallest first, the next when the start is off its roads.
    for (const [n, index] of usable.entries()) {
      try {
        return await pool.run(index, request, options.signal);
      } catch (error) {
        if (!(error instanceof RoutingError && error.code === 'START_TOO_FAR' && n < usable.length - 1)) throw error;
      }
    }
    throw new RoutingError('CANNOT_CALCULATE', 'Area cannot be calculated');
  };

  const reachability = async (request: ReachabilityRequest, options: ReachabilityOptions = {}) => {
    const { mode, budget } = validateReachability(request);
    const centre = centreOf(request.origins);
    const candidates = graphsCovering(regions, centre);
    if (candidates.length === 0 || !pool) throw noGraphError(centre, regions);
    // The operator's graph before the demo's, the smallest first, as for an isochrone; no fallback
    // to the next one: the origins of one grid are routed on one network.
    const index = candidates.find((i) => regions[i]!.modes.includes(mode));
    if (index === undefined) {
      throw new RoutingError('MODE_NOT_AVAILABLE', `The loaded road network has no ${request.transportMode} profile here`, { transportMode: request.transportMode });
    }
    const region = regions[index]!;
    return runReachability(pool, { index, nodeCount: region.nodeCount, region: region.region }, size, { ...request, mode, budget }, options);
  };

  const route = async (raw: RawRouteRequest, options: IsochroneCallOptions = {}) => {
    const request = validateRouteRequest(raw);
    if (!pool) throw noGraphError(request.startPoint, regions);
    for (const point of [request.startPoint, request.point]) if (graphsCovering(regions, point).length === 0) throw noGraphError(point, regions);
    const candidates = graphsCoveringAll(regions, [request.startPoint, request.point]);
    if (candidates.length === 0) {
      throw new RoutingError('UNREACHABLE', 'The start and the point lie on different road networks', { direction: request.direction });
    }
    const usable = candidates.filter((i) => regions[i]!.modes.includes(request.transportMode));
    if (usable.length === 0) {
      throw new RoutingError('MODE_NOT_AVAILABLE', `The loaded road network has no ${request.transportMode} profile here`, { transportMode: request.transportMode });
    }
    // As for an isochrone: the next network when a point is off this one's roads.
    for (const [n, index] of usable.entries()) {
      try {
        return await pool.runJob(index, { kind: 'route', request }, options.signal);
      } catch (error) {
        const offRoad = error instanceof RoutingError && (error.code === 'START_TOO_FAR' || error.code === 'POINT_TOO_FAR');
        if (!(offRoad && n < usable.length - 1)) throw error;
      }
    }
    throw new RoutingError('CANNOT_CALCULATE', 'Route cannot be calculated');
  };

  return {
    regions: () => regions,
    transitFeeds: () => timetables.map(({ timetable }) => transitFeed(timetable.header)),
    reachability,
    route,
    isochronesWithTimings,
    isochrones: async (raw, options) => (await isochronesWithTimings(raw, options)).collection,
    close: async () => {
      await pool?.close();
    },
  };
}

interface LoadedGraph { file: string; graph: RoutingGraph; region: LoadedRegion }

/**
 * Loads the graphs of a folder after removing what interrupted imports left there. A damaged graph
 * is skipped (logged with the command that rebuilds it); a graph whose region is in `taken` is not
 * loaded (logged with the file that replaces it).
 */
async function loadGraphFolder(
  dir: string, fallback: boolean, log: (message: string) => void, taken = new Map<string, string>(),
): Promise<LoadedGraph[]> {
  await removeStaleTemporaryFiles(dir, log);
  const loaded: LoadedGraph[] = [];
  for (const file of listGraphFiles(dir)) {
    const region = basename(file, GRAPH_EXTENSION);
    const replacement = taken.get(region);
    if (replacement) {
      log(`Not loading road graph ${file}: ${replacement} covers the same region`);
      continue;
    }
    try {
      const graph = loadGraph(file);
      loaded.push({ file, graph, region: { ...graph.header, region, fallback } });
    } catch (error) {
      log(`Skipping road graph ${basename(file)}: ${error instanceof Error ? error.message : String(error)}. ` +
        `Rebuild it with: ${reimportCommand(file)}`);
    }
  }
  return loaded;
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

export function sharedBufferOf(graph: RoutingGraph): SharedArrayBuffer {
  const buffer = graph.lon.buffer;
  if (!(buffer instanceof SharedArrayBuffer)) throw new Error('Graphs must be loaded into shared memory');
  return buffer;
}

/**
 * Indexes of the graphs whose bounding box holds the point: those not marked fallback first, then
 * the smallest box first (the most local extract of the place).
 */
export function graphsCovering(headers: Array<Pick<LoadedRegion, 'bbox'> & { fallback?: boolean }>, [lng, lat]: [number, number]): number[] {
  const area = ({ bbox: [w, s, e, n] }: Pick<GraphHeader, 'bbox'>) => (e - w) * (n - s);
  return headers
    .map((header, index) => ({ header, index }))
    .filter(({ header: { bbox: [w, s, e, n] } }) => lng >= w && lng <= e && lat >= s && lat <= n)
    .sort((a, b) => Number(!!a.header.fallback) - Number(!!b.header.fallback) || area(a.header) - area(b.header))
    .map(({ index }) => index);
}

/** The graphs (in graphsCovering's order) whose box holds every one of the points. */
function graphsCoveringAll(headers: LoadedRegion[], points: readonly [number, number][]): number[] {
  const [first, ...others] = points;
  return graphsCovering(headers, first!).filter((index) => others.every((point) => graphsCovering([headers[index]!], point).length > 0));
}

/** The middle of the points' bounding box. */
function centreOf(points: readonly [number, number][]): [number, number] {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return points.length === 0 ? [0, 0] : [(minX + maxX) / 2, (minY + maxY) / 2];
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
