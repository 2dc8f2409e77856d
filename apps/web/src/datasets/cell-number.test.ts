import { describe, expect, it } from 'vitest';
import { cellHoldsLatLng, cellNumber, mostCells } from './cell-number.js';

describe('cellNumber', () => {
  it('reads numbers with a decimal point or comma and spaces between thousands', () => {
    expect(cellNumber('12')).toBe(12);
    expect(cellNumber(' -0.109970527 ')).toBe(-0.109970527);
    expect(cellNumber('12,5')).toBe(12.5);
    expect(cellNumber('1 234,5')).toBe(1234.5);
    expect(cellNumber('1\u202f234')).toBe(1234);
  });
  it('refuses text, blanks and numbers with units', () => {
    for (const text of ['', 'abc', '12 €', '1.2.3', '12%', '-']) expect(cellNumber(text)).toBeNull();
  });
});

describe('cellHoldsLatLng', () => {
  it('takes a latitude and a longitude apart by a comma, a semicolon or spaces, as the import does', () => {
    for (const text of ['51.529, -0.1099', '48,8566; 2,3522', '48.8566 2.3522']) expect(cellHoldsLatLng(text)).toBe(true);
  });
  it('refuses one number, three, and a latitude out of range', () => {
    for (const text of ['48.8566', '1, 2, 3', '120, 2']) expect(cellHoldsLatLng(text)).toBe(false);
  });
});

describe('mostCells', () => {
  const rows = [['1'], ['2'], ['3'], ['4'], ['x'], ['']];
  it('passes when four filled cells in five pass, blanks aside', () => {
    expect(mostCells(rows, 0, (cell) => cellNumber(cell) !== null)).toBe(true);
    expect(mostCells([...rows, ['y']], 0, (cell) => cellNumber(cell) !== null)).toBe(false);
  });
  it('passes nothing for a column without a filled cell', () => {
    expect(mostCells([[''], ['']], 0, () => true)).toBe(false);
    expect(mostCells([], 0, () => true)).toBe(false);
  });
});
