import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAreaGrid, CellState, edgeMeetsBox, GRID_SIZE } from './area-grid.js';

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

  it('finds an edge meeting a box whenever one of all the edges does (the cells under the box list every edge near it)', () => {
    /**
     * Whether segment a–b meets the closed box, by the separating axes: the box's two and the
     * segment's normal (what the grid's cells change is which edges are tested, not this).
     */
    const segmentMeetsBox = (ax: number, ay: number, bx: number, by: number, [minX, minY, maxX, maxY]: number[]) => {
      if (Math.max(ax, bx) < minX! || Math.min(ax, bx) > maxX! || Math.max(ay, by) < minY! || Math.min(ay, by) > maxY!) return false;
      const sides = [[minX!, minY!], [maxX!, minY!], [minX!, maxY!], [maxX!, maxY!]].map(([x, y]) => Math.sign((bx - ax) * (y! - ay) - (by - ay) * (x! - ax)));
      return !(sides.every((side) => side > 0) || sides.every((side) => side < 0));
    };
    const box = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 0.3, noNaN: true }), fc.double({ min: 0, max: 0.3, noNaN: true }));
    fc.assert(fc.property(area, fc.array(box, { minLength: 1, maxLength: 20 }), ({ vertices, starts, bbox }, boxes) => {
      const grid = buildAreaGrid(bbox, vertices, starts);
      for (const [u, v, w, h] of boxes) {
        const minX = bbox[0] + u * (bbox[2] - bbox[0]);
        const minY = bbox[1] + v * (bbox[3] - bbox[1]);
        const tested = [minX, minY, Math.min(bbox[2], minX + w * (bbox[2] - bbox[0])), Math.min(bbox[3], minY + h * (bbox[3] - bbox[1]))];
        let expected = false;
        for (let r = 0; r + 1 < starts.length && !expected; r += 1) {
          for (let i = starts[r]! + 1; i < starts[r + 1]! && !expected; i += 1) {
            expected = segmentMeetsBox(vertices[(i - 1) * 2]!, vertices[(i - 1) * 2 + 1]!, vertices[i * 2]!, vertices[i * 2 + 1]!, tested);
          }
        }
        expect(edgeMeetsBox(grid, vertices, tested[0]!, tested[1]!, tested[2]!, tested[3]!)).toBe(expected);
      }
    }));
  });
});
