import { describe, expect, it } from 'vitest';
import { FEATURES, type FormulaToken } from '@catchment/domain';
import { formulaFeature } from './formula-plan.js';

describe('the plan a formula needs', () => {
  const measure = (key: string): FormulaToken => ({ type: 'measure', measure: { source: 'census', key } });
  it('is Pro for one measure, scaled or not, and Advanced for two measures or more, or for an indicator read', () => {
    expect(formulaFeature([measure('population')])).toBe(FEATURES.metrics);
    expect(formulaFeature([measure('population'), { type: 'operator', value: '/' }, { type: 'value', value: 1000 }])).toBe(FEATURES.metrics);
    expect(formulaFeature([measure('population'), { type: 'operator', value: '-' }, measure('population')])).toBe(FEATURES.metrics);
    expect(formulaFeature([measure('population'), { type: 'operator', value: '/' }, measure('households')])).toBe(FEATURES.metricFormulas);
    expect(formulaFeature([{ type: 'measure', measure: { source: 'metric', metricId: 'm1' } }, { type: 'operator', value: '*' }, { type: 'value', value: 2 }])).toBe(FEATURES.metricFormulas);
  });
});
