import { describe, expect, it } from 'vitest';
import type { AreaMeasures, MeasureValue } from '@catchment/domain';
import { measuresWithValues, missingGroups } from './measures-shown.js';

const measure = (key: string, group: MeasureValue['group'], value: number | null): MeasureValue =>
  ({ key, label: key, value, unit: 'people', group, aggregation: 'sum', coverage: null, sources: [] });

const area = (areaId: string, measures: MeasureValue[]): AreaMeasures => ({ areaId, country: 'fr', measures });

describe('missingGroups', () => {
  it('names each group without any value once, in the catalogue order', () => {
    const measures = [
      measure('population', 'population', 1000),
      measure('csp_1', 'socioProfessional', null), measure('csp_2', 'socioProfessional', null),
      measure('population_0014', 'age', null),
    ];
    expect(missingGroups(measures)).toEqual(['age', 'socioProfessional']);
  });

  it('does not call a group missing when one of its measures has a value', () => {
    expect(missingGroups([measure('population_0014', 'age', 12), measure('population_75p', 'age', null)])).toEqual([]);
  });
});

describe('measuresWithValues', () => {
  it('keeps the measures some area has a value for, in the server\'s order', () => {
    const results = [
      area('a', [measure('population', 'population', 10), measure('population_0014', 'age', null), measure('csp_1', 'socioProfessional', null)]),
      area('b', [measure('population', 'population', 20), measure('population_0014', 'age', null), measure('csp_1', 'socioProfessional', 3)]),
      area('c', []),
    ];
    expect(measuresWithValues(results).map((entry) => entry.key)).toEqual(['population', 'csp_1']);
  });
});
