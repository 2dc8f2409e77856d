import { describe, expect, it } from 'vitest';
import { continuousLongitudes, planarPolygons, ringAreaSquareDegrees } from './planar-polygons.js';

describe('continuousLongitudes', () => {
  it('carries a ring across the antimeridian instead of jumping back', () => {
    expect(continuousLongitudes([[179, 0], [-179, 0], [-179, 1], [179, 1], [179, 0]]))
      .toEqual([[179, 0], [181, 0], [181, 1], [179, 1], [179, 0]]);
  });

  it('leaves ordinary rings alone', () => {
    const ring = [[0, 0], [10, 0], [10, 10], [0, 0]];
    expect(continuousLongitudes(ring)).toEqual(ring);
  });
});

describe('planarPolygons', () => {
  it('keeps an island crossing the antimeridian in one piece', () => {
    const island = planarPolygons({ type: 'Polygon', coordinates: [[[179, -17], [-179, -17], [-179, -16], [179, -16], [179, -17]]] });
    expect(island.coordinates).toEqual([[[[179, -17], [181, -17], [181, -16], [179, -16], [179, -17]]]]);
    expect(ringAreaSquareDegrees(island.coordinates[0]![0]!)).toBe(2);
  });

  it('closes a ring around the South Pole along the pole and drops a negligible one', () => {
    // The spherical form of a continent around the pole: a tiny ring at the pole, the coast as a hole.
    const coast = [[-180, -70], [-90, -65], [0, -70], [90, -65], [180, -70]];
    const tinyPoleRing = [[-180, -89.999], [179, -89.999]];
    const result = planarPolygons({ type: 'Polygon', coordinates: [tinyPoleRing, coast] });
    expect(result.coordinates).toHaveLength(1);
    const [ring] = result.coordinates[0]!;
    expect(ring!.slice(-3)).toEqual([[180, -90], [-180, -90], [-180, -70]]);
    expect(ringAreaSquareDegrees(ring!)).toBeGreaterThan(360 * 20);
  });
});
