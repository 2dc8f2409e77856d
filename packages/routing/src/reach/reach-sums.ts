/**
 * The "where to open" batch: for many origins, the weight (population) of the nodes each reaches
 * within a travel time, and the removal of what competitors already reach. One bounded search per
 * origin, the same search as an isochrone's (query/bounded-search.ts) without its polygon, which
 * is most of an isochrone's time: thousands of origins fit in a request.
 */
import type { RoutingGraph } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import type { SearchResult, SearchWorkspace } from '../query/bounded-search.js';
import { snapToRoad, type SnappedPoint } from '../query/snap.js';

/** The sum of the weights of the nodes a search settled. */
export function reachedWeight(result: SearchResult, weights: Float32Array): number {
  let sum = 0;
  for (const node of result.settled) sum += weights[node]!;
  return sum;
}

export interface ReachSumsOptions {
  mode: RoutingMode;
  /** Seconds of travel. */
  budget: number;
  /** An origin farther than this from any road of the mode reaches nothing (null): nobody opens in a field. */
  snapMeters: number;
}

export interface ReachSums {
  /** Per origin, in order: the weight reached, or null when it is off the roads. */
  values: (number | null)[];
  settledNodes: number;
}

/** One search per origin, each reached weight summed. */
export function reachSums(graph: RoutingGraph, workspace: SearchWorkspace, origins: readonly [number, number][], weights: Float32Array, options: ReachSumsOptions): ReachSums {
  const values: (number | null)[] = [];
  let settledNodes = 0;
  for (const [lon, lat] of origins) {
    const start = snapToRoad(graph, options.mode, lon, lat, options.snapMeters);
    if (!start) {
      values.push(null);
      continue;
    }
    const result = workspace.search(start, options.mode, 'isochrone', options.budget);
    settledNodes += result.settled.length;
    values.push(reachedWeight(result, weights));
  }
  return { values, settledNodes };
}

export interface Exclusion {
  /** Competitors placed on the roads (the others are farther than the snapping distance from any). */
  placed: number;
  /** The weight taken out: what the competitors already reach. */
  excluded: number;
}

/**
 * Zeroes the weight of every node one of the competitors reaches within the budget: one search from
 * all of them at once (multi-source), so a thousand shops cost one search, not a thousand.
 */
export function excludeReached(
  graph: RoutingGraph, workspace: SearchWorkspace, competitors: readonly [number, number][], weights: Float32Array, options: Pick<ReachSumsOptions, 'mode' | 'budget'>,
): Exclusion {
  const starts = competitors.map(([lon, lat]) => snapToRoad(graph, options.mode, lon, lat)).filter((start): start is SnappedPoint => start !== null);
  if (starts.length === 0) return { placed: 0, excluded: 0 };
  const result = workspace.searchFrom(starts, options.mode, 'isochrone', options.budget);
  let excluded = 0;
  for (const node of result.settled) {
    excluded += weights[node]!;
    weights[node] = 0;
  }
  return { placed: starts.length, excluded };
}
