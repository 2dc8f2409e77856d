import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { notPlacedCsv } from './not-placed-report.js';

describe('notPlacedCsv', () => {
  it('lists the rows with their numbers, quoted where needed, formulas neutralised, readable by Excel', () => {
    const csv = notPlacedCsv(['name', 'street'], [
      { row_number: 3, cells: ['Café "Kléber", Strasbourg', 'Place Kléber'] },
      { row_number: 9, cells: ['=HYPERLINK("http://x")', ''] },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(Papa.parse<string[]>(csv.slice(1).trim()).data).toEqual([
      ['row', 'name', 'street'],
      ['3', 'Café "Kléber", Strasbourg', 'Place Kléber'],
      ['9', '\'=HYPERLINK("http://x")', ''],
    ]);
  });
});
