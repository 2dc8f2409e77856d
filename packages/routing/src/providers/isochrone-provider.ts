/**
 * What the API asks of whatever computes isochrones: our own engine (engine/routing-engine.ts) or
 * an operator's Valhalla, openrouteservice or GraphHopper server behind an adapter of this folder.
 * The answer has the same shape whichever computes it: one MultiPolygon per value, smallest first.
 */
import type { IsochroneCollection } from '../query/compute-isochrones.js';
import type { RawIsochroneRequest, RawRouteRequest } from '../engine/validate-request.js';
import type { Route } from '../query/route.js';
import type { LoadedRegion } from '../engine/routing-engine.js';
import type { TransitFeed } from '../engine/transit-timetables.js';
import type { ReachabilityOptions, ReachabilityRequest, ReachabilityResult } from '../engine/reachability-batch.js';

export interface IsochroneCallOptions {
  /** The caller no longer wants the answer (its client went away): the search is stopped. */
  signal?: AbortSignal;
}

export interface IsochroneProvider {
  isochrones(request: RawIsochroneRequest, options?: IsochroneCallOptions): Promise<IsochroneCollection>;
  /** The road networks loaded, where the provider knows them (our engine); an external server does not say. */
  regions?(): LoadedRegion[];
  /** The transit timetables loaded (our engine only): their presence says the provider computes transit areas. */
  transitFeeds?(): TransitFeed[];
  /** The population reachable from many origins (our engine only: an external server has no such batch). */
  reachability?(request: ReachabilityRequest, options?: ReachabilityOptions): Promise<ReachabilityResult>;
  /**
   * The fastest way between a start and a point (our engine only). Its presence also says the
   * provider computes arrival and several-start areas; the external adapters do neither.
   */
  route?(request: RawRouteRequest, options?: IsochroneCallOptions): Promise<Route>;
  close(): Promise<void>;
}

export interface ExternalProviderOptions {
  /** Base URL of the server, e.g. http://localhost:8002 for Valhalla. */
  baseUrl: string;
  /** API key, for the hosted services that want one. */
  apiKey?: string;
  /** Per-request time limit (default 30 s). */
  timeoutMs?: number;
}
