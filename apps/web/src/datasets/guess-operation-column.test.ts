import { describe, expect, it } from 'vitest';
import { guessOperationColumn } from './guess-operation-column.js';

describe('guessOperationColumn', () => {
  it("takes the London stations' bikes, not their id nor their coordinates", () => {
    const columns = ['id', 'name', 'area', 'nbikes', 'nempty', 'lon', 'lat'];
    const rows = [['1', 'River Street', 'Clerkenwell', '4', '14', '-0.109970527', '51.52916347'], ['2', 'Phillimore Gardens', 'Kensington', '2', '34', '-0.19', '51.49']];
    expect(guessOperationColumn(columns, rows, ['lat', 'lon'])).toBe('nbikes');
  });

  it('prefers a column whose header names an amount, in English, French or German', () => {
    const rows = [['3', '1200', '12'], ['4', '1 300,50', '8']];
    expect(guessOperationColumn(['Surface', "Chiffre d'affaires", 'Employés'], rows, [])).toBe("Chiffre d'affaires");
    expect(guessOperationColumn(['Fläche', 'Umsatz', 'Filiale'], rows, [])).toBe('Umsatz');
    expect(guessOperationColumn(['floors', 'Revenue', 'x'], rows, [])).toBe('Revenue');
  });

  it('leaves identifiers, postcodes, phones and years aside', () => {
    const rows = [['1', '75002', '0612345678', '2024']];
    expect(guessOperationColumn(['Customer ID', 'Code postal', 'Phone', 'Year'], rows, [])).toBeNull();
  });

  it('takes the first column of numbers when no header names an amount', () => {
    expect(guessOperationColumn(['name', 'surface', 'floors'], [['A', '120', '2'], ['B', '80,5', '1']], [])).toBe('surface');
  });

  it('finds none in a file without numbers', () => {
    expect(guessOperationColumn(['name', 'town'], [['A', 'Paris']], [])).toBeNull();
  });
});
