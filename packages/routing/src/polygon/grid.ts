/** A square-cell raster in local metres: cell (i, j) covers [minX + i·size, minX + (i+1)·size] × [minY + j·size, …]. */
export interface Grid {
  minX: number;
  minY: number;
  cellSize: number;
  width: number;
  height: number;
}

/**
 * Raises to `value` every cell a straight piece of road crosses (sampled every half cell, so no
 * cell is skipped); cells already higher keep their value.
 */
export function rasterizePiece(grid: Grid, mask: Uint8Array, x1: number, y1: number, x2: number, y2: number, value = 1): void {
  const steps = Math.max(1, Math.ceil((Math.hypot(x2 - x1, y2 - y1) * 2) / grid.cellSize));
  for (let s = 0; s <= steps; s++) {
    const t = s / steps;
    const i = Math.floor((x1 + (x2 - x1) * t - grid.minX) / grid.cellSize);
    const j = Math.floor((y1 + (y2 - y1) * t - grid.minY) / grid.cellSize);
    if (i >= 0 && j >= 0 && i < grid.width && j < grid.height) {
      const cell = j * grid.width + i;
      if (mask[cell]! < value) mask[cell] = value;
    }
  }
}

/**
 * Fills the enclosed background components of `mask` (4-connected, not touching the grid's edge)
 * for which `shouldFill` says yes, given the component's cells.
 */
export function fillHoles(grid: Grid, mask: Uint8Array, shouldFill: (cells: Int32Array, count: number) => boolean): void {
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
      // Interior cell: its four neighbours exist (written out: an array of them per cell cost more than the fill).
      for (let n = 0; n < 4; n++) {
        const next = n === 0 ? cell - 1 : n === 1 ? cell + 1 : n === 2 ? cell - width : cell + width;
        if (!mask[next] && !seen[next]) {
          seen[next] = 1;
          stack[top++] = next;
        }
      }
    }
    if (!touchesEdge && shouldFill(stack, count)) for (let c = 0; c < count; c++) mask[stack[c]!] = 1;
  }
}

/**
 * Raises each cell a straight piece of road crosses to the budget left at the piece's points in it,
 * `left1` at (x1, y1) falling linearly to `left2` at (x2, y2), sampled every half cell (so no cell
 * is skipped) and kept as the most left anywhere in the cell. Cells outside the grid are ignored.
 */
export function drawBudgetLeft(grid: Grid, left: Float32Array, x1: number, y1: number, left1: number, x2: number, y2: number, left2: number): void {
  const { minX, minY, cellSize, width, height } = grid;
  const steps = Math.max(1, Math.ceil((Math.hypot(x2 - x1, y2 - y1) * 2) / cellSize));
  for (let s = 0; s <= steps; s++) {
    const t = s / steps;
    const i = Math.floor((x1 + (x2 - x1) * t - minX) / cellSize);
    const j = Math.floor((y1 + (y2 - y1) * t - minY) / cellSize);
    if (i >= 0 && j >= 0 && i < width && j < height) {
      const cell = j * width + i;
      const value = left1 + (left2 - left1) * t;
      if (left[cell]! < value) left[cell] = value;
    }
  }
}

/** Raises the cell holding (x, y), if inside the grid, to `value`. */
export function drawPoint(grid: Grid, left: Float32Array, x: number, y: number, value: number): void {
  const i = Math.floor((x - grid.minX) / grid.cellSize);
  const j = Math.floor((y - grid.minY) / grid.cellSize);
  if (i >= 0 && j >= 0 && i < grid.width && j < grid.height) {
    const cell = j * grid.width + i;
    if (left[cell]! < value) left[cell] = value;
  }
}
