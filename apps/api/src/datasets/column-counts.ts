/**
 * Which of a dataset's columns hold numbers, so that the app offers them for sums and averages:
 * per column, how many cells are filled and how many of those are numbers as the import and the
 * figures read them (`parseDecimal`: a decimal point or comma, spaces between thousands). Kept as
 * counts, not as a verdict, so that rows added later add to them. A column is numeric when it has
 * filled cells and at least four in five of them are numbers, as the import wizard guesses the
 * column to add up: a stray "n/a" does not hide a column of amounts.
 */
import { parseDecimal } from '@catchment/domain';

/** One column's cells: filled (not blank) and, of those, numbers. */
export interface ColumnCount { filled: number; numbers: number }

/** The share of a column's filled cells that must be numbers. */
export const NUMERIC_COLUMN_SHARE = 0.8;

/** Counts, one per column, of the cells of `rows` (each row's cells in the columns' order). */
export class ColumnCounter {
  private readonly counts: ColumnCount[];

  constructor(columnCount: number, start: readonly ColumnCount[] = []) {
    this.counts = Array.from({ length: columnCount }, (_, i) => ({ filled: start[i]?.filled ?? 0, numbers: start[i]?.numbers ?? 0 }));
  }

  add(rows: Iterable<{ cells: readonly string[] }>): this {
    for (const { cells } of rows) {
      this.counts.forEach((count, i) => {
        const cell = cells[i] ?? '';
        if (cell.trim() === '') return;
        count.filled += 1;
        if (parseDecimal(cell) !== null) count.numbers += 1;
      });
    }
    return this;
  }

  result(): ColumnCount[] {
    return this.counts.map((count) => ({ ...count }));
  }
}

/** The names of the numeric columns, in the columns' order. */
export function numericColumns(columns: readonly string[], counts: readonly ColumnCount[]): string[] {
  return columns.filter((_, i) => {
    const count = counts[i];
    return count !== undefined && count.filled > 0 && count.numbers >= count.filled * NUMERIC_COLUMN_SHARE;
  });
}
