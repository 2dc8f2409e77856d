import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { containsPoint, prepareArea, type BBox } from '@catchment/geodata';
import { BUCKETS_PER_SIDE, countPointsIn, forEachRunInside, pointCell } from './point-cell.js';

/** A seeded generator (mulberry32): the same points and shapes on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An irregular star-shaped ring around (cx, cy), like an isochrone's outline. */
function blob(next: () => number, cx: number, cy: number, radius: number, vertices = 120): Polygon {
  const ring = Array.from({ length: vertices }, (_, i) => {
    const angle = (2 * Math.PI * i) / vertices;
    const r = radius * (0.5 + 0.5 * next());
    return [cx + r * Math.cos(angle), cy + r * Math.sin(angle) * 0.7];
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

const CELL: BBox = [7.5, 48.5, 8, 49];

function pointsIn(next: () => number, bbox: BBox, count: number): Float64Array {
  const points = new Float64Array(count * 2);
  for (let i = 0; i < count; i += 1) {
    points[2 * i] = bbox[0] + next() * (bbox[2] - bbox[0]);
    points[2 * i + 1] = bbox[1] + next() * (bbox[3] - bbox[1]);
  }
  return points;
}

const bruteForce = (polygon: Polygon, points: Float64Array) => {
  const area = prepareArea(polygon);
  let n = 0;
  for (let i = 0; i < points.length; i += 2) if (containsPoint(area, points[i]!, points[i + 1]!)) n += 1;
  return n;
};

describe('pointCell', () => {
  it('sorts every point into the bucket under it, keeping each once', () => {
    const points = pointsIn(random(1), CELL, 5_000);
    const cell = pointCell(CELL, points);
    expect(cell.bucketStarts.length).toBe(BUCKETS_PER_SIDE * BUCKETS_PER_SIDE + 1);
    expect(cell.bucketStarts.at(-1)).toBe(5_000);
    const size = (CELL[2] - CELL[0]) / BUCKETS_PER_SIDE;
    for (let b = 0; b < BUCKETS_PER_SIDE * BUCKETS_PER_SIDE; b += 1) {
      for (let i = cell.bucketStarts[b]!; i < cell.bucketStarts[b + 1]!; i += 1) {
        expect(Math.floor((cell.xs[i]! - CELL[0]) / size)).toBe(b % BUCKETS_PER_SIDE);
      }
    }
    const pairs = (xs: ArrayLike<number>, ys: ArrayLike<number>) => Array.from(xs, (x, i) => `${x},${ys[i]}`).sort();
    const evens = Array.from({ length: 5_000 }, (_, i) => points[2 * i]!);
    const odds = Array.from({ length: 5_000 }, (_, i) => points[2 * i + 1]!);
    expect(pairs(cell.xs, cell.ys)).toEqual(pairs(evens, odds));
  });

  it('moves each value with its point', () => {
    const points = pointsIn(random(2), CELL, 3_000);
    // A value that names its point: its index, and NaN (no number) for every seventh.
    const values = Float64Array.from({ length: 3_000 }, (_, i) => (i % 7 === 0 ? Number.NaN : i));
    const cell = pointCell(CELL, points, values);
    expect(cell.values).toHaveLength(3_000);
    for (let at = 0; at < 3_000; at += 1) {
      const value = cell.values![at]!;
      if (Number.isNaN(value)) continue;
      expect([cell.xs[at], cell.ys[at]]).toEqual([points[2 * value], points[2 * value + 1]]);
    }
    expect(Array.from(cell.values!).filter(Number.isNaN)).toHaveLength(Math.ceil(3_000 / 7));
    expect(pointCell(CELL, points).values).toBeUndefined();
    expect(() => pointCell(CELL, points, new Float64Array(2))).toThrow(/2 values for 3000 points/);
  });
});

describe('forEachRunInside', () => {
  it('gives every point inside once, in runs, and no point outside', () => {
    const next = random(11);
    const points = pointsIn(next, CELL, 10_000);
    const cell = pointCell(CELL, points);
    for (const polygon of [blob(next, 7.75, 48.75, 0.5), blob(next, 7.6, 48.6, 0.05)]) {
      const area = prepareArea(polygon);
      const seen = new Uint8Array(10_000);
      forEachRunInside(area, cell, (start, end) => {
        expect(end).toBeGreaterThan(start);
        for (let i = start; i < end; i += 1) seen[i]! += 1;
      });
      for (let i = 0; i < 10_000; i += 1) expect(seen[i]).toBe(containsPoint(area, cell.xs[i]!, cell.ys[i]!) ? 1 : 0);
    }
  });
});

describe('countPointsIn', () => {
  it('counts what the exact point-in-polygon test counts, for areas large and small, inside the cell or over its edges', () => {
    const next = random(7);
    const points = pointsIn(next, CELL, 20_000);
    const cell = pointCell(CELL, points);
    const areas = [
      blob(next, 7.75, 48.75, 0.2),
      blob(next, 7.75, 48.75, 0.6),
      blob(next, 7.52, 48.98, 0.1),
      blob(next, 7.6, 48.6, 0.01),
      blob(next, 9, 50, 0.2),
    ];
    for (const polygon of areas) expect(countPointsIn(prepareArea(polygon), cell)).toBe(bruteForce(polygon, points));
    // The large one holds whole buckets: the shortcut was taken, and agreed.
    expect(countPointsIn(prepareArea(areas[1]!), cell)).toBeGreaterThan(10_000);
  });

  it('counts points on bucket edges and an area with a hole', () => {
    // Points exactly on the buckets' lines.
    const step = (CELL[2] - CELL[0]) / BUCKETS_PER_SIDE;
    const grid: number[] = [];
    for (let i = 0; i < BUCKETS_PER_SIDE; i += 1) for (let j = 0; j < BUCKETS_PER_SIDE; j += 1) grid.push(CELL[0] + i * step, CELL[1] + j * step);
    const points = Float64Array.from(grid);
    const cell = pointCell(CELL, points);
    const square = (x0: number, y0: number, x1: number, y1: number) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]];
    const holed: Polygon = { type: 'Polygon', coordinates: [square(7.51, 48.51, 7.99, 48.99), square(7.7, 48.7, 7.8, 48.8).reverse()] };
    expect(countPointsIn(prepareArea(holed), cell)).toBe(bruteForce(holed, points));
    expect(countPointsIn(prepareArea(holed), cell)).toBeGreaterThan(0);
  });

  it('counts nothing in an empty cell', () => {
    expect(countPointsIn(prepareArea(blob(random(3), 7.75, 48.75, 0.2)), pointCell(CELL, new Float64Array(0)))).toBe(0);
  });
});
