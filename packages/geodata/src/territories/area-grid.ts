/**
 * A coarse grid over an area's bounding box telling, for most places, inside or outside at once:
 * cells its boundary passes through are "boundary" (ask the exact test), every other cell is wholly
 * inside or wholly outside. Points and units falling in non-boundary cells skip the
 * point-in-polygon test and the clipping, which is most of them.
 */
export const CellState = { Outside: 0, Inside: 1, Boundary: 2 } as const;
export type CellState = (typeof CellState)[keyof typeof CellState];

export interface AreaGrid {
  minX: number;
  minY: number;
  cellWidth: number;
  cellHeight: number;
  size: number;
  cells: Uint8Array;
}

export const GRID_SIZE = 32;

/** The crossings of the rows' centre lines (x, row), then sorted by row: grown on demand and reused. */
let crossingX = new Float64Array(256);
let crossingRow = new Int32Array(256);
let sortedX = new Float64Array(256);
const rowCounts = new Int32Array(GRID_SIZE + 1);
const rowCursor = new Int32Array(GRID_SIZE);

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
  const cells = new Uint8Array(size * size);
  const rings = starts.length - 1;
  // Every cell an edge's bounding box touches is a boundary cell (conservative: edges are short next to the area).
  for (let r = 0; r < rings; r += 1) {
    for (let i = starts[r]! + 1; i < starts[r + 1]!; i += 1) {
      const x0 = vertices[(i - 1) * 2]!;
      const y0 = vertices[(i - 1) * 2 + 1]!;
      const x1 = vertices[i * 2]!;
      const y1 = vertices[i * 2 + 1]!;
      const c0 = slot(Math.min(x0, x1), minX, cellWidth, size);
      const c1 = slot(Math.max(x0, x1), minX, cellWidth, size);
      const r1 = slot(Math.max(y0, y1), minY, cellHeight, size);
      for (let y = slot(Math.min(y0, y1), minY, cellHeight, size); y <= r1; y += 1) for (let x = c0; x <= c1; x += 1) cells[y * size + x] = CellState.Boundary;
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
  return { minX, minY, cellWidth, cellHeight, size, cells };
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

/** Inside or Outside when every cell under the box agrees, else Boundary. The box must lie within the grid's. */
export function boxState(grid: AreaGrid, minX: number, minY: number, maxX: number, maxY: number): CellState {
  const c0 = Math.max(0, Math.floor((minX - grid.minX) / grid.cellWidth));
  const c1 = Math.min(grid.size - 1, Math.floor((maxX - grid.minX) / grid.cellWidth));
  const r0 = Math.max(0, Math.floor((minY - grid.minY) / grid.cellHeight));
  const r1 = Math.min(grid.size - 1, Math.floor((maxY - grid.minY) / grid.cellHeight));
  const first = grid.cells[r0 * grid.size + c0]! as CellState;
  if (first === CellState.Boundary) return CellState.Boundary;
  for (let y = r0; y <= r1; y += 1) {
    for (let x = c0; x <= c1; x += 1) if (grid.cells[y * grid.size + x] !== first) return CellState.Boundary;
  }
  return first;
}
