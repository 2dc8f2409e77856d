import { describe, expect, it } from 'vitest';
import { extractionCsv } from './extraction-csv.js';

const headings = { code: 'Code', name: 'Name', parentName: 'In', population: 'Population', share: 'Share (%)' };
const items = [
  { code: '06000', name: 'Nice', parentName: 'Alpes-Maritimes', share: 0.123, population: 342_669 },
  { code: '06230', name: 'Villefranche-sur-Mer; "port"', share: 1, population: null },
];

describe('an extraction as CSV', () => {
  it('writes commas and decimal points in English, postcodes kept as text', () => {
    expect(extractionCsv(items, headings, 'en')).toBe('\uFEFFCode,Name,In,Population,Share (%)\r\n'
      + '"=""06000""",Nice,Alpes-Maritimes,342669,12.3\r\n'
      + '"=""06230""","Villefranche-sur-Mer; ""port""",,,100\r\n');
  });

  it('writes semicolons and decimal commas in French', () => {
    const csv = extractionCsv(items.slice(0, 1), headings, 'fr');
    expect(csv.split('\r\n')[1]).toBe('"=""06000""";Nice;Alpes-Maritimes;342669;12,3');
  });
});
