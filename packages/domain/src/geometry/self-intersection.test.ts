import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { distinctVertices, ringSelfIntersection, segmentsMeet } from './self-intersection.js';
import type { Position, Ring } from './types.js';

/** The definition, pair by pair: what the sweep must agree with. */
function bruteForceSelfIntersects(ring: Ring): boolean {
  const v = distinctVertices(ring);
  const n = v.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = v[i]!, b = v[(i + 1) % n]!, c = v[j]!, d = v[(j + 1) % n]!;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (!adjacent) {
        if (segmentsMeet(a, b, c, d)) return true;
        continue;
      }
      // Consecutive edges share a vertex; they overlap only when one turns straight back over the other.
      const [p, q, r] = j === i + 1 ? [a, b, d] : [c, a, b];
      const cross = (q[0] - p[0]) * (r[1] - q[1]) - (q[1] - p[1]) * (r[0] - q[0]);
      const dot = (q[0] - p[0]) * (r[0] - q[0]) + (q[1] - p[1]) * (r[1] - q[1]);
      if (cross === 0 && dot < 0) return true;
    }
  }
  return false;
}

const close = (points: Position[]): Ring => [...points, points[0]!];

describe('ringSelfIntersection', () => {
  it('accepts simple rings, convex or not, and ignores repeated points', () => {
    expect(ringSelfIntersection(close([[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]]))).toBeNull();
    expect(ringSelfIntersection(close([[0, 0], [0, 0], [4, 0], [4, 4], [4, 4], [0, 4]]))).toBeNull();
    // Vertical edges and collinear vertices going on straight are fine.
    expect(ringSelfIntersection(close([[0, 0], [2, 0], [4, 0], [4, 2], [4, 4], [0, 4], [0, 2]]))).toBeNull();
  });

  it('finds a crossing, a touch at a vertex, a vertex on another edge and a spike', () => {
    expect(ringSelfIntersection(close([[0, 0], [1, 1], [1, 0], [0, 1]]))).toEqual([0.5, 0.5]);
    // The ring comes back through (2, 2): a figure of eight pinched at a vertex.
    expect(ringSelfIntersection(close([[0, 0], [2, 2], [4, 0], [4, 4], [2, 2], [0, 4]]))).toEqual([2, 2]);
    // (2, 0) lies on the bottom edge.
    expect(ringSelfIntersection(close([[0, 0], [4, 0], [4, 4], [2, 0], [0, 4]]))).toEqual([2, 0]);
    // Goes to (4, 0), then back to (2, 0) over the same line.
    expect(ringSelfIntersection(close([[0, 0], [4, 0], [2, 0], [2, 3]]))).toEqual([4, 0]);
    // A collinear overlap of two edges that are not consecutive.
    expect(ringSelfIntersection(close([[0, 0], [3, 0], [3, 1], [1, 1], [1, 0], [2, 0], [2, -1], [0, -1]]))).not.toBeNull();
  });

  it('agrees with the pair-by-pair definition on small grids, where collinear and touching edges abound', () => {
    const point = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })) as fc.Arbitrary<Position>;
    fc.assert(fc.property(fc.array(point, { minLength: 3, maxLength: 12 }), (points) => {
      const ring = close(points);
      if (distinctVertices(ring).length < 3) return;
      expect(ringSelfIntersection(ring) !== null).toBe(bruteForceSelfIntersects(ring));
    }), { numRuns: 20_000 });
  });

  it('agrees with the definition on rings of random coordinates, star-shaped or not', () => {
    // Seven decimals, as stored coordinates have.
    const coordinate = fc.integer({ min: -10_000_000, max: 10_000_000 }).map((v) => v / 1e7);
    const point = fc.tuple(coordinate, coordinate) as fc.Arbitrary<Position>;
    fc.assert(fc.property(fc.array(point, { minLength: 3, maxLength: 30 }), (points) => {
      const ring = close(points);
      expect(ringSelfIntersection(ring) !== null).toBe(bruteForceSelfIntersects(ring));
    }), { numRuns: 5_000 });
    // Sorted by angle around the origin: a simple polygon, the case that must pass.
    fc.assert(fc.property(fc.array(point, { minLength: 3, maxLength: 60 }), (points) => {
      const star = [...new Map(points.map((p) => [Math.atan2(p[1], p[0]), p])).entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
      if (star.length < 3) return;
      expect(ringSelfIntersection(close(star)) !== null).toBe(bruteForceSelfIntersects(close(star)));
    }), { numRuns: 2_000 });
  });

  it('settles a 200,000-point ring, simple or with one crossing, in a linearithmic sweep', () => {
    const n = 200_000;
    const circle: Position[] = [];
    for (let i = 0; i < n; i++) {
      const angle = (i / n) * 2 * Math.PI;
      // A saw-tooth along the circle: many short edges, every one of them active at some point.
      const radius = 1 + (i % 2) * 1e-4;
      circle.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
    }
    expect(ringSelfIntersection(close(circle))).toBeNull();
    const crossed = [...circle];
    // Two vertices far apart trade places: the ring now crosses the circle twice over.
    [crossed[1000], crossed[1500]] = [crossed[1500]!, crossed[1000]!];
    expect(ringSelfIntersection(close(crossed))).not.toBeNull();
  });
});
