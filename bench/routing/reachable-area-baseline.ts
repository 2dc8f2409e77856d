/**
 * The polygon builder as it was before the reached road was rasterised straight from the search
 * (kept as bench/routing/polygon.bench.ts's baseline, as typed-array-heap.ts is heap.bench.ts's):
 * the reached pieces as one Float64Array per band, Float64 distance grids, up to three exact
 * distance transforms per band, cells of max(20 m, extent / 300). Frozen: do not improve it.
 */
import { contours } from 'd3-contour';
import simplify from 'simplify-js';
import type { MultiPolygon, Position } from 'geojson';
import { localProjection, type LocalProjection } from '../../packages/routing/src/geo.js';
import { PIECE_STRIDE, type ReachedPieces } from '../../packages/routing/src/query/reached-pieces.js';
import { rasterizePiece, type Grid } from '../../packages/routing/src/polygon/grid.js';
// The one-dimensional pass is unchanged since; the Float64 rows around it are the baseline's own.
import { lowerEnvelope } from '../../packages/routing/src/polygon/distance-transform.js';

/**
 * Shape parameters, in metres. They follow the quality rule the polygons are measured against:
 * every reached road inside, and little area far from a reached road.
 */
const AREA_SHAPE = {
  /**
   * Margin around reached roads, growing with the budget left there (1 m per second or per metre
   * left, as if walking on from the road): wide where the traveller could still go further, thin
   * at the frontier. Quantised to these radii; the first is also at least one cell. A third level
   * of 300 m put up to 13 % of a 60-minute drive's area farther than 300 m from any reached road.
   */
  bufferLevels: [40, 150],
  /** Gaps narrower than twice this between buffered roads are closed (blocks, squares, courtyards). */
  closingRadius: 200,
  /** An enclosed unreachable zone stays a hole only if some point of it is farther than this from a reached road. */
  holeDepth: 400,
  /** Cell size bounds: fine enough for a 10-minute walk, coarse enough to keep any area within ~100 k cells. */
  minCellSize: 20,
  maxCellsPerSide: 300,
};

/** Metres of buffer per unit of budget left (seconds for isochrones, metres for isodistances). */
const BUFFER_PER_REMAINING = 1;

/** The reached pieces of road for a budget (see `reachedPieces`). */
type PiecesOf = (budget: number) => ReachedPieces;

/** Reached pieces in local metres: x1, y1, x2, y2, buffer at 1, buffer at 2, unused (as laid out by `reachedPieces`). */
type Pieces = Float64Array;
const STRIDE = PIECE_STRIDE;

/**
 * Polygons of the reached area for several budgets (ascending) at once, each containing the previous.
 *
 * Reached roads are rasterised on one grid in a local metric projection, each cell remembering
 * the widest buffer a road through it earns; the buffers and a morphological closing are applied
 * with exact distance transforms (dilation by buffer + closing radius, then erosion by the
 * closing radius), which merges neighbouring roads into one area; enclosed gaps are filled unless
 * they hold a point deeper than `holeDepth` from any reached road (a lake, a park without paths):
 * those stay true holes. Each band is OR-ed with the smaller one so bands nest. Marching squares
 * (d3-contour) traces the outlines with their holes, and Douglas–Peucker (simplify-js) thins them.
 */
