import { describe, expect, it } from 'vitest';
import area from '@turf/area';
import { circlePolygon } from './circle.js';
import { differenceGeometries, unionGeometries } from './combine.js';
import { validateAreaGeometry } from './validate.js';
import type { PolygonGeometry } from './types.js';

const square = (x: number, y: number, size: number): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]],
});
const squareMeters = (g: Parameters<typeof area>[0]) => area(g);

describe('circlePolygon', () => {
  it('covers π r² within half a percent', () => {
    const circle = circlePolygon([2.35, 48.85], 5000);
    expect(squareMeters(circle) / (Math.PI * 5000 ** 2)).toBeCloseTo(1, 2);
    expect(validateAreaGeometry(circle)).toEqual({ valid: true });
  });
});

describe('validateAreaGeometry', () => {
  it('refuses a bow-tie', () => {
    const bowTie: PolygonGeometry = { type: 'Polygon', coordinates: [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]] };
    expect(validateAreaGeometry(bowTie)).toEqual({ valid: false, reason: 'validation.polygonSelfIntersects' });
  });
  it('refuses open and degenerate rings', () => {
    expect(validateAreaGeometry({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] }).valid).toBe(false);
    expect(validateAreaGeometry({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [0, 0]]] }).valid).toBe(false);
  });
});

describe('union and difference', () => {
  it('merges overlapping squares into the covered ground', () => {
    const merged = unionGeometries([square(0, 0, 1), square(0.5, 0, 1)]);
    expect(merged?.type).toBe('Polygon');
    expect(squareMeters(merged!) / squareMeters(square(0, 0, 1))).toBeCloseTo(1.5, 2);
  });
  it('keeps disjoint areas as a MultiPolygon', () => {
    expect(unionGeometries([square(0, 0, 1), square(5, 5, 1)])?.type).toBe('MultiPolygon');
  });
  it('subtracts, and makes a hole when the cut is inside', () => {
    const cut = differenceGeometries(square(0, 0, 2), [square(0.5, 0.5, 1)]);
    expect(cut?.type).toBe('Polygon');
    expect((cut as PolygonGeometry).coordinates).toHaveLength(2);
    expect(differenceGeometries(square(0, 0, 1), [square(-1, -1, 3)])).toBeNull();
  });
});
