import type { LocalProjection } from '../geo.js';
import { PIECE_STRIDE, type ReachedPieces } from '../query/reached-pieces.js';
import { drawBudgetLeft, type Grid } from './grid.js';

/** [minX, minY, maxX, maxY] in a local projection's metres. */
export type Extent = [number, number, number, number];

/**
 * The reached road as the polygon needs it, for the largest budget asked: where it lies, and the
 * budget left along it (seconds or metres) drawn onto a grid. A smaller budget's road is the same
 * road with (largest − smaller) less left everywhere, since the cost of getting to a point does not
 * depend on the budget: one drawing serves every band.
 */
export interface ReachedRoadDrawing {
  /** The road's extent in the projection's metres (Infinity and -Infinity when nothing is reached). */
  extent(projection: LocalProjection): Extent;
  /** Raises every cell a reached road crosses to the most budget left at a point of the road in it. */
  draw(grid: Grid, projection: LocalProjection, left: Float32Array): void;
}

/** Grows `extent` in place to hold (x, y). */
export function extendTo(extent: Extent, x: number, y: number): void {
  if (x < extent[0]) extent[0] = x;
  if (y < extent[1]) extent[1] = y;
  if (x > extent[2]) extent[2] = x;
  if (y > extent[3]) extent[3] = y;
}

export const emptyExtent = (): Extent => [Infinity, Infinity, -Infinity, -Infinity];

/** The drawing of pieces laid out as `reachedPieces` gives them (lon/lat ends, budget left at each end). */
export function drawingOfPieces(pieces: ReachedPieces): ReachedRoadDrawing {
  return {
    extent(projection) {
      const extent = emptyExtent();
      for (let p = 0; p < pieces.length; p += PIECE_STRIDE) {
        extendTo(extent, projection.x(pieces[p]!), projection.y(pieces[p + 1]!));
        extendTo(extent, projection.x(pieces[p + 2]!), projection.y(pieces[p + 3]!));
      }
      return extent;
    },
    draw(grid, projection, left) {
      for (let p = 0; p < pieces.length; p += PIECE_STRIDE) {
        const [x1, y1] = [projection.x(pieces[p]!), projection.y(pieces[p + 1]!)];
        const [x2, y2] = [projection.x(pieces[p + 2]!), projection.y(pieces[p + 3]!)];
        drawBudgetLeft(grid, left, x1, y1, pieces[p + 4]!, x2, y2, pieces[p + 5]!);
      }
    },
  };
}
