import { describe, expect, it } from 'vitest';
import { circlePolygon } from './circle.js';
import type { PolygonGeometry } from './types.js';
import { surfaceSquareKilometers } from './surface.js';

describe('surfaceSquareKilometers', () => {
  it('measures a circle of 10 km as about π × 10² km², holes taken out', () => {
    const circle = circlePolygon([7.262, 43.7102], 10_000) as PolygonGeometry;
    expect(surfaceSquareKilometers(circle) / (Math.PI * 100)).toBeCloseTo(1, 2);
    const hole = (circlePolygon([7.262, 43.7102], 5_000) as PolygonGeometry).coordinates[0]!;
    const ring: PolygonGeometry = { type: 'Polygon', coordinates: [circle.coordinates[0]!, [...hole].reverse()] };
    expect(surfaceSquareKilometers(ring) / (Math.PI * 75)).toBeCloseTo(1, 2);
  });
});
