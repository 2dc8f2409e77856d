/**
 * A coarse grid over an area's bounding box telling, for most places, inside or outside at once:
 * cells its boundary passes through are "boundary" (ask the exact test), every other cell is wholly
 * inside or wholly outside. Points and units falling in non-boundary cells skip the
 * point-in-polygon test and the clipping, which is most of them; each boundary cell lists the edges
 * near it, so that a unit in boundary cells that no edge meets skips the clipping too.
 */
import { OneBuffer } from './one-buffer.js';

export const CellState = { Outside: 0, Inside: 1, Boundary: 2 } as const;
export type CellState = (typeof CellState)[keyof typeof CellState];

export interface AreaGrid {
  minX: number;
  minY: number;
  cellWidth: number;
  cellHeight: number;
  size: number;
  cells: Uint8Array;
  /**
   * The edges whose bounding box meets each cell: cell c's from cellEdges[edgeStarts[c]] to
   * cellEdges[edgeStarts[c + 1] - 1], each edge given by the index of its end vertex (it starts at
   * the one before, in the same ring).
   */
  edgeStarts: Uint32Array;
  cellEdges: Uint32Array;
}

export const GRID_SIZE = 32;

/** The crossings of the rows' centre lines (x, row), then sorted by row: grown on demand and reused. */
let crossingX = new Float64Array(256);
let crossingRow = new Int32Array(256);
let sortedX = new Float64Array(256);
const rowCounts = new Int32Array(GRID_SIZE + 1);
const edgeCursor = new Uint32Array(GRID_SIZE * GRID_SIZE);
const rowCursor = new Int32Array(GRID_SIZE);
/** The grid as it is built, copied out at the end into one buffer (OneBuffer). */
const cellScratch = new Uint8Array(GRID_SIZE * GRID_SIZE);
const edgeStartScratch = new Uint32Array(GRID_SIZE * GRID_SIZE + 1);
let cellEdgeScratch = new Uint32Array(1024);

function grown<T extends Float64Array | Int32Array>(array: T): T {
  const larger = (array instanceof Float64Array ? new Float64Array(array.length * 2) : new Int32Array(array.length * 2)) as T;
  larger.set(array);
  return larger;
}

/** Sorts values[from] to values[to - 1]: insertion for the few crossings of a row, the built-in sort past them. */
function sortAscending(values: Float64Array, from: number, to: number): void {
  if (to - from > 32) {
    values.subarray(from, to).sort();
    return;
  }
  for (let i = from + 1; i < to; i += 1) {
    const value = values[i]!;
    let j = i - 1;
    for (; j >= from && values[j]! > value; j -= 1) values[j + 1] = values[j]!;
    values[j + 1] = value;
  }
}

/**
 * `vertices`: every ring's vertices (x, y), ring i from starts[i] to starts[i + 1]. A cell that no
 * edge touches is inside when a horizontal line through its centre crosses the rings an odd number
 * of times to its left (even–odd rule, as the exact test).
 */
