import { describe, expect, it } from 'vitest';
import { localProjection } from '../geo.js';
import { buildReachableAreas } from './reachable-area.js';
import { drawingOfPieces, type ReachedRoadDrawing } from './road-drawing.js';
import { multiPolygonContains } from './shape-quality.js';

const ORIGIN: [number, number] = [8.4, 49.4];
const projection = localProjection(...ORIGIN);

/** Roads given in metres around the origin, all reached with plenty of budget left. */
function roads(lines: Array<[number, number, number, number]>): ReachedRoadDrawing {
  return drawingOfPieces(
    Float64Array.from(
      lines.flatMap(([x1, y1, x2, y2]) => [projection.lon(x1), projection.lat(y1), projection.lon(x2), projection.lat(y2), 1_000, 1_000, Math.hypot(x2 - x1, y2 - y1)]),
    ),
  );
}

const at = (x: number, y: number) => [projection.lon(x), projection.lat(y)] as const;

describe('buildReachableAreas', () => {
  it('keeps a true hole inside a ring road around a large unreachable zone', () => {
    const ring = roads([[0, 0, 3_000, 0], [3_000, 0, 3_000, 3_000], [3_000, 3_000, 0, 3_000], [0, 3_000, 0, 0]]);
    const [area] = buildReachableAreas(ORIGIN, [1_000], ring);
    expect(area!.coordinates).toHaveLength(1);
    expect(area!.coordinates[0]!.length).toBe(2);
    expect(multiPolygonContains(area!, ...at(1_500, 1_500))).toBe(false);
    expect(multiPolygonContains(area!, ...at(1_500, 0))).toBe(true);
  });

  it('fills the blocks of a street grid: no holes where roads are reachable all around', () => {
    const lines: Array<[number, number, number, number]> = [];
    for (let k = 0; k <= 2_000; k += 250) lines.push([k, 0, k, 2_000], [0, k, 2_000, k]);
    const [area] = buildReachableAreas(ORIGIN, [1_000], roads(lines));
    expect(area!.coordinates).toHaveLength(1);
    expect(area!.coordinates[0]).toHaveLength(1);
    expect(multiPolygonContains(area!, ...at(125, 125))).toBe(true);
    expect(multiPolygonContains(area!, ...at(1_875, 1_125))).toBe(true);
  });

  it('keeps apart areas that are far from each other', () => {
    const [area] = buildReachableAreas(ORIGIN, [1_000], roads([[0, 0, 500, 0], [5_000, 0, 5_500, 0]]));
    expect(area!.coordinates).toHaveLength(2);
  });

  it('writes GeoJSON rings: closed, exterior counter-clockwise, holes clockwise', () => {
    const ring = roads([[0, 0, 3_000, 0], [3_000, 0, 3_000, 3_000], [3_000, 3_000, 0, 3_000], [0, 3_000, 0, 0]]);
    const [area] = buildReachableAreas(ORIGIN, [1_000], ring);
    const [exterior, hole] = area!.coordinates[0]!;
    const signed = (r: number[][]) => r.reduce((sum, p, i) => sum + (r[(i + 1) % r.length]![0]! - p[0]!) * (r[(i + 1) % r.length]![1]! + p[1]!), 0);
    expect(exterior![0]).toEqual(exterior!.at(-1));
    expect(signed(exterior!)).toBeLessThan(0);
    expect(signed(hole!)).toBeGreaterThan(0);
  });
});
