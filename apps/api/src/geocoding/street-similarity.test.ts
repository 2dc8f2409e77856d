import { describe, expect, it } from 'vitest';
import { streetNameKey } from '@catchment/geodata';
import { editDistance, streetSimilarity } from './street-similarity.js';

const street = (name: string) => ({ name, key: streetNameKey(name) });
/** Trigram similarities as pg_trgm's similarity() gives them for these keys. */
const similarity = (query: string, candidate: string, trigrams = 0) => streetSimilarity(street(query), street(candidate), trigrams);

describe('streetSimilarity', () => {
  it('is 1 for spellings of the same name', () => {
    expect(similarity('Bayreuther Strasse', 'Bayreuther Straße')).toBe(1);
    expect(similarity('bayreuther str.', 'Bayreuther Straße')).toBe(1);
    expect(similarity('St Georgen Strasse', 'St.-Georgen-Straße')).toBe(1);
    expect(similarity('SCHLOSSPLATZ', 'Schloßplatz')).toBe(1);
  });

  it('takes a letter missed, doubled, wrong or two swapped for the same street, below 1', () => {
    for (const [query, candidate] of [['Waidmanstraße', 'Waidmannstraße'], ['Wekenreuth', 'Weikenreuth'], ['Am Rein', 'Am Rain'], ['Tanenstr.', 'Tannenstraße'], ['Lindbergstraße', 'Lindberghstraße'], ['Gmeein', 'Gemein']]) {
      const value = similarity(query!, candidate!);
      expect(value, `${query} / ${candidate}`).toBeGreaterThan(0.8);
      expect(value).toBeLessThan(1);
    }
  });

  it('compares the names written out too, where a typo hides an abbreviation', () => {
    // "hauptstrase" is three edits from the key "hauptstr", one from "hauptstrasse".
    expect(similarity('Hauptstrase', 'Hauptstraße')).toBeGreaterThan(0.9);
  });

  it('takes close trigrams for the same street (words in another order), not middling ones', () => {
    expect(similarity('Neuenreuther Str. Nord', 'Nord Neuenreuther Straße', 0.6666667)).toBe(0.6666667);
    expect(similarity('Gartenstraße', 'Gartenweg', 0.42857143)).toBe(0);
  });

  it('tells neighbouring streets apart', () => {
    expect(similarity('Eichenweg', 'Eichenstraße', 0.43)).toBe(0);
    expect(similarity('Bahnhofstraße', 'Alte Bahnhofstraße', 0.53)).toBe(0);
    expect(similarity('Weikenreuth', 'Weikenreuther Straße', 0.61)).toBe(0);
    expect(similarity('Theta', 'Hochtheta', 0.33)).toBe(0);
    expect(similarity('Birkenstraße', 'Bergstraße', 0.2)).toBe(0);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one edit each', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('gemein', 'gmeein')).toBe(1);
    expect(editDistance('ca', 'abc')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('stops past its limit', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});
