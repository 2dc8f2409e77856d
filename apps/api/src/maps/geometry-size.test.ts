import { describe, expect, it } from 'vitest';
import { countPositions } from './geometry-size.js';

describe('countPositions', () => {
  it('counts the coordinate pairs of polygons and multipolygons, closing points included', () => {
    expect(countPositions({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] }, 100)).toBe(4);
    expect(countPositions({ type: 'MultiPolygon', coordinates: [[[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[5, 5], [6, 5], [6, 6], [5, 5]]]] }, 100)).toBe(8);
  });

  it('does not trust the shape it is given, and stops once past the limit', () => {
    expect(countPositions('not a geometry', 10)).toBe(0);
    expect(countPositions({ coordinates: [[[0, 0, 0], [1, 'x'], null, [2, 2]]] }, 10)).toBe(1);
    const many = { coordinates: [Array.from({ length: 1_000 }, (_, i) => [i, i])] };
    expect(countPositions(many, 10)).toBe(11);
  });
});
