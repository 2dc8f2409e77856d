import { describe, expect, it } from 'vitest';
import area from '@turf/area';
import { circlePolygon } from './circle.js';
import { intersectionGeometries, unionGeometries } from './combine.js';
import { validateAreaGeometry } from './validate.js';
import type { AreaGeometry, PolygonGeometry } from './types.js';

const square = (x: number, y: number, size: number): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]],
});

describe('intersectionGeometries', () => {
  it('keeps the ground covered by every area', () => {
    const shared = intersectionGeometries([square(0, 0, 1), square(0.5, 0, 1)]);
    expect(shared?.type).toBe('Polygon');
    expect(area(shared!) / area(square(0, 0, 1))).toBeCloseTo(0.5, 2);
    // Three areas: what all three share.
    const three = intersectionGeometries([square(0, 0, 1), square(0.5, 0, 1), square(0.25, 0.5, 1)]);
    expect(area(three!) / area(square(0, 0, 1))).toBeCloseTo(0.25, 2);
  });

  it('covers what each covers less what only one covers: area(A∩B) = area(A) + area(B) − area(A∪B)', () => {
    const a = circlePolygon([7.25, 43.70], 3000);
    const b = circlePolygon([7.28, 43.71], 2500);
    const shared = intersectionGeometries([a, b])!;
    expect(validateAreaGeometry(shared)).toEqual({ valid: true });
    const expected = area(a) + area(b) - area(unionGeometries([a, b])!);
    expect(area(shared) / expected).toBeCloseTo(1, 4);
    expect(area(shared)).toBeLessThan(Math.min(area(a), area(b)));
  });

  it('keeps the parts of a MultiPolygon each within the other area', () => {
    const twoParts: AreaGeometry = { type: 'MultiPolygon', coordinates: [square(0, 0, 1).coordinates, square(3, 0, 1).coordinates] };
    const shared = intersectionGeometries([twoParts, square(0.5, 0, 3)]);
    expect(shared?.type).toBe('MultiPolygon');
    expect(area(shared!) / area(square(0, 0, 1))).toBeCloseTo(1, 2);
  });

  it('is null when the areas share no ground, even a common edge', () => {
    expect(intersectionGeometries([square(0, 0, 1), square(5, 5, 1)])).toBeNull();
    expect(intersectionGeometries([square(0, 0, 1), square(1, 0, 1)])).toBeNull();
    expect(intersectionGeometries([square(0, 0, 1), square(0.5, 0, 1), square(3, 0, 1)])).toBeNull();
    expect(intersectionGeometries([])).toBeNull();
  });
});
