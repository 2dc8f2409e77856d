import { describe, expect, it } from 'vitest';
import { normaliseQuery, queryKey } from './address-query.js';

describe('normaliseQuery', () => {
  it('folds the parts of a file’s columns into the keys the addresses are stored with', () => {
    expect(normaliseQuery({ street: 'St. Georgen Str.', housenumber: '14 A', postcode: ' 95463 ', city: 'BINDLACH', country: 'Germany' })).toEqual({
      street: 'St. Georgen Str.', housenumber: '14 A', postcode: '95463', city: 'BINDLACH', country: 'de',
      streetKey: 'stgeorgenstr', housenumberKey: '14a', postcodeKey: '95463', cityKey: 'bindlach',
    });
  });

  it('takes the number out of the street when the file has no number column', () => {
    expect(normaliseQuery({ street: 'Hauptstraße 11', city: 'Bindlach' })).toMatchObject({ street: 'Hauptstraße', housenumber: '11', streetKey: 'hauptstr', housenumberKey: '11' });
  });

  it('reads one line, its columns winning', () => {
    expect(normaliseQuery({ line: 'Hauptstraße 11, 95463 Bindlach', city: 'Bindlach (Oberfranken)' }))
      .toMatchObject({ street: 'Hauptstraße', housenumber: '11', postcode: '95463', city: 'Bindlach (Oberfranken)', country: null });
  });

  it('gives a French postcode that lost its zero in a spreadsheet its zero back', () => {
    expect(normaliseQuery({ postcode: '1000', city: 'Bourg-en-Bresse', country: 'FR' }).postcodeKey).toBe('01000');
  });

  it('gives spellings of the same address the same key, and others another', () => {
    const key = (street: string) => queryKey(normaliseQuery({ street, housenumber: '3', postcode: '95463', city: 'Bindlach' }));
    expect(key('Schloßplatz')).toBe(key('schlossplatz'));
    expect(key('Schloßplatz')).not.toBe(key('Schlossweg'));
  });
});
