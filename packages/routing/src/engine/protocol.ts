import type { IsochroneCollection, IsochroneRequest, IsochroneTimings } from '../query/compute-isochrones.js';
import type { RoutingErrorCode } from '../errors.js';

/** What the pool gives each worker at start: the shared graph buffers, one per region. */
export interface WorkerData {
  graphs: Array<{ name: string; buffer: SharedArrayBuffer }>;
}

export interface WorkerTask {
  id: number;
  graph: number;
  request: IsochroneRequest;
}

export type WorkerReply =
  | { id: number; ok: true; collection: IsochroneCollection; timings: IsochroneTimings }
  | { id: number; ok: false; code: RoutingErrorCode; message: string; details: Record<string, unknown> };
