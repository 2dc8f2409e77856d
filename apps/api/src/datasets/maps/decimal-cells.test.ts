import { describe, expect, it } from 'vitest';
import { decimalCells } from './decimal-cells.js';

describe('decimalCells', () => {
  it('reads numbers as the import does (decimal comma, spaces between thousands) and scales them to one power of ten', () => {
    const { values, decimals, displayScale } = decimalCells(['12,5', '3', ' 1 234.75 ', '-0.125', '+7', '.5', '8.', '2.5000']);
    expect(decimals).toBe(3);
    // As written: 2.5000 has four decimals.
    expect(displayScale).toBe(4);
    expect(Array.from(values)).toEqual([12_500, 3_000, 1_234_750, -125, 7_000, 500, 8_000, 2_500]);
  });

  it('skips what is no number: text, blanks, a number with a unit, a missing cell, two separators', () => {
    const { values, decimals } = decimalCells(['n/a', '', '12 €', null, '1.234,5', '42']);
    expect(decimals).toBe(0);
    expect(Array.from(values).map((value) => (Number.isNaN(value) ? 'NaN' : value))).toEqual(['NaN', 'NaN', 'NaN', 'NaN', 'NaN', 42]);
  });

  it('keeps plain doubles when the scaled numbers could not be added exactly', () => {
    // 16 significant digits once scaled: past what a double holds exactly with room to add.
    const long = decimalCells(['0.1234567890123456', '1']);
    expect(long.decimals).toBe(-1);
    expect(Array.from(long.values)).toEqual([0.1234567890123456, 1]);
    // Each fits, but the total passes 2^53 (about 9.007e15).
    const large = decimalCells([...Array.from({ length: 10 }, () => '950000000000000'), 'x']);
    expect(large.decimals).toBe(-1);
    expect(large.values[0]).toBe(9.5e14);
    expect(large.values[10]).toBeNaN();
  });

  it('reads no cells as no numbers', () => {
    expect(decimalCells([])).toEqual({ values: new Float64Array(0), decimals: 0, displayScale: 0 });
  });
});
