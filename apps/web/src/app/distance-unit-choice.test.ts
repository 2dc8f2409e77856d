import { describe, expect, it } from 'vitest';
import { countryFromLanguages, initialDistanceUnit } from './distance-unit-choice.js';

describe('countryFromLanguages', () => {
  it('reads the region of the first language that has one', () => {
    expect(countryFromLanguages(['fr', 'en-US'])).toBe('US');
    expect(countryFromLanguages(['en-gb'])).toBe('GB');
    expect(countryFromLanguages(['zh-Hant-TW'])).toBe('TW');
    expect(countryFromLanguages(['fr', 'de'])).toBeUndefined();
  });
});

describe('initialDistanceUnit', () => {
  it('keeps a saved choice whatever the country', () => {
    expect(initialDistanceUnit({ saved: 'km', userCountry: 'US', browserLanguages: ['en-US'] })).toBe('km');
    expect(initialDistanceUnit({ saved: 'mi', userCountry: 'FR', browserLanguages: ['fr-FR'] })).toBe('mi');
  });

  it('uses miles for the mile countries of the specification', () => {
    for (const country of ['BS', 'BZ', 'KY', 'PR', 'US', 'GB']) {
      expect(initialDistanceUnit({ saved: null, userCountry: country, browserLanguages: [] })).toBe('mi');
    }
  });

  it('prefers the account country to the browser region', () => {
    expect(initialDistanceUnit({ saved: null, userCountry: 'fr', browserLanguages: ['en-US'] })).toBe('km');
    expect(initialDistanceUnit({ saved: null, userCountry: null, browserLanguages: ['en-US'] })).toBe('mi');
  });

  it('falls back to km for an unknown or free-text country and an invalid saved value', () => {
    expect(initialDistanceUnit({ saved: 'yards', userCountry: 'United States', browserLanguages: ['en'] })).toBe('km');
    expect(initialDistanceUnit({ saved: null, userCountry: undefined, browserLanguages: [] })).toBe('km');
  });
});
