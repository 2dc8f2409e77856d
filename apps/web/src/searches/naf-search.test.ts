import { describe, expect, it } from 'vitest';
import { searchNaf } from './naf-search.js';

describe('searchNaf', () => {
  it('finds codes by their start, with or without the dot, broader levels first', () => {
    expect(searchNaf('56.1', 'fr').map((entry) => entry.display)).toEqual(['56.1', '56.10', '56.10A', '56.10B', '56.10C']);
    expect(searchNaf('5610a', 'en').map((entry) => entry.code)).toEqual(['5610A']);
  });
  it('finds activities by their label in the language, accents aside', () => {
    expect(searchNaf('boulangerie', 'fr').map((entry) => entry.code)).toContain('1071C');
    expect(searchNaf('restaurant', 'en', 50).some((entry) => entry.code === '5610A')).toBe(true);
  });
  it('finds nothing for nothing typed', () => {
    expect(searchNaf('  ', 'en')).toEqual([]);
  });
});
