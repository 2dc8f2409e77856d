import { describe, expect, it } from 'vitest';
import { heatmapQuery } from '@catchment/domain';
import { DEFAULT_HEATMAP_SETTINGS, heatmapQueryOf, offeredKinds, parseHeatmapSettings, settingsIn } from './heatmap-settings.js';

describe('heatmap settings', () => {
  it('open on the population density of the communes in France', () => {
    const settings = settingsIn(DEFAULT_HEATMAP_SETTINGS, 'fr', null);
    const query = heatmapQueryOf(settings, 'fr');
    expect(query).toMatchObject({ country: 'fr', measure: 'population', adminDivision: 'fr_cities', densityMode: 'density', classification: 'quantile', classes: 5 });
    expect(heatmapQuery.safeParse(query).success).toBe(true);
  });

  it('move to a level of the new country, and to raw values where units are only points', () => {
    const french = settingsIn(DEFAULT_HEATMAP_SETTINGS, 'fr', null);
    const german = settingsIn(french, 'de', null);
    expect(german.adminDivision).toBe('ww_cities');
    expect(german.densityMode).toBe('raw');
    expect(heatmapQuery.safeParse(heatmapQueryOf(german, 'de')).success).toBe(true);
    expect(settingsIn(DEFAULT_HEATMAP_SETTINGS, 'us', null)).toMatchObject({ adminDivision: 'us_counties', densityMode: 'density' });
    // A level this server knows by points only (the demo's communes) shows raw values.
    expect(settingsIn(DEFAULT_HEATMAP_SETTINGS, 'fr', null, ['fr_cities'])).toMatchObject({ adminDivision: 'fr_cities', densityMode: 'raw' });
  });

  it('fall back to the population where the chosen census measure is not published', () => {
    const income = { ...DEFAULT_HEATMAP_SETTINGS, measure: { kind: 'census', key: 'median_household_income' } as const };
    expect(settingsIn(income, 'us', null).measure).toEqual(income.measure);
    expect(settingsIn(income, 'fr', null).measure).toEqual({ kind: 'census', key: 'population' });
  });

  it('ask for an indicator by its id', () => {
    const metricId = '8f9e1c8e-2a7c-4a3b-9f57-3d2d7c1e6a01';
    const query = heatmapQueryOf(settingsIn({ ...DEFAULT_HEATMAP_SETTINGS, measure: { kind: 'metric', id: metricId } }, 'fr', null), 'fr');
    expect(query).toMatchObject({ metricId });
    expect(query.measure).toBeUndefined();
  });

  it('offer the levels loaded on the server when the list is known', () => {
    expect(offeredKinds('fr', ['fr_cities', 'us_counties', 'ww_cities'])).toEqual(['fr_cities', 'ww_cities']);
    expect(offeredKinds('fr', null)).toContain('fr_iris');
    expect(settingsIn(DEFAULT_HEATMAP_SETTINGS, 'fr', ['fr_departements'])).toMatchObject({ adminDivision: 'fr_departements' });
  });

  it('read back what was stored, with defaults for what is missing or unknown', () => {
    expect(parseHeatmapSettings(null)).toEqual(DEFAULT_HEATMAP_SETTINGS);
    const stored = parseHeatmapSettings({ shown: true, country: 'xx', adminDivision: 'fr_iris', densityMode: 'raw', classes: 42, opacity: 0, measure: { kind: 'census', key: 'csp_3' } });
    expect(stored).toMatchObject({ shown: true, country: null, adminDivision: 'fr_iris', densityMode: 'raw', classes: 9, opacity: 0.2, measure: { kind: 'census', key: 'csp_3' } });
    expect(parseHeatmapSettings({ adminDivision: 'nowhere', classification: 'median' })).toMatchObject({ adminDivision: null, classification: 'quantile' });
  });
});
