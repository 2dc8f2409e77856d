import { describe, expect, it } from 'vitest';
import { FEATURES } from '../plans/features.js';
import type { MeasureRef } from './formula.js';
import { metricFormulaFeatures } from './metric.js';

describe('metricFormulaFeatures', () => {
  const population: MeasureRef = { source: 'census', key: 'population' };
  const restaurants: MeasureRef = { source: 'poi', searchId: '12' };
  it('asks PRO for a formula of one measure and numbers, ADVANCED for several measures or another indicator', () => {
    expect(metricFormulaFeatures([population])).toEqual([FEATURES.metrics]);
    expect(metricFormulaFeatures([])).toEqual([FEATURES.metrics]);
    expect(metricFormulaFeatures([population, restaurants])).toEqual([FEATURES.metrics, FEATURES.metricFormulas]);
    expect(metricFormulaFeatures([{ source: 'metric', metricId: '0b6f3c5e-8a4d-4d51-9d0e-2f3c1b9a7e10' }])).toEqual([FEATURES.metrics, FEATURES.metricFormulas]);
  });
});
