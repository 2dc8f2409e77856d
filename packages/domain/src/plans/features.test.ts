import { describe, expect, it } from 'vitest';
import { featureGranted, FEATURES, OPEN_FEATURE, patternGrants } from './features.js';

describe('feature patterns', () => {
  it('grants a feature by its exact name', () => {
    expect(patternGrants('poi_count', 'poi_count')).toBe(true);
    expect(patternGrants('poi_count', 'poi_create')).toBe(false);
  });

  it('lets * stand for one segment, and a final * for the rest', () => {
    expect(patternGrants('census:*', 'census:fr')).toBe(true);
    expect(patternGrants('heatmap:*:fr', 'heatmap:population:fr')).toBe(true);
    expect(patternGrants('heatmap:*:fr', 'heatmap:population:us')).toBe(false);
    expect(patternGrants('heatmap:*', 'heatmap:population:us')).toBe(true);
    expect(patternGrants('*', 'reports:gb')).toBe(true);
  });

  it('never grants a feature by a prefix of its name, nor a shorter feature by a longer pattern', () => {
    expect(patternGrants('census', 'census:fr')).toBe(false);
    expect(patternGrants('census:fr', 'census')).toBe(false);
    expect(patternGrants('census:*', 'census')).toBe(false);
    expect(patternGrants('metrics', 'metrics:formula')).toBe(false);
    expect(patternGrants('poi:*', 'poi_create:fr')).toBe(false);
  });

  it('always grants "open", even to an empty list', () => {
    expect(featureGranted([], OPEN_FEATURE)).toBe(true);
    expect(featureGranted([], FEATURES.census('fr'))).toBe(false);
    expect(featureGranted(['divisions:*', 'census:*'], FEATURES.census('us'))).toBe(true);
  });
});
