import { describe, expect, it } from 'vitest';
import { censusWidgets, measureTranslations, searchMeasures } from './measure-catalogue.js';
import { shareBaseOf } from './territories.js';

describe('the measure catalogue', () => {
  it('groups a country’s measures into widgets, in the groups’ order, leaving out empty groups', () => {
    expect(censusWidgets('fr', 'en').map((widget) => widget.id)).toEqual(['population', 'age', 'socioProfessional']);
    expect(censusWidgets('us', 'en').map((widget) => widget.id)).toEqual(['population', 'income']);
    expect(censusWidgets('fr', 'fr')[0]!.measures[0]).toEqual({ key: 'population', label: 'Population', unit: 'people' });
  });

  it('names each measure of a country in the locale', () => {
    const names = measureTranslations('us', 'en');
    expect(Object.keys(names)).toEqual(['population', 'median_household_income']);
    expect(names.median_household_income).not.toContain('measures.');
  });

  it('finds measures by key or by name, in any case', () => {
    expect(searchMeasures('us', undefined, 'en')).toHaveLength(2);
    expect(searchMeasures('us', 'INCOME', 'en').map((measure) => measure.key)).toEqual(['median_household_income']);
    expect(searchMeasures('fr', 'csp_3', 'en').map((measure) => measure.key)).toEqual(['csp_3']);
    expect(searchMeasures('us', 'income', 'en')[0]!.source).toEqual({ type: 'census', datasetPath: 'us/census/acs/B19013_001E' });
  });
});

describe('shareBaseOf', () => {
  it('gives age bands and those aged 15 or more as shares of the population, categories as shares of those aged 15 or more', () => {
    expect(shareBaseOf('population_0014')).toBe('population');
    expect(shareBaseOf('population_15p')).toBe('population');
    expect(shareBaseOf('csp_3')).toBe('population_15p');
  });
  it('gives no share of the population itself, of an income or of an unknown measure', () => {
    expect(shareBaseOf('population')).toBeNull();
    expect(shareBaseOf('median_household_income')).toBeNull();
    expect(shareBaseOf('nothing')).toBeNull();
  });
});
