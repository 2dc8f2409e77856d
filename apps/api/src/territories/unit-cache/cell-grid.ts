/**
 * The grid the compute threads' unit cache is kept by: fixed cells of CELL_DEGREES in longitude
 * and latitude, so that the cells an area needs follow from its bounding box alone, and a region a
 * user keeps analysing stays in a handful of cells.
 */
import type { BBox } from '@catchment/geodata';

export { boxesMeet, type BBox } from '@catchment/geodata';

/**
 * Half a degree: about 55 × 37 km in France, a few hundred IRIS or communes per cell. Larger cells
 * make a first request read more units than it needs; smaller ones make an area need more cells.
 */
export const CELL_DEGREES = 0.5;

export interface Cell { key: string; bbox: BBox }

const index = (value: number) => Math.floor(value / CELL_DEGREES);

/** The columns and rows of the cells a bounding box meets (latitudes clamped to ±90); undefined: an empty box. */
function cellRange([minX, minY, maxX, maxY]: BBox): { fromX: number; toX: number; fromY: number; toY: number } | undefined {
  if (!(minX <= maxX && minY <= maxY)) return undefined;
  return { fromX: index(Math.max(-180, minX)), toX: index(Math.min(180 - 1e-9, maxX)), fromY: index(Math.max(-90, minY)), toY: index(Math.min(90 - 1e-9, maxY)) };
}

/** The cells a bounding box meets, west to east then south to north. */
export function cellsOf(bbox: BBox): Cell[] {
  const range = cellRange(bbox);
  if (!range) return [];
  const cells: Cell[] = [];
  for (let y = range.fromY; y <= range.toY; y += 1) {
    for (let x = range.fromX; x <= range.toX; x += 1) {
      cells.push({ key: `${x}:${y}`, bbox: [x * CELL_DEGREES, y * CELL_DEGREES, (x + 1) * CELL_DEGREES, (y + 1) * CELL_DEGREES] });
    }
  }
  return cells;
}

/** How many cells a bounding box meets, without listing them (a box over a continent meets thousands). */
export function cellCountOf(bbox: BBox): number {
  const range = cellRange(bbox);
  return range ? (range.toX - range.fromX + 1) * (range.toY - range.fromY + 1) : 0;
}
