import fc from 'fast-check';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { geometryBBox, planarArea } from './area-overlap.js';
import { flatBBox, flatPlanarArea, flattenPolygons, isFlat } from './flat-polygons.js';

/** Random rings around a centre (star-shaped, closed), as GeoJSON polygons with holes. */
const ring = (x: number, y: number, radii: number[]): Position[] => {
  const points = radii.map((r, i) => [x + r * Math.cos((2 * Math.PI * i) / radii.length), y + r * Math.sin((2 * Math.PI * i) / radii.length)]);
  return [...points, points[0]!];
};
const polygon = fc.tuple(fc.double({ min: -170, max: 170, noNaN: true }), fc.double({ min: -80, max: 80, noNaN: true }),
  fc.array(fc.double({ min: 0.5, max: 3, noNaN: true }), { minLength: 3, maxLength: 40 }), fc.boolean())
  .map(([x, y, radii, hole]): Position[][] => (hole ? [ring(x, y, radii), ring(x, y, radii.map(() => 0.2)).reverse()] : [ring(x, y, radii)]));
const geometry = fc.oneof(
  polygon.map((coordinates): Polygon => ({ type: 'Polygon', coordinates })),
  fc.array(polygon, { minLength: 1, maxLength: 4 }).map((coordinates): MultiPolygon => ({ type: 'MultiPolygon', coordinates })),
);

describe('flat polygons', () => {
  it('keep every point, ring and polygon in order', () => {
    const flat = flattenPolygons({ type: 'MultiPolygon', coordinates: [
      [[[0, 0], [2, 0], [2, 2], [0, 0]], [[0.5, 0.2], [1, 0.2], [1, 0.5], [0.5, 0.2]]],
      [[[5, 5], [6, 5], [6, 6], [5, 5]]],
    ] });
    expect(isFlat(flat)).toBe(true);
    expect(isFlat({ type: 'Polygon', coordinates: [] })).toBe(false);
    expect([...flat.coordinates]).toEqual([0, 0, 2, 0, 2, 2, 0, 0, 0.5, 0.2, 1, 0.2, 1, 0.5, 0.5, 0.2, 5, 5, 6, 5, 6, 6, 5, 5]);
    expect([...flat.ringEnds]).toEqual([4, 8, 12]);
    expect([...flat.polygonEnds]).toEqual([2, 3]);
  });

  it('give the same box and planar area as the nested geometry, to the last bit', () => {
    fc.assert(fc.property(geometry, (nested) => {
      const flat = flattenPolygons(nested);
      expect(flatBBox(flat)).toEqual(geometryBBox(nested));
      expect(flatPlanarArea(flat)).toBe(planarArea(nested));
    }));
  });
});
