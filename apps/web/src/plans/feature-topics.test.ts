import { describe, expect, it } from 'vitest';
import { FEATURES } from '@catchment/domain';
import { featureTopic } from './feature-topics.js';

describe('feature topics', () => {
  it('name what the server refused, whatever the country', () => {
    expect(featureTopic(FEATURES.census('us'))).toBe('census');
    expect(featureTopic(FEATURES.divisions('fr'))).toBe('divisions');
    expect(featureTopic(FEATURES.multiAreaExport)).toBe('multiAreaExport');
    expect(featureTopic(FEATURES.metricFormulas)).toBe('indicators');
    expect(featureTopic(FEATURES.poiCreateNoLimit('gb'))).toBe('searches');
    expect(featureTopic(FEATURES.reports('ca'))).toBe('reports');
    expect(featureTopic(FEATURES.heatmap('csp_3', 'fr'))).toBe('heatmaps');
    expect(featureTopic(FEATURES.mapGeneration)).toBe('generation');
  });

  it('have no words for features the app does not name', () => {
    expect(featureTopic(FEATURES.dataImport)).toBeNull();
    expect(featureTopic(null)).toBeNull();
  });
});