export function buildAreaGrid(bbox: readonly [number, number, number, number], vertices: Float64Array, starts: Uint32Array): AreaGrid {
  const size = GRID_SIZE;
  const [minX, minY, maxX, maxY] = bbox;
  // A degenerate (flat) area still gets a usable grid.
  const cellWidth = Math.max((maxX - minX) / size, 1e-12);
  const cellHeight = Math.max((maxY - minY) / size, 1e-12);
  const cells = cellScratch.fill(0);
  const rings = starts.length - 1;
  // Every cell an edge's bounding box touches is a boundary cell (conservative: edges are short next
  // to the area), and lists the edge: counted on the first pass, placed on the second.
  const edgeStarts = edgeStartScratch.fill(0);
  let cellEdges = cellEdgeScratch;
  for (let pass = 0; pass < 2; pass += 1) {
    for (let r = 0; r < rings; r += 1) {
      for (let i = starts[r]! + 1; i < starts[r + 1]!; i += 1) {
        const x0 = vertices[(i - 1) * 2]!;
        const y0 = vertices[(i - 1) * 2 + 1]!;
        const x1 = vertices[i * 2]!;
        const y1 = vertices[i * 2 + 1]!;
        const c0 = slot(Math.min(x0, x1), minX, cellWidth, size);
        const c1 = slot(Math.max(x0, x1), minX, cellWidth, size);
        const r1 = slot(Math.max(y0, y1), minY, cellHeight, size);
        for (let y = slot(Math.min(y0, y1), minY, cellHeight, size); y <= r1; y += 1) {
          for (let x = c0; x <= c1; x += 1) {
            const cell = y * size + x;
            if (pass === 0) {
              cells[cell] = CellState.Boundary;
              edgeStarts[cell + 1]! += 1;
            } else {
              cellEdges[edgeCursor[cell]!++] = i;
            }
          }
        }
      }
    }
    if (pass === 0) {
      for (let cell = 0; cell < size * size; cell += 1) edgeStarts[cell + 1]! += edgeStarts[cell]!;
      if (cellEdges.length < edgeStarts[size * size]!) cellEdgeScratch = cellEdges = new Uint32Array(edgeStarts[size * size]! * 2);
      edgeCursor.set(edgeStarts.subarray(0, size * size));
    }
  }
  // Where each edge crosses the centre lines of the rows its y-extent spans (found from the extent,
  // not by testing every row), then bucketed by row.
  rowCounts.fill(0, 0, size + 1);
  let count = 0;
  for (let r = 0; r < rings; r += 1) {
    const start = starts[r]!;
    const end = starts[r + 1]!;
    for (let i = start, j = end - 1; i < end; j = i++) {
      const yi = vertices[i * 2 + 1]!;
      const yj = vertices[j * 2 + 1]!;
      if (yi === yj) continue;
      // A row to spare on either side of the extent, for rounding: the exact test below decides.
      const from = Math.max(0, Math.floor((Math.min(yi, yj) - minY) / cellHeight - 0.5) - 1);
      const to = Math.min(size - 1, Math.ceil((Math.max(yi, yj) - minY) / cellHeight - 0.5) + 1);
      for (let y = from; y <= to; y += 1) {
        const line = minY + (y + 0.5) * cellHeight;
        if ((yi > line) === (yj > line)) continue;
        if (count === crossingX.length) [crossingX, crossingRow] = [grown(crossingX), grown(crossingRow)];
        const xi = vertices[i * 2]!;
        crossingX[count] = ((vertices[j * 2]! - xi) * (line - yi)) / (yj - yi) + xi;
        crossingRow[count++] = y;
        rowCounts[y + 1]! += 1;
      }
    }
  }
  for (let y = 0; y < size; y += 1) rowCounts[y + 1]! += rowCounts[y]!;
  if (sortedX.length < count) sortedX = new Float64Array(crossingX.length);
  rowCursor.set(rowCounts.subarray(0, size));
  for (let k = 0; k < count; k += 1) sortedX[rowCursor[crossingRow[k]!]!++] = crossingX[k]!;
  for (let y = 0; y < size; y += 1) {
    const first = rowCounts[y]!;
    const end = rowCounts[y + 1]!;
    sortAscending(sortedX, first, end);
    let passed = first;
    for (let x = 0; x < size; x += 1) {
      const index = y * size + x;
      const centreX = minX + (x + 0.5) * cellWidth;
      while (passed < end && sortedX[passed]! < centreX) passed += 1;
      if (cells[index] !== CellState.Boundary) cells[index] = (passed - first) % 2 === 1 ? CellState.Inside : CellState.Outside;
    }
  }
  const edgeCount = edgeStarts[size * size]!;
  const block = new OneBuffer({ uint32: size * size + 1 + edgeCount, uint8: size * size });
  const edgeStartsOut = block.uint32(size * size + 1);
  const cellEdgesOut = block.uint32(edgeCount);
  const cellsOut = block.uint8(size * size);
  edgeStartsOut.set(edgeStarts);
  cellEdgesOut.set(cellEdges.subarray(0, edgeCount));
  cellsOut.set(cells);
  return { minX, minY, cellWidth, cellHeight, size, cells: cellsOut, edgeStarts: edgeStartsOut, cellEdges: cellEdgesOut };
}

