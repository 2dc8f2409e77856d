import simplify from 'simplify-js';
import type { MultiPolygon, Position } from 'geojson';
import { localProjection, type LocalProjection } from '../geo.js';
import { DistanceTransform } from './distance-transform.js';
import { fillHoles, type Grid } from './grid.js';
import { traceMask } from './outline.js';
import { drawingOfPieces, type Extent, type ReachedRoadDrawing } from './road-drawing.js';
import type { ReachedPieces } from '../query/reached-pieces.js';
import { throwIfCancelled } from '../query/cancellation.js';

/**
 * Shape parameters, in metres. They follow the quality rule the polygons are measured against:
 * every reached road inside, and little area far from a reached road.
 */
export const AREA_SHAPE = {
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

/** The reached pieces of road for a budget (see `reachedPieces`): only the largest budget's are asked for. */
export type PiecesOf = (budget: number) => ReachedPieces;

/**
 * Polygons of the reached area for several budgets (ascending) at once, each containing the previous.
 *
 * The reached road (for the largest budget) is drawn on one grid in a local metric projection, each
 * cell keeping the most budget left at a road point in it; a smaller budget's road is the cells with
 * at least the difference left. Each band's roads earn a buffer from the budget left there; the
 * buffers and a morphological closing are applied with exact distance transforms (dilation by
 * buffer + closing radius, then erosion by the closing radius), which merges neighbouring roads into
 * one area; enclosed gaps are filled unless they hold a point deeper than `holeDepth` from any
 * reached road (a lake, a park without paths): those stay true holes. Each band is OR-ed with the
 * smaller one so bands nest. Marching squares (outline.ts) traces the outlines with their holes,
 * and Douglas–Peucker (simplify-js) thins them.
 */
export function buildReachableAreas(origin: [number, number], budgets: number[], reached: ReachedRoadDrawing | PiecesOf): MultiPolygon[] {
  const road = typeof reached === 'function' ? drawingOfPieces(reached(budgets.at(-1)!)) : reached;
  const projection = localProjection(origin[0], origin[1]);
  const extent = road.extent(projection);
  if (!(extent[0] <= extent[2])) return budgets.map(() => ({ type: 'MultiPolygon', coordinates: [] }));
  const grid = gridAround(extent);
  const cells = grid.width * grid.height;
  const left = new Float32Array(cells).fill(-1);
  road.draw(grid, projection, left);
  const largest = budgets.at(-1)!;
  const { bufferLevels, closingRadius, holeDepth } = AREA_SHAPE;
  const levelRadii = bufferLevels.map((radius, k) => (k === 0 ? Math.max(radius, grid.cellSize) : radius) / grid.cellSize);
  // A road cell earns level k's buffer when this much budget is left in it (level 0: any road).
  const levelThresholds = bufferLevels.map((radius, k) => (k === 0 ? 0 : radius / BUFFER_PER_REMAINING));
  const closing = closingRadius / grid.cellSize;
  const depth = holeDepth / grid.cellSize;
  const transform = new DistanceTransform(grid.width, grid.height);
  // Dilating by each level's buffer + the closing radius in one transform: R² − r² at a road cell whose disc has radius r.
  const reaches = levelRadii.map((radius) => radius + closing);
  const widest = Math.max(...reaches);
  const offsets = reaches.map((reach) => widest * widest - reach * reach);
  const closingSquared = closing * closing;
  const depthSquared = depth * depth;
  // Scratch grids shared by the bands.
  const squared = new Float32Array(cells);
  const roads = new Uint8Array(cells);
  let previous: Uint8Array | null = null;
  return budgets.map((budget) => {
    throwIfCancelled();
    // The budget left in this band is (largest − budget) less than drawn.
    const spent = largest - budget;
    const far = DistanceTransform.FAR;
    for (let c = 0; c < cells; c++) {
      const value = left[c]! - spent;
      let offset = far;
      if (value >= 0) for (let k = levelThresholds.length - 1; k >= 0; k--) if (value >= levelThresholds[k]!) {
        offset = offsets[k]!;
        break;
      }
      squared[c] = offset;
      roads[c] = value >= 0 ? 1 : 0;
    }
    transform.envelope(squared);
    const area = new Uint8Array(cells);
    for (let c = 0; c < cells; c++) area[c] = squared[c]! <= widest * widest ? 1 : 0;
    // Erosion by the closing radius: what lies deeper than it inside the dilated roads.
    transform.squared(area, 0, squared);
    for (let c = 0; c < cells; c++) area[c] = squared[c]! > closingSquared ? 1 : 0;
    // Distances to this band's roads, only when an enclosed gap asks (most bands have none or a few).
    let toRoad: Float32Array | null = null;
    fillHoles(grid, area, (holeCells, count) => {
      toRoad ??= transform.squared(roads, 1, squared);
      for (let i = 0; i < count; i++) if (toRoad[holeCells[i]!]! > depthSquared) return false;
      return true;
    });
    if (previous) for (let c = 0; c < cells; c++) area[c]! |= previous[c]!;
    previous = area;
    return traceOutline(grid, area, projection);
  });
}

function gridAround([minX, minY, maxX, maxY]: Extent): Grid {
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
  // Douglas–Peucker in cell units: 0.4 of a cell (half a cell let separately thinned bands cross by 0.1 % of their area).
  const tolerance = 0.4;
  const polygons: Position[][][] = [];
  for (const polygon of traceMask(area, grid.width, grid.height).polygons) {
    const rings: Position[][] = [];
    for (const [r, ring] of polygon.entries()) {
      const points: Array<{ x: number; y: number }> = [];
      for (let k = 0; k < ring.length; k += 2) points.push({ x: ring[k]!, y: ring[k + 1]! });
      const thin = simplify(points, tolerance, true);
      const exterior = r === 0;
      if (thin.length < 4) {
        if (exterior) break;
        continue;
      }
      if (exterior !== signedArea(thin) > 0) thin.reverse();
      rings.push(thin.map((p) => [round6(projection.lon(grid.minX + p.x * grid.cellSize)), round6(projection.lat(grid.minY + p.y * grid.cellSize))]));
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
