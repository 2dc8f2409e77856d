import { describe, expect, it } from 'vitest';
import { ColumnCounter, numericColumns } from './column-counts.js';

const rows = (...cells: string[][]) => cells.map((row) => ({ cells: row }));

describe('numeric columns', () => {
  it('counts filled cells and the numbers among them, as the import reads numbers', () => {
    const counts = new ColumnCounter(4).add(rows(
      ['Shop 1', '12,5', '1 234', ''],
      ['Shop 2', '3', '-0.5', '  '],
      ['Shop 3', '', '75001', 'x'],
    )).result();
    expect(counts).toEqual([{ filled: 3, numbers: 0 }, { filled: 2, numbers: 2 }, { filled: 3, numbers: 3 }, { filled: 1, numbers: 0 }]);
    expect(numericColumns(['name', 'revenue', 'code', 'note'], counts)).toEqual(['revenue', 'code']);
  });

  it('keeps a column where four cells in five are numbers, not one below that, nor one never filled', () => {
    const fourInFive = rows(['1', '1', ''], ['2', 'n/a', ''], ['3', '3', ''], ['4', '4', ''], ['n/a', 'n/a', '']);
    expect(numericColumns(['a', 'b', 'c'], new ColumnCounter(3).add(fourInFive).result())).toEqual(['a']);
  });

  it('adds rows added later to the counts kept', () => {
    const kept = new ColumnCounter(2).add(rows(['a', '1'])).result();
    const after = new ColumnCounter(2, kept).add(rows(['2', 'b'], ['3', '4'])).result();
    expect(after).toEqual([{ filled: 3, numbers: 2 }, { filled: 3, numbers: 2 }]);
    expect(numericColumns(['x', 'y'], after)).toEqual([]);
    // Counts from before a column existed (none kept): counted from the rows given.
    expect(new ColumnCounter(2, []).add(rows(['1', '2'])).result()).toEqual([{ filled: 1, numbers: 1 }, { filled: 1, numbers: 1 }]);
  });
});
