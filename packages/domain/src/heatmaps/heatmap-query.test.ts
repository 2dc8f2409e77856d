import { describe, expect, it } from 'vitest';
import { heatmapKinds, heatmapQuery, heatmapSearchParams } from './heatmap-query.js';

const messages = (input: Record<string, unknown>) => {
  const result = heatmapQuery.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('heatmapQuery', () => {
  it('reads a URL query, with raw values, quantiles and 5 classes by default', () => {
    expect(heatmapQuery.parse({ country: 'fr', measure: 'population', adminDivision: 'fr_cities' })).toEqual({
      country: 'fr', measure: 'population', adminDivision: 'fr_cities', densityMode: 'raw', classification: 'quantile', classes: 5,
    });
    expect(heatmapQuery.parse({ country: 'us', measure: 'median_household_income', adminDivision: 'us_counties', densityMode: 'density', classification: 'jenks', classes: '7' }).classes).toBe(7);
  });

  it('asks for a measure or an indicator, not both nor neither', () => {
    expect(messages({ country: 'fr', adminDivision: 'fr_cities' })).toEqual(['validation.heatmapMeasureOrMetric']);
    expect(messages({ country: 'fr', measure: 'population', metricId: '0b6f3c5e-8a4d-4d51-9d0e-2f3c1b9a7e10', adminDivision: 'fr_cities' }))
      .toEqual(['validation.heatmapMeasureOrMetric']);
    expect(messages({ country: 'fr', metricId: '0b6f3c5e-8a4d-4d51-9d0e-2f3c1b9a7e10', adminDivision: 'fr_cities' })).toEqual([]);
    expect(messages({ country: 'fr', metricId: 'nope', adminDivision: 'fr_cities' })).toContain('validation.uuid');
  });

  it('refuses a measure the country does not publish, and a level of another country', () => {
    expect(messages({ country: 'us', measure: 'csp_3', adminDivision: 'us_counties' })).toEqual(['validation.heatmapMeasure']);
    expect(messages({ country: 'fr', measure: 'population', adminDivision: 'us_counties' })).toEqual(['validation.heatmapDivisionCountry']);
    expect(messages({ country: 'fr', measure: 'population', adminDivision: 'fr_towns' })).toEqual(['validation.heatmapDivision']);
  });

  it('refuses a density of units known only by points', () => {
    expect(messages({ country: 'de', measure: 'population', adminDivision: 'ww_cities', densityMode: 'density' })).toEqual(['validation.heatmapDensityPoints']);
    expect(messages({ country: 'de', measure: 'population', adminDivision: 'ww_cities' })).toEqual([]);
  });

  it('keeps the classes between 3 and 9 and the modes to those offered', () => {
    expect(messages({ country: 'fr', measure: 'population', adminDivision: 'fr_cities', classes: 2 })).toEqual(['validation.heatmapClasses']);
    expect(messages({ country: 'fr', measure: 'population', adminDivision: 'fr_cities', classes: 10 })).toEqual(['validation.heatmapClasses']);
    expect(messages({ country: 'fr', measure: 'population', adminDivision: 'fr_cities', classes: 'x' })).toEqual(['validation.heatmapClasses']);
    expect(messages({ country: 'fr', measure: 'population', adminDivision: 'fr_cities', densityMode: 'log' })).toEqual(['validation.heatmapDensityMode']);
    expect(messages({ country: 'fr', measure: 'population', adminDivision: 'fr_cities', classification: 'equal' })).toEqual(['validation.heatmapClassification']);
    expect(messages({ country: 'xx', measure: 'population', adminDivision: 'fr_cities' })).toContain('validation.country');
  });
});

describe('heatmapKinds', () => {
  it('offers the country\'s own kinds and the worldwide ones', () => {
    expect(heatmapKinds('fr')).toEqual(expect.arrayContaining(['fr_cities', 'fr_iris', 'fr_departements', 'ww_cities']));
    expect(heatmapKinds('fr')).not.toContain('us_counties');
    expect(heatmapKinds('de')).toEqual(['ww_postcodes', 'ww_cities']);
  });
});

describe('heatmapSearchParams', () => {
  it('writes every field of the query in one order', () => {
    const query = heatmapQuery.parse({ adminDivision: 'fr_iris', measure: 'population', country: 'fr', densityMode: 'density' });
    expect(heatmapSearchParams(query).toString()).toBe('country=fr&measure=population&adminDivision=fr_iris&densityMode=density&classification=quantile&classes=5');
  });
});