export function buildBaselineAreas(origin: [number, number], budgets: number[], piecesOf: PiecesOf): MultiPolygon[] {
  const projection = localProjection(origin[0], origin[1]);
  const pieceSets = budgets.map((budget) => collectPieces(projection, budget, piecesOf));
  const grid = gridAround(pieceSets.at(-1)!);
  const cells = grid.width * grid.height;
  const { bufferLevels, closingRadius, holeDepth } = AREA_SHAPE;
  const levelRadii = bufferLevels.map((radius, k) => (k === 0 ? Math.max(radius, grid.cellSize) : radius) / grid.cellSize);
  const closing = closingRadius / grid.cellSize;
  const depth = holeDepth / grid.cellSize;
  const transform = new DistanceTransform(grid.width, grid.height);
  // Scratch grids shared by the bands: squared distances to any reached road (kept for the holes), to a level's roads, to the outside.
  const toRoad = new Float64Array(cells);
  const squared = new Float64Array(cells);
  const sources = new Uint8Array(cells);
  let previous: Uint8Array | null = null;
  return pieceSets.map((pieces) => {
    const level = rasterizeLevels(grid, pieces, bufferLevels);
    const dilated = new Uint8Array(cells);
    for (let k = 0; k < levelRadii.length; k++) {
      let any = false;
      for (let c = 0; c < cells; c++) {
        const source = level[c]! > k ? 1 : 0;
        sources[c] = source;
        if (source) any = true;
      }
      if (!any) break;
      const distance = transform.squared(sources, 1, k === 0 ? toRoad : squared);
      const reach = (levelRadii[k]! + closing) ** 2;
      for (let c = 0; c < cells; c++) if (distance[c]! <= reach) dilated[c] = 1;
    }
    const toOutside = transform.squared(dilated, 0, squared);
    const area = new Uint8Array(cells);
    const closingSquared = closing * closing;
    for (let c = 0; c < cells; c++) area[c] = toOutside[c]! > closingSquared ? 1 : 0;
    const depthSquared = depth * depth;
    fillHoles(grid, area, (holeCells, count) => {
      for (let i = 0; i < count; i++) if (toRoad[holeCells[i]!]! > depthSquared) return false;
      return true;
    });
    if (previous) for (let c = 0; c < cells; c++) area[c]! |= previous[c]!;
    previous = area;
    return traceOutline(grid, area, projection);
  });
}

/** Per cell, 1 + the index of the widest buffer level earned by a road crossing it (0: no road). */
function rasterizeLevels(grid: Grid, pieces: Pieces, levels: number[]): Uint8Array {
  const level = new Uint8Array(grid.width * grid.height);
  const levelOf = (buffer: number) => {
    let k = 1;
    while (k < levels.length && buffer >= levels[k]!) k++;
    return k;
  };
  for (let p = 0; p < pieces.length; p += STRIDE) {
    const k1 = levelOf(pieces[p + 4]!);
    const k2 = levelOf(pieces[p + 5]!);
    if (k1 === k2) rasterizePiece(grid, level, pieces[p]!, pieces[p + 1]!, pieces[p + 2]!, pieces[p + 3]!, k1);
    else {
      // The buffer shrinks along the piece: split it where it crosses the lower level's threshold.
      const threshold = levels[Math.max(k1, k2) - 1]!;
      const t = (pieces[p + 4]! - threshold) / (pieces[p + 4]! - pieces[p + 5]!);
      const mx = pieces[p]! + (pieces[p + 2]! - pieces[p]!) * t;
      const my = pieces[p + 1]! + (pieces[p + 3]! - pieces[p + 1]!) * t;
      rasterizePiece(grid, level, pieces[p]!, pieces[p + 1]!, mx, my, k1);
      rasterizePiece(grid, level, mx, my, pieces[p + 2]!, pieces[p + 3]!, k2);
    }
  }
  return level;
}

/**
 * The pieces in local metres, converted in place (the array is this call's own): x1, y1, x2, y2,
 * then the buffer earned at each end; the length slot is left unused.
 */
function collectPieces(projection: LocalProjection, budget: number, piecesOf: PiecesOf): Pieces {
  const pieces = piecesOf(budget);
  const { metersPerDegreeLon: kx, metersPerDegreeLat: ky } = projection;
  const lon0 = projection.lon(0);
  const lat0 = projection.lat(0);
  for (let p = 0; p < pieces.length; p += STRIDE) {
    pieces[p] = (pieces[p]! - lon0) * kx;
    pieces[p + 1] = (pieces[p + 1]! - lat0) * ky;
    pieces[p + 2] = (pieces[p + 2]! - lon0) * kx;
    pieces[p + 3] = (pieces[p + 3]! - lat0) * ky;
    pieces[p + 4] = pieces[p + 4]! * BUFFER_PER_REMAINING;
    pieces[p + 5] = pieces[p + 5]! * BUFFER_PER_REMAINING;
  }
  return pieces;
}

