import { describe, expect, it } from 'vitest';
import { availableTabs, tabAfterCountryChange } from './tabs.js';

describe('analysis tabs', () => {
  it('keeps the spec order and the country availability', () => {
    expect(availableTabs('fr', true)).toEqual(['census', 'poi', 'divisions', 'report', 'datasets', 'indicators']);
    expect(availableTabs('de', true)).toEqual(['census', 'divisions', 'datasets', 'indicators']);
    expect(availableTabs('ww', true)).toEqual(['census', 'divisions', 'datasets']);
  });
  it('shows only POI, report, my data and indicators without an area', () => {
    expect(availableTabs('fr', false)).toEqual(['poi', 'report', 'datasets', 'indicators']);
  });
  it('offers the points-of-interest tab where the server configures it', () => {
    expect(availableTabs('ww', true, { poiCountries: ['fr', 'ww'] })).toEqual(['census', 'poi', 'divisions', 'datasets']);
    expect(availableTabs('fr', false, { poiCountries: ['ww'] })).toEqual(['report', 'datasets', 'indicators']);
    expect(tabAfterCountryChange('poi', 'ww', false, { poiCountries: ['ww'] })).toBe('poi');
  });
  it('switches to a supported tab when the country changes', () => {
    expect(tabAfterCountryChange('poi', 'de', true)).toBe('census');
    expect(tabAfterCountryChange('divisions', 'de', true)).toBe('divisions');
  });
});
