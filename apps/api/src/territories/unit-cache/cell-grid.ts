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

/** The cells a bounding box meets, west to east then south to north (latitudes clamped to ±90). */
export function cellsOf(bbox: BBox): Cell[] {
  const [minX, minY, maxX, maxY] = bbox;
  if (!(minX <= maxX && minY <= maxY)) return [];
  const cells: Cell[] = [];
  const [fromX, toX] = [index(Math.max(-180, minX)), index(Math.min(180 - 1e-9, maxX))];
  const [fromY, toY] = [index(Math.max(-90, minY)), index(Math.min(90 - 1e-9, maxY))];
  for (let y = fromY; y <= toY; y += 1) {
    for (let x = fromX; x <= toX; x += 1) {
      cells.push({ key: `${x}:${y}`, bbox: [x * CELL_DEGREES, y * CELL_DEGREES, (x + 1) * CELL_DEGREES, (y + 1) * CELL_DEGREES] });
    }
  }
  return cells;
}
