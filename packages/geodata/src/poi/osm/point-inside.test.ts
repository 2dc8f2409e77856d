import { describe, expect, it } from 'vitest';
import { insidePolygon } from '../../countries/country-locator.js';
import type { Position } from '../../basemap/osm/ring-geometry.js';
import { pointInsidePolygons } from './point-inside.js';

describe('the point that stands for an area', () => {
  it('is inside a U-shaped building, where the mean of its vertices is not', () => {
    const u: Position[] = [[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3], [0, 0]];
    const mean = u.slice(0, -1).reduce(([x, y], [px, py]) => [x + px / 8, y + py / 8], [0, 0]);
    expect(insidePolygon(mean[0]!, mean[1]!, [u])).toBe(false);
    const point = pointInsidePolygons([[u]])!;
    expect(insidePolygon(point[0], point[1], [u])).toBe(true);
  });

  it('is outside the courtyard of a building with one, and in the largest part of a multipolygon', () => {
    const outer: Position[] = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]];
    const courtyard: Position[] = [[2, 2], [2, 8], [8, 8], [8, 2], [2, 2]];
    const point = pointInsidePolygons([[outer, courtyard]])!;
    expect(insidePolygon(point[0], point[1], [outer, courtyard])).toBe(true);
    const small: Position[] = [[20, 0], [21, 0], [21, 1], [20, 1], [20, 0]];
    const chosen = pointInsidePolygons([[small], [outer]])!;
    expect(insidePolygon(chosen[0], chosen[1], [outer])).toBe(true);
  });

  it('falls back to a vertex for a ring without a surface', () => {
    expect(pointInsidePolygons([[[[0, 0], [1, 1], [0, 0]]]])).toEqual([0, 0]);
    expect(pointInsidePolygons([])).toBeNull();
  });
});
