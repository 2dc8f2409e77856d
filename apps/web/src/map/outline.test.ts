import { describe, expect, it } from 'vitest';
import { circlePolygon, type PolygonGeometry } from '@catchment/domain';
import { editableRing } from './outline.js';

describe('editableRing', () => {
  it('rounds to the stored precision and keeps the ring closed', () => {
    const circle = circlePolygon([7.2620, 43.7102], 1234.5) as PolygonGeometry;
    const ring = editableRing(circle).coordinates[0]!;
    for (const [lng, lat] of ring) {
      expect(Math.abs(lng * 1e7 - Math.round(lng * 1e7))).toBeLessThan(1e-6);
      expect(Math.abs(lat * 1e7 - Math.round(lat * 1e7))).toBeLessThan(1e-6);
    }
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    expect(ring.length).toBe(circle.coordinates[0]!.length);
  });

  it('drops points repeated one after the other, and closes an open ring', () => {
    const polygon: PolygonGeometry = {
      type: 'Polygon',
      coordinates: [[[0, 0], [1, 0], [1, 0.00000001], [1, 1], [0, 1]]],
    };
    expect(editableRing(polygon).coordinates).toEqual([[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]]);
  });

  it('keeps only the outer ring', () => {
    const withHole: PolygonGeometry = {
      type: 'Polygon',
      coordinates: [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [2, 1], [2, 2], [1, 1]]],
    };
    expect(editableRing(withHole).coordinates).toHaveLength(1);
  });
});
