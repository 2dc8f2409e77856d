import { describe, expect, it } from 'vitest';
import { countryCode } from './country-code.js';

describe('countryCode', () => {
  it('reads ISO codes in any case', () => {
    expect(countryCode('DE')).toBe('de');
    expect(countryCode(' fr ')).toBe('fr');
    expect(countryCode('DEU')).toBe('de');
    expect(countryCode('UK')).toBe('gb');
  });

  it('reads names in English, French and German', () => {
    expect(countryCode('Germany')).toBe('de');
    expect(countryCode('Allemagne')).toBe('de');
    expect(countryCode('Deutschland')).toBe('de');
    expect(countryCode('royaume-uni')).toBe('gb');
  });

  it('knows nothing of what is no country', () => {
    expect(countryCode('XX')).toBeNull();
    expect(countryCode('Bindlach')).toBeNull();
    expect(countryCode('')).toBeNull();
  });
});