/** The column (row) of a grid of `size` cells of `step` from `origin` holding x (y), clamped to the grid. */
function slot(value: number, origin: number, step: number, size: number): number {
  return Math.min(size - 1, Math.max(0, Math.floor((value - origin) / step)));
}

/** The state of the cell holding a point of the area's bounding box. */
export function cellAt(grid: AreaGrid, x: number, y: number): CellState {
  const column = Math.min(grid.size - 1, Math.max(0, Math.floor((x - grid.minX) / grid.cellWidth)));
  const row = Math.min(grid.size - 1, Math.max(0, Math.floor((y - grid.minY) / grid.cellHeight)));
  return grid.cells[row * grid.size + column]! as CellState;
}

/**
 * Whether an edge of the rings (`vertices`, as the grid was built from) meets the closed box: the
 * edges listed in the cells under it, each tested exactly (its bounding box meets the box, and the
 * box's corners are not all strictly on one side of its line). When none does, the box is wholly
 * inside or wholly outside the area (every edge lies within the grid: a box reaching past it is
 * read from the cells at its side).
 */
export function edgeMeetsBox(grid: AreaGrid, vertices: Float64Array, minX: number, minY: number, maxX: number, maxY: number): boolean {
  const c0 = slot(minX, grid.minX, grid.cellWidth, grid.size);
  const c1 = slot(maxX, grid.minX, grid.cellWidth, grid.size);
  const r0 = slot(minY, grid.minY, grid.cellHeight, grid.size);
  const r1 = slot(maxY, grid.minY, grid.cellHeight, grid.size);
  const { edgeStarts, cellEdges } = grid;
  for (let y = r0; y <= r1; y += 1) {
    for (let x = c0; x <= c1; x += 1) {
      const cell = y * grid.size + x;
      for (let k = edgeStarts[cell]!; k < edgeStarts[cell + 1]!; k += 1) {
        const i = cellEdges[k]!;
        const ax = vertices[(i - 1) * 2]!;
        const ay = vertices[(i - 1) * 2 + 1]!;
        const bx = vertices[i * 2]!;
        const by = vertices[i * 2 + 1]!;
        if ((ax < bx ? ax : bx) > maxX || (ax > bx ? ax : bx) < minX || (ay < by ? ay : by) > maxY || (ay > by ? ay : by) < minY) continue;
        const ex = bx - ax;
        const ey = by - ay;
        const s1 = ex * (minY - ay) - ey * (minX - ax);
        const s2 = ex * (minY - ay) - ey * (maxX - ax);
        const s3 = ex * (maxY - ay) - ey * (minX - ax);
        const s4 = ex * (maxY - ay) - ey * (maxX - ax);
        if ((s1 > 0 && s2 > 0 && s3 > 0 && s4 > 0) || (s1 < 0 && s2 < 0 && s3 < 0 && s4 < 0)) continue;
        return true;
      }
    }
  }
  return false;
}

/** Inside or Outside when every cell under the box agrees, else Boundary. The box must lie within the grid's. */
export function boxState(grid: AreaGrid, minX: number, minY: number, maxX: number, maxY: number): CellState {
  // Clamped at both ends: a box touching the grid's far side (a unit meeting the area along its
  // edge) starts in the last cell, not past it.
  const c0 = slot(minX, grid.minX, grid.cellWidth, grid.size);
  const c1 = slot(maxX, grid.minX, grid.cellWidth, grid.size);
  const r0 = slot(minY, grid.minY, grid.cellHeight, grid.size);
  const r1 = slot(maxY, grid.minY, grid.cellHeight, grid.size);
  const first = grid.cells[r0 * grid.size + c0]! as CellState;
  if (first === CellState.Boundary) return CellState.Boundary;
  for (let y = r0; y <= r1; y += 1) {
    for (let x = c0; x <= c1; x += 1) if (grid.cells[y * grid.size + x] !== first) return CellState.Boundary;
  }
  return first;
}
