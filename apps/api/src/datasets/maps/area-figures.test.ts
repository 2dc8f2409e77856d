import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { containsPoint, preparePointArea, type BBox } from '@catchment/geodata';
import { pointCell } from '../../poi/count/point-cell.js';
import { figuresInCells, figuresOfCells, type ValueCell } from './area-figures.js';
import { decimalCells } from './decimal-cells.js';
import { DecimalSum } from './decimal-sum.js';
import { isochroneLike } from '../../../../../bench/isochrone-like.js';
import { seededRandom } from '../../../../../bench/stats.js';

/** Two neighbouring cells of the grid over central London. */
const WEST: BBox = [-0.5, 51.5, 0, 52];
const EAST: BBox = [0, 51.5, 0.5, 52];

interface Row { x: number; y: number; cents: number | null; text: string }

/** Rows in a cell: amounts in pounds and pence as a file writes them (decimal comma now and then), or no number. */
function rowsIn(random: () => number, bbox: BBox, count: number): Row[] {
  return Array.from({ length: count }, () => {
    const x = bbox[0] + random() * (bbox[2] - bbox[0]);
    const y = bbox[1] + random() * (bbox[3] - bbox[1]);
    if (random() < 0.1) return { x, y, cents: null, text: random() < 0.5 ? '' : 'n/a' };
    const cents = Math.round((random() - 0.2) * 1_000_000);
    const text = (cents / 100).toFixed(2);
    return { x, y, cents, text: random() < 0.3 ? text.replace('.', ',') : text };
  });
}

function cellOf(bbox: BBox, rows: Row[], withValues: boolean): ValueCell {
  const flat = Float64Array.from(rows.flatMap((row) => [row.x, row.y]));
  if (!withValues) return { points: pointCell(bbox, flat), decimals: 0, displayScale: 0 };
  const { values, decimals, displayScale } = decimalCells(rows.map((row) => row.text));
  return { points: pointCell(bbox, flat, values), decimals, displayScale };
}

describe('figuresInCells', () => {
  it('counts the rows inside and adds up their numbers exactly, as a brute force over every row does', () => {
    const random = seededRandom(42);
    const west = rowsIn(random, WEST, 20_000);
    const east = rowsIn(random, EAST, 20_000);
    const cells = [cellOf(WEST, west, true), cellOf(EAST, east, true)];
    const areas = [
      isochroneLike([-0.1, 51.75], 12_000, random), // across both cells
      isochroneLike([-0.3, 51.6], 3_000, random),
      isochroneLike([0.3, 51.9], 25_000, random), // over the cells' north edge
      isochroneLike([2, 48], 5_000, random), // elsewhere
    ];
    for (const geometry of areas) {
      const area = preparePointArea(geometry as Polygon);
      const inside = [...west, ...east].filter((row) => containsPoint(area, row.x, row.y));
      const numbers = inside.filter((row) => row.cents !== null);
      const cents = numbers.reduce((sum, row) => sum + row.cents!, 0);
      // The mean of the exact total by PostgreSQL's rule (decimal-sum.test.ts holds that rule to PostgreSQL's figures).
      const total = new DecimalSum();
      total.add(cents, 2);
      expect(figuresInCells(area, cells)).toEqual({ count: inside.length, sum: cents / 100, average: total.mean(numbers.length, 2) });
      expect(figuresInCells(area, [cellOf(WEST, west, false), cellOf(EAST, east, false)])).toEqual({ count: inside.length, sum: 0, average: null });
    }
    // The first area holds thousands of rows, from both cells.
    expect(figuresInCells(preparePointArea(areas[0] as Polygon), cells).count).toBeGreaterThan(2_000);
  });
});

describe('figuresOfCells', () => {
  it('gives the rows known to be inside the figures figuresInCells finds for an area holding exactly them', () => {
    const random = seededRandom(7);
    const rows = rowsIn(random, WEST, 5_000);
    const area = preparePointArea(isochroneLike([-0.25, 51.75], 10_000, random) as Polygon);
    const inside = rows.filter((row) => containsPoint(area, row.x, row.y));
    expect(inside.length).toBeGreaterThan(500);
    // Cells of rows without that column (null) hold no number, as blanks and words do.
    const texts = inside.map((row, i) => (i % 50 === 0 ? null : row.text));
    const cells = [cellOf(WEST, inside.map((row, i) => (i % 50 === 0 ? { ...row, text: '' } : row)), true)];
    expect(figuresOfCells(inside.length, texts)).toEqual(figuresInCells(area, cells));
    expect(figuresOfCells(inside.length, null)).toEqual({ count: inside.length, sum: 0, average: null });
    expect(figuresOfCells(0, [])).toEqual({ count: 0, sum: 0, average: null });
  });
});
