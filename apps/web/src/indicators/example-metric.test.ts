import { describe, expect, it } from 'vitest';
import type { MetricWidgets } from '@catchment/domain';
import { exampleMetric } from './example-metric.js';

const census = { id: 'census' as const, measures: [{ measure: { source: 'census' as const, key: 'population' }, label: 'Population' }] };
const searches = { id: 'poi' as const, measures: [{ measure: { source: 'poi' as const, searchId: '4' }, label: 'Bakeries' }] };

describe('the example indicator', () => {
  it('divides the population by the first business search', () => {
    expect(exampleMetric({ country: 'fr', widgets: [census, searches] })).toEqual({
      formula: [{ type: 'measure', measure: { source: 'census', key: 'population' } }, { type: 'operator', value: '/' }, { type: 'measure', measure: { source: 'poi', searchId: '4' } }],
      searchLabel: 'Bakeries',
    });
  });

  it('counts the population in thousands without a search, and offers nothing without a population', () => {
    expect(exampleMetric({ country: 'fr', widgets: [census] })?.formula[2]).toEqual({ type: 'value', value: 1000 });
    expect(exampleMetric({ country: 'de', widgets: [searches] } satisfies MetricWidgets)).toBeNull();
    expect(exampleMetric(undefined)).toBeNull();
  });
});
