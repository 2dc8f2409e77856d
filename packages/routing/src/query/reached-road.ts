import type { RoutingGraph } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import type { MultiPolygon } from 'geojson';
import type { LocalProjection } from '../geo.js';
import { buildReachableAreas } from '../polygon/reachable-area.js';
import { reversedEdges } from '../graph/reversed-edges.js';
import { Growable } from '../graph/growable.js';
import { AREA_SHAPE } from '../polygon/reachable-area.js';
import { drawBudgetLeft, drawPoint } from '../polygon/grid.js';
import { emptyExtent, extendTo, type Extent, type ReachedRoadDrawing } from '../polygon/road-drawing.js';
import type { Direction, IsoMode, SearchResult } from './bounded-search.js';
import type { SnappedPoint } from './snap.js';

/**
 * The polygons of what a search reached within each budget (ascending, the last one the search's
 * budget or less), nested, in a projection centred on `centre` (by default the middle of the starts).
 */
export function reachedAreas(
  graph: RoutingGraph,
  mode: RoutingMode,
  isoMode: IsoMode,
  starts: readonly SnappedPoint[],
  result: SearchResult,
  budgets: number[],
  options: { direction?: Direction; startCosts?: ArrayLike<number>; centre?: [number, number] } = {},
): MultiPolygon[] {
  const road = reachedRoadDrawing(graph, mode, isoMode, starts, result, budgets.at(-1)!, options.direction, options.startCosts);
  return buildReachableAreas(options.centre ?? centreOf(starts), budgets, road);
}

/** The start, or the middle of several. */
function centreOf(starts: readonly SnappedPoint[]): [number, number] {
  if (starts.length === 1) return [starts[0]!.lon, starts[0]!.lat];
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { lon, lat } of starts) {
    minX = Math.min(minX, lon);
    minY = Math.min(minY, lat);
    maxX = Math.max(maxX, lon);
    maxY = Math.max(maxY, lat);
  }
  return [(minX + maxX) / 2, (minY + maxY) / 2];
}

/**
 * The reached road laid out for drawing, in local metres: every reached node with the budget left
 * there, and the straight pieces its nodes' cells alone do not stand for. 12 bytes per reached node
 * and 24 per piece, against 56 per reached edge for `reachedPieces`.
 */
interface RoadLayout {
  /** x, y, budget left, per reached node. */
  nodes: Float32Array;
  /** x1, y1, left1, x2, y2, left2, per piece. */
  pieces: Float32Array;
  extent: Extent;
}

/**
 * The road reached within `budget`, drawn straight from the search: the same road as
 * `reachedPieces`, without writing every edge out first. Each reached node marks its cell with the
 * budget left there. An edge between two reached nodes (an edge within the budget ends at a reached
 * node: its cost is at most this node's plus the edge's) is drawn along its length only when it is
 * long enough to cross a cell its ends do not hold: half a cell or more, the sampling step, of the
 * smallest grid the nodes' extent can get. An edge the budget runs out on (the frontier) is drawn
 * from its node as far as the budget covers, and each start's segment on both sides of it.
 * For an arrival search, the edges arriving at reached nodes, from their end back towards their source.
 */
export function reachedRoadDrawing(
  graph: RoutingGraph,
  mode: RoutingMode,
  isoMode: IsoMode,
  starts: readonly SnappedPoint[],
  result: SearchResult,
  budget: number,
  direction: Direction = 'departure',
  startCosts?: ArrayLike<number>,
): ReachedRoadDrawing {
  let laidOut: { projection: LocalProjection; layout: RoadLayout } | null = null;
  const layoutFor = (projection: LocalProjection) => {
    if (laidOut?.projection !== projection) {
      laidOut = { projection, layout: layOutRoad(graph, mode, isoMode, starts, result, budget, direction, startCosts, projection) };
    }
    return laidOut.layout;
  };
  return {
    extent: (projection) => layoutFor(projection).extent,
    draw(grid, projection, left) {
      const { nodes, pieces } = layoutFor(projection);
      for (let n = 0; n < nodes.length; n += 3) drawPoint(grid, left, nodes[n]!, nodes[n + 1]!, nodes[n + 2]!);
      for (let p = 0; p < pieces.length; p += 6) {
        drawBudgetLeft(grid, left, pieces[p]!, pieces[p + 1]!, pieces[p + 2]!, pieces[p + 3]!, pieces[p + 4]!, pieces[p + 5]!);
      }
    },
  };
}

