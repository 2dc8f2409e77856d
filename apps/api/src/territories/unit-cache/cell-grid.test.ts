import { describe, expect, it } from 'vitest';
import { boxesMeet, CELL_DEGREES, cellCountOf, cellsOf } from './cell-grid.js';

describe('cellsOf', () => {
  it('gives the cells covering a box, each aligned on the grid', () => {
    const cells = cellsOf([7.6, 48.4, 7.9, 48.7]);
    expect(cells.map((cell) => cell.key)).toEqual(['15:96', '15:97']);
    expect(cells[0]!.bbox).toEqual([7.5, 48, 8, 48.5]);
    for (const cell of cells) expect(boxesMeet(cell.bbox, [7.6, 48.4, 7.9, 48.7])).toBe(true);
  });

  it('gives one cell for a point, and the cell west/south of a grid line for a box ending on it', () => {
    expect(cellsOf([7.75, 48.57, 7.75, 48.57]).map((cell) => cell.key)).toEqual(['15:97']);
    expect(cellsOf([-0.2, -0.2, 0, 0]).map((cell) => cell.key)).toEqual(['-1:-1', '0:-1', '-1:0', '0:0']);
  });

  it('covers every point of random boxes', () => {
    for (let i = 0; i < 200; i += 1) {
      const x = Math.random() * 340 - 170;
      const y = Math.random() * 160 - 80;
      const box: [number, number, number, number] = [x, y, x + Math.random() * 3, y + Math.random() * 3];
      const cells = cellsOf(box);
      expect(cellCountOf(box)).toBe(cells.length);
      expect(cells.length).toBe((Math.floor(box[2] / CELL_DEGREES) - Math.floor(box[0] / CELL_DEGREES) + 1) * (Math.floor(box[3] / CELL_DEGREES) - Math.floor(box[1] / CELL_DEGREES) + 1));
      const [px, py] = [box[0] + Math.random() * (box[2] - box[0]), box[1] + Math.random() * (box[3] - box[1])];
      expect(cells.some((cell) => px >= cell.bbox[0] && px <= cell.bbox[2] && py >= cell.bbox[1] && py <= cell.bbox[3])).toBe(true);
    }
  });

  it('keeps to the world and refuses an empty box', () => {
    expect(cellsOf([179.9, 89.9, 180, 90]).map((cell) => cell.key)).toEqual(['359:179']);
    expect(cellsOf([1, 1, 0, 0])).toEqual([]);
    expect(cellCountOf([1, 1, 0, 0])).toBe(0);
    expect(cellCountOf([-180, -90, 180, 90])).toBe(720 * 360);
  });
});
