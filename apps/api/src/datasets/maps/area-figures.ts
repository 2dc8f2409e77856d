/**
 * What a dataset's rows add up to inside an area: how many lie in it, and the sum and mean of a
 * column's numbers over them. The points inside are found as business counts find theirs
 * (point-cell.ts: whole buckets at once, the exact test where the boundary crosses), so the rows
 * counted are those PostGIS's ST_Intersects finds; each cell's numbers are exact integers at the
 * cell's scale, added up across cells by DecimalSum, whose mean is PostgreSQL's numeric avg.
 */
import type { PointArea } from '@catchment/geodata';
import { forEachRunInside, type PointCell } from '../../poi/count/point-cell.js';
import { decimalCells } from './decimal-cells.js';
import { DecimalSum } from './decimal-sum.js';

/**
 * A grid cell's placed rows, with the column's numbers as `points.values` (scaled by 10^decimals;
 * -1: doubles) when one is asked for, and the most decimals one of them was written with.
 */
export interface ValueCell { points: PointCell; decimals: number; displayScale: number }

export interface AreaFigures {
  /** Rows inside. */
  count: number;
  /** Their numbers added up (0 when none holds a number). */
  sum: number;
  /** The mean of their numbers; null when none holds a number. */
  average: number | null;
}

export function figuresInCells(area: PointArea, cells: readonly ValueCell[]): AreaFigures {
  let count = 0;
  let numbers = 0;
  let displayScale = 0;
  const total = new DecimalSum();
  for (const { points, decimals, displayScale: cellScale } of cells) {
    const { values } = points;
    const before = numbers;
    let part = 0;
    forEachRunInside(area, points, (start, end) => {
      count += end - start;
      if (!values) return;
      for (let i = start; i < end; i += 1) {
        const value = values[i]!;
        // NaN: a cell that holds no number.
        if (value !== value) continue;
        numbers += 1;
        part += value;
      }
    });
    if (!values) continue;
    total.add(part, decimals);
    // The cell's most decimals stand for those of its numbers inside: they differ only for a number
    // written with more decimals than the average's 16 significant digits keep, outside the area.
    if (numbers > before) displayScale = Math.max(displayScale, cellScale);
  }
  return { count, sum: total.value(), average: total.mean(numbers, displayScale) };
}

/**
 * The figures of rows already known to lie inside (a unit's, found by the database: heatmaps),
 * from their cells of the column (null: a row without that cell); none: a count only. Their
 * numbers are read and added up as a grid cell's are above, so a unit's sum is an area's.
 */
export function figuresOfCells(count: number, texts: readonly (string | null)[] | null): AreaFigures {
  if (!texts) return { count, sum: 0, average: null };
  const { values, decimals, displayScale } = decimalCells(texts);
  let numbers = 0;
  let part = 0;
  for (const value of values) {
    if (value !== value) continue;
    numbers += 1;
    part += value;
  }
  const total = new DecimalSum();
  total.add(part, decimals);
  return { count, sum: total.value(), average: total.mean(numbers, displayScale) };
}
