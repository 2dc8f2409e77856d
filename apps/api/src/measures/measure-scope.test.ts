import { describe, expect, it } from 'vitest';
import type { AdministrativeKind } from '@catchment/domain';
import { kindsInScope, measureScope, nationalDataPrevails, scopedCacheKey } from './measure-scope.js';

const LOADED: AdministrativeKind[] = ['fr_cities', 'fr_postcodes', 'us_counties', 'us_zipcodes', 'ww_cities'];

describe('measureScope', () => {
  it('uses every loaded dataset for the area\'s own country, asked for or not', () => {
    for (const scope of [measureScope('fr', undefined), measureScope('fr', 'fr')]) {
      expect(scope).toEqual({ country: 'fr', chosen: false });
      expect(kindsInScope(scope, LOADED)).toEqual(LOADED);
      expect(nationalDataPrevails(scope)).toBe(true);
      expect(scopedCacheKey('abc', scope)).toBe('abc');
    }
  });

  it('keeps only the chosen country\'s kinds for another country', () => {
    const scope = measureScope('fr', 'us');
    expect(scope).toEqual({ country: 'us', chosen: true });
    expect(kindsInScope(scope, LOADED)).toEqual(['us_counties', 'us_zipcodes']);
    expect(nationalDataPrevails(scope)).toBe(true);
    expect(scopedCacheKey('abc', scope)).toBe('abc|us');
  });

  it('keeps only the worldwide kinds for the rest of the world, and counts them even where a national kind has the measure', () => {
    const scope = measureScope('fr', 'ww');
    expect(kindsInScope(scope, LOADED)).toEqual(['ww_cities']);
    expect(nationalDataPrevails(scope)).toBe(false);
    expect(scopedCacheKey('abc', scope)).toBe('abc|ww');
  });
});
