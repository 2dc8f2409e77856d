import type { IsochroneCollection, IsochroneRequest, IsochroneTimings } from '../query/compute-isochrones.js';
import type { RoutingErrorCode } from '../errors.js';
import type { WeightSource, WeightsSpread } from '../reach/node-weights.js';
import type { Exclusion, ReachSums, ReachSumsOptions } from '../reach/reach-sums.js';
import type { Route, RouteRequest } from '../query/route.js';
import type { TransitIsochroneRequest, TransitTimings } from '../transit/transit-isochrones.js';

/** What the pool gives each worker at start: the shared graph buffers, one per region, and the transit timetables (each with its graph's index). */
export interface WorkerData {
  graphs: Array<{ name: string; buffer: SharedArrayBuffer }>;
  timetables?: Array<{ name: string; buffer: SharedArrayBuffer; graph: number }>;
  /** The thread's own cancellation flag (one Int32, not 0: stop the current search), shared with the pool. */
  cancel?: SharedArrayBuffer;
}

/**
 * The reachability batch's node weights: one Float32 per node of the graph, in memory shared by
 * every worker, written by the one `nodeWeights` job and then only read by the `reachSums` jobs.
 */
export interface SharedWeights { weights: SharedArrayBuffer }

/** The work a thread can be given, by kind, with what it answers. */
export interface WorkerJobs {
  isochrones: { request: IsochroneRequest; result: { collection: IsochroneCollection; timings: IsochroneTimings } };
  nodeWeights: {
    request: SharedWeights & { sources: WeightSource[]; competitors: [number, number][]; mode: ReachSumsOptions['mode']; budget: number };
    result: { spread: WeightsSpread; exclusion: Exclusion };
  };
  route: { request: RouteRequest; result: Route };
  transitIsochrones: { request: TransitIsochroneRequest & { timetable: number }; result: { collection: IsochroneCollection; timings: TransitTimings } };
  reachSums: { request: SharedWeights & ReachSumsOptions & { origins: [number, number][] }; result: ReachSums };
}
export type WorkerJobKind = keyof WorkerJobs;

export type WorkerJob = { [K in WorkerJobKind]: { kind: K; request: WorkerJobs[K]['request'] } }[WorkerJobKind];

export interface WorkerTask {
  id: number;
  graph: number;
  job: WorkerJob;
}

export type WorkerReply =
  | { id: number; ok: true; result: WorkerJobs[WorkerJobKind]['result'] }
  | { id: number; ok: false; code: RoutingErrorCode; message: string; details: Record<string, unknown> };