function layOutRoad(
  graph: RoutingGraph,
  mode: RoutingMode,
  isoMode: IsoMode,
  starts: readonly SnappedPoint[],
  result: SearchResult,
  budget: number,
  direction: Direction,
  startCosts: ArrayLike<number> | undefined,
  projection: LocalProjection,
): RoadLayout {
  const { lon, lat, lengths } = graph;
  const times = graph.times[mode];
  const byLength = isoMode === 'isodistance';
  const { metersPerDegreeLon: kx, metersPerDegreeLat: ky } = projection;
  const lon0 = projection.lon(0);
  const lat0 = projection.lat(0);
  const extent = emptyExtent();

  // The reached nodes. Graph files keep nodes in the extract's order, which is roughly spatial: when
  // the search reached a good part of the graph, walking the nodes in that order (asking each whether
  // it was reached) reads the arrays front to back instead of jumping around them in the search's order.
  const { settled } = result;
  const inOrder = settled.length * 4 > graph.header.nodeCount;
  const candidates = inOrder ? graph.header.nodeCount : settled.length;
  const reached = new Uint32Array(settled.length);
  const nodes = new Float32Array(settled.length * 3);
  let count = 0;
  for (let i = 0; i < candidates; i++) {
    const node = inOrder ? i : settled[i]!;
    const left = budget - result.costOf(node);
    if (!(left >= 0)) continue;
    const x = (lon[node]! - lon0) * kx;
    const y = (lat[node]! - lat0) * ky;
    extendTo(extent, x, y);
    reached[count] = node;
    nodes[3 * count] = x;
    nodes[3 * count + 1] = y;
    nodes[3 * count + 2] = left;
    count++;
  }

  const pieces = new Growable(Float32Array);
  const piece = (x1: number, y1: number, left1: number, x2: number, y2: number, left2: number) => {
    pieces.push(x1);
    pieces.push(y1);
    pieces.push(left1);
    pieces.push(x2);
    pieces.push(y2);
    pieces.push(left2);
  };
  // The grid's cells are at least this large (the extent only grows from here).
  const { minCellSize, maxCellsPerSide } = AREA_SHAPE;
  const shortestDrawn = Math.max(minCellSize, Math.max(extent[2] - extent[0], extent[3] - extent[1]) / maxCellsPerSide) / 2;
  const reversed = direction === 'arrival' ? reversedEdges(graph) : null;
  const offsets = reversed ? reversed.offsets : graph.offsets;
  const neighbours = reversed ? reversed.sources : graph.targets;
  const edgeIds = reversed ? reversed.edges : null;
  for (let i = 0; i < count; i++) {
    const node = reached[i]!;
    const x = nodes[3 * i]!;
    const y = nodes[3 * i + 1]!;
    const left = nodes[3 * i + 2]!;
    for (let k = offsets[node]!, end = offsets[node + 1]!; k < end; k++) {
      const e = edgeIds ? edgeIds[k]! : k;
      const time = times[e]!;
      if (time === Infinity) continue;
      const cost = byLength ? lengths[e]! : time;
      if (cost <= left && lengths[e]! < shortestDrawn) continue;
      const other = neighbours[k]!;
      const covered = cost > left ? left / cost : 1;
      const otherX = (lon[other]! - lon0) * kx;
      const otherY = (lat[other]! - lat0) * ky;
      const endX = x + (otherX - x) * covered;
      const endY = y + (otherY - y) * covered;
      if (covered < 1) extendTo(extent, endX, endY);
      piece(x, y, left, endX, endY, left - covered * cost);
    }
  }

  // Each start, and its segment from it towards both ends as far as the budget left there covers.
  for (const [i, start] of starts.entries()) {
    // A start reached only after some cost (a transit stop) has that much less to spare.
    const left = budget - (startCosts ? startCosts[i]! : 0);
    if (!(left > 0)) continue;
    const x = projection.x(start.lon);
    const y = projection.y(start.lat);
    extendTo(extent, x, y);
    piece(x, y, left, x, y, left);
    const a = graph.segmentFrom[start.segment]!;
    const b = graph.segmentTo[start.segment]!;
    const forward = graph.segmentForward[start.segment]!;
    const backward = graph.segmentBackward[start.segment]!;
    // Departing, the forward edge leads on to b and the backward one to a; arriving, one comes from a on the forward edge.
    const ways: Array<[number, number, number]> = direction === 'arrival'
      ? [[forward, a, start.fraction], [backward, b, 1 - start.fraction]]
      : [[forward, b, 1 - start.fraction], [backward, a, start.fraction]];
    for (const [edge, end, share] of ways) {
      if (edge < 0 || times[edge] === Infinity) continue;
      const cost = (byLength ? lengths[edge]! : times[edge]!) * share;
      const covered = cost > 0 ? Math.min(1, left / cost) : 1;
      const endX = x + (projection.x(lon[end]!) - x) * covered;
      const endY = y + (projection.y(lat[end]!) - y) * covered;
      extendTo(extent, endX, endY);
      piece(x, y, left, endX, endY, left - covered * cost);
    }
  }
  return { nodes: nodes.subarray(0, 3 * count), pieces: pieces.view(), extent };
}
