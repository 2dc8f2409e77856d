import { describe, expect, it } from 'vitest';
import { signedArea, traceMask } from './outline.js';

/** A mask from rows of '#' (inside) and '.', the first row at the top (largest j). */
function mask(rows: string[]): { cells: Uint8Array; width: number; height: number } {
  const height = rows.length;
  const width = rows[0]!.length;
  const cells = new Uint8Array(width * height);
  rows.forEach((row, r) => [...row].forEach((char, i) => (cells[(height - 1 - r) * width + i] = char === '#' ? 1 : 0)));
  return { cells, width, height };
}

describe('traceMask', () => {
  it('outlines one cell midway to its neighbours, counter-clockwise and closed', () => {
    const { cells, width, height } = mask(['...', '.#.', '...']);
    const [[ring]] = traceMask(cells, width, height).polygons as [[Float64Array]];
    expect(ring.length).toBe(10);
    expect([ring[0], ring[1]]).toEqual([ring[8], ring[9]]);
    expect(signedArea(ring)).toBe(0.5);
    const xs = [...ring].filter((_, k) => k % 2 === 0);
    expect(Math.min(...xs)).toBe(1);
    expect(Math.max(...xs)).toBe(2);
  });

  it('gives a frame its hole (clockwise), and an island inside the hole its own polygon', () => {
    const { cells, width, height } = mask([
      '#######',
      '#.....#',
      '#..#..#',
      '#.....#',
      '#######',
    ]);
    const { polygons } = traceMask(cells, width, height);
    expect(polygons.map((rings) => rings.length)).toEqual([2, 1]);
    const [[exterior, hole], [island]] = polygons as [[Float64Array, Float64Array], [Float64Array]];
    expect(signedArea(exterior)).toBeGreaterThan(0);
    expect(signedArea(hole)).toBeLessThan(0);
    expect(signedArea(island)).toBeGreaterThan(0);
  });

  it('keeps cells touching only at a corner apart, and a mask reaching the grid edge closed', () => {
    const diagonal = mask(['#.', '.#']);
    expect(traceMask(diagonal.cells, diagonal.width, diagonal.height).polygons).toHaveLength(2);
    const full = mask(['##', '##']);
    const { polygons } = traceMask(full.cells, full.width, full.height);
    expect(polygons).toHaveLength(1);
    expect(signedArea(polygons[0]![0]!)).toBe(4 - 0.5);
  });
});
