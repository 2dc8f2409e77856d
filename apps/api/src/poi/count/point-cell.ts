/**
 * The positioned points of one grid cell (cell-grid.ts), sorted into a fixed grid of buckets, and
 * which of them lie in a prepared area: a bucket the area's grid says is wholly inside is taken at
 * once, one wholly outside is skipped, and only the points of buckets its boundary crosses are
 * tested one by one. In a 30-minute isochrone most points are in the first kind of bucket, so a
 * count costs about the area's boundary, not its points. Points may carry a value each (a
 * dataset's numbers, datasets/maps/), sorted with them, for sums over the same points.
 */
import { boxState, CellState, containsPoint, type BBox, type PointArea } from '@catchment/geodata';

/** Buckets per side of a cell: 0.5° / 32 ≈ 1.7 × 1.2 km in France, the size of an isochrone's grid cell. */
export const BUCKETS_PER_SIDE = 32;

/** Grid cells of the area's that a bucket's edges may touch by rounding: buckets are widened by this. */
const EDGE_MARGIN = 1e-9;

export interface PointCell {
  bbox: BBox;
  /** Longitudes and latitudes, bucket by bucket (row-major from the south-west). */
  xs: Float64Array;
  ys: Float64Array;
  /** Bucket b holds points bucketStarts[b] to bucketStarts[b + 1] - 1. */
  bucketStarts: Uint32Array;
  /** Each point's value, in the same order, when the points carry one. */
  values?: Float64Array;
}

const bucketOf = (value: number, min: number, size: number) =>
  Math.min(BUCKETS_PER_SIDE - 1, Math.max(0, Math.floor(((value - min) / size) * BUCKETS_PER_SIDE)));

/**
 * A cell's points (x0, y0, x1, y1, …) sorted into its buckets (a counting sort: two passes, no
 * comparison), with their values (one per point) if given.
 */
export function pointCell(bbox: BBox, flat: Float64Array, values?: Float64Array): PointCell {
  const [minX, minY, maxX, maxY] = bbox;
  const width = maxX - minX;
  const height = maxY - minY;
  const count = flat.length / 2;
  const buckets = BUCKETS_PER_SIDE * BUCKETS_PER_SIDE;
  const bucket = new Uint32Array(count);
  const bucketStarts = new Uint32Array(buckets + 1);
  for (let i = 0; i < count; i += 1) {
    const b = bucketOf(flat[2 * i + 1]!, minY, height) * BUCKETS_PER_SIDE + bucketOf(flat[2 * i]!, minX, width);
    bucket[i] = b;
    bucketStarts[b + 1]! += 1;
  }
  for (let b = 0; b < buckets; b += 1) bucketStarts[b + 1]! += bucketStarts[b]!;
  const next = bucketStarts.slice(0, buckets);
  if (values && values.length !== count) throw new Error(`${values.length} values for ${count} points`);
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  const sorted = values ? new Float64Array(count) : undefined;
  for (let i = 0; i < count; i += 1) {
    const at = next[bucket[i]!]!++;
    xs[at] = flat[2 * i]!;
    ys[at] = flat[2 * i + 1]!;
    if (sorted) sorted[at] = values![i]!;
  }
  return sorted ? { bbox, xs, ys, bucketStarts, values: sorted } : { bbox, xs, ys, bucketStarts };
}

/** What a cell costs in memory: two float64 per point (three with values) and the buckets' offsets. */
export const pointCellBytes = (cell: PointCell) =>
  200 + cell.xs.byteLength + cell.ys.byteLength + cell.bucketStarts.byteLength + (cell.values?.byteLength ?? 0);

/**
 * Calls `inside(start, end)` for each run of the cell's points start…end - 1 that lie inside the
 * area (its boundary included where the exact test says so): whole buckets, and runs of the tested
 * points of the buckets its boundary crosses. Every point inside is in exactly one run.
 */
export function forEachRunInside(area: PointArea, cell: PointCell, inside: (start: number, end: number) => void): void {
  const [aMinX, aMinY, aMaxX, aMaxY] = area.bbox;
  const [minX, minY, maxX, maxY] = cell.bbox;
  if (minX > aMaxX || maxX < aMinX || minY > aMaxY || maxY < aMinY) return;
  const bucketWidth = (maxX - minX) / BUCKETS_PER_SIDE;
  const bucketHeight = (maxY - minY) / BUCKETS_PER_SIDE;
  // Only the buckets under the area's bounding box.
  const fromX = bucketOf(aMinX, minX, maxX - minX);
  const toX = bucketOf(aMaxX, minX, maxX - minX);
  const fromY = bucketOf(aMinY, minY, maxY - minY);
  const toY = bucketOf(aMaxY, minY, maxY - minY);
  const { xs, ys, bucketStarts } = cell;
  for (let by = fromY; by <= toY; by += 1) {
    const y0 = minY + by * bucketHeight - EDGE_MARGIN;
    const y1 = minY + (by + 1) * bucketHeight + EDGE_MARGIN;
    for (let bx = fromX; bx <= toX; bx += 1) {
      const b = by * BUCKETS_PER_SIDE + bx;
      const start = bucketStarts[b]!;
      const end = bucketStarts[b + 1]!;
      if (start === end) continue;
      const x0 = minX + bx * bucketWidth - EDGE_MARGIN;
      const x1 = minX + (bx + 1) * bucketWidth + EDGE_MARGIN;
      const within = x0 >= aMinX && x1 <= aMaxX && y0 >= aMinY && y1 <= aMaxY;
      // The area's grid answers for the part of the bucket under its bounding box; the rest of the bucket is outside.
      const state = boxState(area.grid, Math.max(x0, aMinX), Math.max(y0, aMinY), Math.min(x1, aMaxX), Math.min(y1, aMaxY));
      if (state === CellState.Outside) continue;
      if (state === CellState.Inside && within) {
        inside(start, end);
        continue;
      }
      let run = -1;
      for (let i = start; i < end; i += 1) {
        if (containsPoint(area, xs[i]!, ys[i]!)) {
          if (run < 0) run = i;
        } else if (run >= 0) {
          inside(run, i);
          run = -1;
        }
      }
      if (run >= 0) inside(run, end);
    }
  }
}

/** How many of the cell's points lie inside the area (its boundary included where the exact test says so). */
export function countPointsIn(area: PointArea, cell: PointCell): number {
  let count = 0;
  forEachRunInside(area, cell, (start, end) => { count += end - start; });
  return count;
}

/** How many of the cells' points lie inside the area (the cells its bounding box meets: each point in one cell only). */
export function countPointsInCells(area: PointArea, cells: readonly PointCell[]): number {
  let count = 0;
  for (const cell of cells) count += countPointsIn(area, cell);
  return count;
}