function gridAround(pieces: Pieces): Grid {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  // Both ends of every piece: x at offsets 0 and 2, y at 1 and 3.
  for (let p = 0; p < pieces.length; p += STRIDE) {
    for (let q = p; q <= p + 2; q += 2) {
      const x = pieces[q]!;
      const y = pieces[q + 1]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  const { closingRadius, bufferLevels, minCellSize, maxCellsPerSide } = AREA_SHAPE;
  const span = Math.max(maxX - minX, maxY - minY);
  const cellSize = Math.max(minCellSize, span / maxCellsPerSide);
  // Enough room around the roads for the dilation, so nothing is clipped by the grid's edge.
  const pad = closingRadius + bufferLevels.at(-1)! + 3 * cellSize;
  return {
    minX: minX - pad,
    minY: minY - pad,
    cellSize,
    width: Math.ceil((maxX - minX + 2 * pad) / cellSize),
    height: Math.ceil((maxY - minY + 2 * pad) / cellSize),
  };
}

function traceOutline(grid: Grid, area: Uint8Array, projection: LocalProjection): MultiPolygon {
  const [contour] = contours().size([grid.width, grid.height]).thresholds([0.5])(area as unknown as number[]);
  const tolerance = grid.cellSize * 0.5;
  const polygons: Position[][][] = [];
  for (const polygon of contour?.coordinates ?? []) {
    const rings: Position[][] = [];
    for (const [r, ring] of polygon.entries()) {
      const metric = ring.map(([x, y]) => ({ x: grid.minX + x! * grid.cellSize, y: grid.minY + y! * grid.cellSize }));
      const thin = simplify(metric, tolerance, true);
      const exterior = r === 0;
      if (thin.length < 4) {
        if (exterior) break;
        continue;
      }
      if (exterior !== signedArea(thin) > 0) thin.reverse();
      rings.push(thin.map((p) => [round6(projection.lon(p.x)), round6(projection.lat(p.y))]));
    }
    if (rings.length > 0) polygons.push(rings);
  }
  return { type: 'MultiPolygon', coordinates: polygons };
}

/** Shoelace formula: positive for counter-clockwise rings (y north). */
function signedArea(ring: Array<{ x: number; y: number }>): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]!.x - ring[i]!.x) * (ring[j]!.y + ring[i]!.y);
  return sum / 2;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Felzenszwalb–Huttenlocher on Float64 rows, as packages/routing had it. */
class DistanceTransform {
  /** Squared distances at least this large mean "no source at all". */
  static readonly FAR = 1e20;
  private readonly f: Float64Array;
  private readonly d: Float64Array;
  private readonly v: Int32Array;
  private readonly z: Float64Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const size = Math.max(width, height);
    this.f = new Float64Array(size);
    this.d = new Float64Array(size);
    this.v = new Int32Array(size);
    this.z = new Float64Array(size + 1);
  }

  /** Squared distances in cells (≥ FAR / 2 where there is no source), written into `out`. */
  squared(sources: Uint8Array, sourceValue: 0 | 1, out = new Float64Array(this.width * this.height)): Float64Array {
    const { width, height, f, d, v, z } = this;
    const far = DistanceTransform.FAR;
    for (let i = 0; i < out.length; i++) out[i] = sources[i] === sourceValue ? 0 : far;
    for (let x = 0; x < width; x++) {
      for (let y = 0, i = x; y < height; y++, i += width) f[y] = out[i]!;
      lowerEnvelope(f, d, v, z, height);
      for (let y = 0, i = x; y < height; y++, i += width) out[i] = d[y]!;
    }
    for (let y = 0; y < height; y++) {
      const row = y * width;
      for (let x = 0; x < width; x++) f[x] = out[row + x]!;
      lowerEnvelope(f, d, v, z, width);
      for (let x = 0; x < width; x++) out[row + x] = d[x]!;
    }
    return out;
  }
}

/**
 * Fills the enclosed background components of `mask` (4-connected, not touching the grid's edge)
 * for which `shouldFill` says yes, given the component's cells.
 */
function fillHoles(grid: Grid, mask: Uint8Array, shouldFill: (cells: Int32Array, count: number) => boolean): void {
  const { width, height } = grid;
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] || seen[start]) continue;
    let count = 0;
    let touchesEdge = false;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    // The stack doubles as the component's cell list: cells are popped by index, never overwritten.
    while (top > count) {
      const cell = stack[count++]!;
      const x = cell % width;
      const y = (cell - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) {
        touchesEdge = true;
        continue;
      }
      // Interior cell: its four neighbours exist.
      for (const next of [cell - 1, cell + 1, cell - width, cell + width]) {
        if (!mask[next] && !seen[next]) {
          seen[next] = 1;
          stack[top++] = next;
        }
      }
    }
    if (!touchesEdge && shouldFill(stack, count)) for (let c = 0; c < count; c++) mask[stack[c]!] = 1;
  }
}
