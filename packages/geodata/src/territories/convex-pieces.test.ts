import earcut from 'earcut';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convexPieces as flatPieces } from './convex-pieces.js';

/** The pieces as arrays of vertex indices. */
const convexPieces = (xy: ArrayLike<number>, triangles: number[]) => {
  const { vertices, starts } = flatPieces(xy, triangles);
  return Array.from({ length: starts.length - 1 }, (_, i) => [...vertices.subarray(starts[i], starts[i + 1])]);
};

const area = (xy: ArrayLike<number>, cycle: readonly number[]) => {
  let sum = 0;
  for (let i = 0; i < cycle.length; i += 1) {
    const [a, b] = [cycle[i]!, cycle[(i + 1) % cycle.length]!];
    sum += xy[a * 2]! * xy[b * 2 + 1]! - xy[b * 2]! * xy[a * 2 + 1]!;
  }
  return sum / 2;
};

/** Triangles counter-clockwise, as prepareArea hands them over. */
function triangulated(xy: number[], holes: number[] = []): number[] {
  const triangles = earcut(xy, holes, 2);
  for (let t = 0; t < triangles.length; t += 3) {
    if (area(xy, triangles.slice(t, t + 3)) < 0) [triangles[t + 1], triangles[t + 2]] = [triangles[t + 2]!, triangles[t + 1]!];
  }
  return triangles;
}

/** A star-shaped ring like an isochrone's (not closed), radius varying with the bearing, and maybe a hole. */
const star = fc.tuple(fc.array(fc.double({ min: 0.3, max: 1, noNaN: true }), { minLength: 5, maxLength: 120 }), fc.boolean()).map(([radii, hole]) => {
  const xy = radii.flatMap((r, i) => [7.7 + 0.1 * r * Math.cos((2 * Math.PI * i) / radii.length), 48.5 + 0.07 * r * Math.sin((2 * Math.PI * i) / radii.length)]);
  if (!hole) return { xy, holes: [] as number[] };
  const holeStart = xy.length / 2;
  for (let i = 0; i < 6; i += 1) xy.push(7.7 + 0.01 * Math.cos((-2 * Math.PI * i) / 6), 48.5 + 0.007 * Math.sin((-2 * Math.PI * i) / 6));
  return { xy, holes: [holeStart] };
});

describe('convexPieces', () => {
  it('merges the triangles of a convex polygon into one piece, and an L into two', () => {
    const hexagon = Array.from({ length: 6 }, (_, i) => [Math.cos((2 * Math.PI * i) / 6), Math.sin((2 * Math.PI * i) / 6)]).flat();
    expect(convexPieces(hexagon, triangulated(hexagon))).toHaveLength(1);
    const l = [0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2];
    const pieces = convexPieces(l, triangulated(l));
    expect(pieces).toHaveLength(2);
    expect(pieces.reduce((sum, piece) => sum + area(l, piece), 0)).toBeCloseTo(3, 12);
  });

  it('covers the polygon with convex counter-clockwise pieces', () => {
    fc.assert(fc.property(star, ({ xy, holes }) => {
      const triangulation = triangulated(xy, holes);
      const merged = convexPieces(xy, triangulation);
      const triangleArea = Array.from({ length: triangulation.length / 3 }, (_, t) => area(xy, triangulation.slice(t * 3, t * 3 + 3))).reduce((a, b) => a + b, 0);
      expect(merged.reduce((sum, piece) => sum + area(xy, piece), 0)).toBeCloseTo(triangleArea, 14);
      for (const piece of merged) {
        for (let i = 0; i < piece.length; i += 1) {
          expect(area(xy, [piece[i]!, piece[(i + 1) % piece.length]!, piece[(i + 2) % piece.length]!])).toBeGreaterThanOrEqual(0);
        }
      }
      expect(merged.length).toBeLessThanOrEqual(triangulation.length / 3);
    }));
  });

  it('makes a smooth concave area (like an isochrone) a third as many pieces as triangles or fewer', () => {
    const points = 96;
    const xy = Array.from({ length: points }, (_, i) => {
      const bearing = (2 * Math.PI * i) / points;
      const r = 0.775 + 0.225 * (0.6 * Math.sin(3 * bearing + 1) + 0.4 * Math.sin(5 * bearing));
      return [7.7 + 0.1 * r * Math.cos(bearing), 48.5 + 0.07 * r * Math.sin(bearing)];
    }).flat();
    const triangulation = triangulated(xy);
    expect(convexPieces(xy, triangulation).length).toBeLessThanOrEqual(triangulation.length / 3 / 3);
  });
});
