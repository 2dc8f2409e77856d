import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAreaGrid, CellState, GRID_SIZE } from './area-grid.js';

/** Even–odd test of a point against rings given as flat vertices, ring i from starts[i] to starts[i + 1]. */
function inside(vertices: Float64Array, starts: Uint32Array, x: number, y: number): boolean {
  let result = false;
  for (let r = 0; r + 1 < starts.length; r += 1) {
    for (let i = starts[r]!, j = starts[r + 1]! - 1; i < starts[r + 1]!; j = i++) {
      const [xi, yi, xj, yj] = [vertices[i * 2]!, vertices[i * 2 + 1]!, vertices[j * 2]!, vertices[j * 2 + 1]!];
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
    }
  }
  return result;
}

/** A star-shaped ring (closed) and maybe a hole, like an isochrone's, with its box. */
const area = fc.tuple(fc.array(fc.double({ min: 0.2, max: 1, noNaN: true }), { minLength: 3, maxLength: 200 }), fc.boolean()).map(([radii, hole]) => {
  const ring = (scale: number, turn: number) => [...radii, radii[0]!].flatMap((r, i) => [
    7.7 + scale * r * Math.cos((turn * 2 * Math.PI * i) / radii.length), 48.5 + scale * 0.7 * r * Math.sin((turn * 2 * Math.PI * i) / radii.length)]);
  const outer = ring(0.2, 1);
  const vertices = Float64Array.from(hole ? [...outer, ...ring(0.02, -1)] : outer);
  const starts = Uint32Array.from(hole ? [0, radii.length + 1, 2 * (radii.length + 1)] : [0, radii.length + 1]);
  const [xs, ys] = [outer.filter((_, k) => k % 2 === 0), outer.filter((_, k) => k % 2 === 1)];
  return { vertices, starts, bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as [number, number, number, number] };
});

describe('buildAreaGrid', () => {
  it('marks every cell an edge passes through as boundary, and the others inside or outside as their centre is', () => {
    fc.assert(fc.property(area, ({ vertices, starts, bbox }) => {
      const grid = buildAreaGrid(bbox, vertices, starts);
      for (let row = 0; row < GRID_SIZE; row += 1) {
        for (let column = 0; column < GRID_SIZE; column += 1) {
          const state = grid.cells[row * GRID_SIZE + column];
          if (state === CellState.Boundary) continue;
          const [x, y] = [grid.minX + (column + 0.5) * grid.cellWidth, grid.minY + (row + 0.5) * grid.cellHeight];
          expect(state).toBe(inside(vertices, starts, x, y) ? CellState.Inside : CellState.Outside);
        }
      }
      // Every vertex lies in a boundary cell.
      for (let i = 0; i < vertices.length / 2; i += 1) {
        const column = Math.min(GRID_SIZE - 1, Math.floor((vertices[i * 2]! - grid.minX) / grid.cellWidth));
        const row = Math.min(GRID_SIZE - 1, Math.floor((vertices[i * 2 + 1]! - grid.minY) / grid.cellHeight));
        expect(grid.cells[row * GRID_SIZE + column]).toBe(CellState.Boundary);
      }
    }));
  });
});
