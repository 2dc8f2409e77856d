import { describe, expect, it } from 'vitest';
import { EXTRACTION_RANGES, EXTRACTOR_KINDS, extractionPolicy, withinExtractionRange } from './extractor.js';

describe('the extractor', () => {
  it('lists cities and postcodes, never IRIS, counties or states', () => {
    expect(EXTRACTOR_KINDS).toEqual(expect.arrayContaining(['fr_cities', 'fr_postcodes', 'us_zipcodes', 'be_cities', 'ww_cities']));
    expect(EXTRACTOR_KINDS).not.toContain('fr_iris');
    expect(EXTRACTOR_KINDS).not.toContain('us_counties');
    expect(EXTRACTOR_KINDS).not.toContain('fr_departements');
  });

  it('limits a demo key by items and a paid key by extractions a month', () => {
    expect(extractionPolicy('demo')).toEqual({ maxItems: 20, extractionsPerMonth: null });
    expect(extractionPolicy('paid')).toEqual({ maxItems: null, extractionsPerMonth: 100 });
  });

  it('takes 3 h and 300 km by default, 2 h and 200 km in the reduced reading, inclusive', () => {
    expect(withinExtractionRange('isochrone', 3 * 3_600, EXTRACTION_RANGES.standard)).toBe(true);
    expect(withinExtractionRange('isochrone', 3 * 3_600 + 1, EXTRACTION_RANGES.standard)).toBe(false);
    expect(withinExtractionRange('isodistance', 300_000, EXTRACTION_RANGES.standard)).toBe(true);
    expect(withinExtractionRange('isodistance', 200_001, EXTRACTION_RANGES.reduced)).toBe(false);
    expect(withinExtractionRange('isochrone', 2 * 3_600, EXTRACTION_RANGES.reduced)).toBe(true);
  });
});
