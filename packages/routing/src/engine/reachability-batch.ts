/**
 * The "where to open" batch on the worker pool: the population as node weights (one job, which
 * also takes out what competitors reach), then the origins cut into chunks that the threads take
 * in turn, at most one chunk per thread at a time so that other users' isochrones still get a
 * thread between two chunks. An aborted signal (the client went away, the API's time limit) stops
 * the chunks running and starts no other.
 */
import { MAX_ISOCHRONE_SECONDS } from '@catchment/domain';
import { RoutingError } from '../errors.js';
import { isRoutingMode, type RoutingMode } from '../modes.js';
import type { WeightSource, WeightsSpread } from '../reach/node-weights.js';
import type { WorkerPool } from './worker-pool.js';

export interface ReachabilityRequest {
  /** Where a business could open ([longitude, latitude]), e.g. the centres of a grid's cells. */
  origins: readonly [number, number][];
  transportMode: string;
  durationSeconds: number;
  /** An origin farther than this from a road of the mode is off the roads: its value is null. */
  originSnapMeters: number;
  /** The people to count (territorial units' populations), placed on the road graph's nodes. */
  population: readonly WeightSource[];
  /** Competitors' positions: the people they reach within the same time are not counted. */
  competitors?: readonly [number, number][];
}

export interface ReachabilityOptions {
  signal?: AbortSignal;
  /** Called as chunks of origins are done: origins done, origins in all. */
  onProgress?: (done: number, total: number) => void;
}

export interface ReachabilityResult {
  /** Per origin, in order: the population reached (net of the competitors'), null when off the roads. */
  values: (number | null)[];
  /** The road network used (its graph file's name). */
  region: string;
  population: WeightsSpread & { excludedByCompetitors: number };
  competitors: { given: number; placed: number };
  timings: { weightsMs: number; searchMs: number; settledNodes: number };
}

/** Origins per chunk: enough chunks for the threads to share the work evenly, each small enough to stop soon. */
export const chunkSize = (origins: number, threads: number) => Math.max(1, Math.min(64, Math.ceil(origins / (threads * 8))));

/** Checks the request before any work (the API's own limits are tighter; these keep the engine safe on its own). */
export function validateReachability(request: ReachabilityRequest): { mode: RoutingMode; budget: number } {
  if (!isRoutingMode(request.transportMode)) {
    throw new RoutingError('MODE_NOT_AVAILABLE', `The ${request.transportMode} mode is not routed on the road network`, { transportMode: request.transportMode });
  }
  const budget = request.durationSeconds;
  if (!Number.isInteger(budget) || budget <= 0 || budget > MAX_ISOCHRONE_SECONDS) {
    throw new RoutingError('INVALID_VALUE', `The duration must be a whole number of seconds between 1 and ${MAX_ISOCHRONE_SECONDS}`, { value: budget, max: MAX_ISOCHRONE_SECONDS });
  }
  if (request.origins.length === 0) throw new RoutingError('INVALID_VALUE', 'At least one origin is needed');
  for (const [lng, lat] of [...request.origins, ...(request.competitors ?? [])]) {
    if (!(Math.abs(lng) <= 180 && Math.abs(lat) <= 90)) throw new RoutingError('CANNOT_CALCULATE', 'Points must be [longitude, latitude]');
  }
  return { mode: request.transportMode, budget };
}

/** The batch on a graph of the pool, for a request `validateReachability` passed. */
export async function runReachability(
  pool: WorkerPool, graph: { index: number; nodeCount: number; region: string }, threads: number,
  request: ReachabilityRequest & { mode: RoutingMode; budget: number }, options: ReachabilityOptions = {},
): Promise<ReachabilityResult> {
  const { mode, budget } = request;
  // One stop for every job of the batch: the caller's signal, or the first chunk that fails.
  const stop = new AbortController();
  const onAbort = () => stop.abort(options.signal!.reason);
  if (options.signal?.aborted) throw options.signal.reason;
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const t0 = performance.now();
    const weights = new SharedArrayBuffer(graph.nodeCount * Float32Array.BYTES_PER_ELEMENT);
    const competitors = [...(request.competitors ?? [])];
    const { spread, exclusion } = await pool.runJob(graph.index, {
      kind: 'nodeWeights', request: { weights, sources: [...request.population], competitors, mode, budget },
    }, stop.signal);
    const t1 = performance.now();

    const total = request.origins.length;
    const size = chunkSize(total, threads);
    const values: (number | null)[] = new Array<number | null>(total).fill(null);
    let next = 0;
    let done = 0;
    let settledNodes = 0;
    const lane = async () => {
      while (next < total && !stop.signal.aborted) {
        const from = next;
        next = Math.min(total, next + size);
        const origins = request.origins.slice(from, next);
        const result = await pool.runJob(graph.index, {
          kind: 'reachSums', request: { weights, origins, mode, budget, snapMeters: request.originSnapMeters },
        }, stop.signal);
        result.values.forEach((value, i) => { values[from + i] = value; });
        settledNodes += result.settledNodes;
        done += origins.length;
        options.onProgress?.(done, total);
      }
    };
    await Promise.all(Array.from({ length: Math.min(threads, Math.ceil(total / size)) }, () => lane().catch((error: unknown) => {
      stop.abort(error);
      throw error;
    })));
    return {
      values,
      region: graph.region,
      population: { ...spread, excludedByCompetitors: exclusion.excluded },
      competitors: { given: competitors.length, placed: exclusion.placed },
      timings: { weightsMs: t1 - t0, searchMs: performance.now() - t1, settledNodes },
    };
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}
