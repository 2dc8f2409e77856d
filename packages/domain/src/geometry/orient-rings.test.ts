import { describe, expect, it } from 'vitest';
import { orientRings, ringSignedArea2 } from './orient-rings.js';
import type { Ring } from './types.js';

const counterClockwise: Ring = [[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]];
const clockwiseHole: Ring = [[1, 1], [1, 2], [2, 2], [2, 1], [1, 1]];
const reversed = (ring: Ring) => [...ring].reverse();

describe('orientRings', () => {
  it('measures the signed area: positive counter-clockwise, negative clockwise', () => {
    expect(ringSignedArea2(counterClockwise)).toBe(32);
    expect(ringSignedArea2(reversed(counterClockwise))).toBe(-32);
  });

  it('turns a clockwise outer ring and a counter-clockwise hole around', () => {
    const turned = orientRings({ type: 'Polygon', coordinates: [reversed(counterClockwise), reversed(clockwiseHole)] });
    expect(turned).toEqual({ type: 'Polygon', coordinates: [counterClockwise, clockwiseHole] });
  });

  it('keeps rings already in order, and orients each polygon of a multipolygon', () => {
    const shifted = counterClockwise.map(([x, y]) => [x + 10, y] as [number, number]);
    const geometry = { type: 'MultiPolygon' as const, coordinates: [[counterClockwise, clockwiseHole], [reversed(shifted)]] };
    expect(orientRings(geometry)).toEqual({ type: 'MultiPolygon', coordinates: [[counterClockwise, clockwiseHole], [shifted]] });
    // The input is not changed.
    expect(geometry.coordinates[1]![0]).toEqual(reversed(shifted));
  });
});
