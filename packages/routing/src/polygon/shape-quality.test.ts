import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MultiPolygon } from 'geojson';
import { PolygonIndex, multiPolygonContains, reachedLengthInside } from './shape-quality.js';

/** A square with a square hole, and a second square apart: every case of the even-odd rule. */
const SHAPE: MultiPolygon = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]],
      [[3, 3], [3, 7], [7, 7], [7, 3], [3, 3]],
    ],
    [[[20, 2], [24, 2], [22, 9], [20, 2]]],
  ],
};

describe('PolygonIndex', () => {
  it('answers as the plain even-odd test over every ring, for any point', () => {
    const index = new PolygonIndex(SHAPE, 16);
    fc.assert(
      fc.property(fc.double({ min: -2, max: 26, noNaN: true }), fc.double({ min: -2, max: 12, noNaN: true }), (x, y) => {
        expect(index.contains(x, y)).toBe(multiPolygonContains(SHAPE, x, y));
      }),
      { numRuns: 2_000 },
    );
    expect(index.contains(5, 5)).toBe(false);
    expect(index.contains(1, 1)).toBe(true);
    expect(new PolygonIndex({ type: 'MultiPolygon', coordinates: [] }).contains(0, 0)).toBe(false);
  });
});

describe('reachedLengthInside', () => {
  it('weighs the pieces by length', () => {
    // lon1, lat1, lon2, lat2, left at 1, left at 2, length: one piece inside the shape, one twice as long outside.
    const pieces = Float64Array.from([1, 1, 1, 2, 0, 0, 0, 30, 1, 30, 3, 0, 0, 0]);
    expect(reachedLengthInside(SHAPE, pieces, 1_000)).toBeCloseTo(1 / 3, 2);
  });
});
