import { describe, expect, it } from 'vitest';
import { countryName, countryOptions, defaultCountry } from './countries.js';

describe('countryOptions', () => {
  it('names every country in the language, sorted for it', () => {
    const french = countryOptions('fr');
    expect(french.find((option) => option.code === 'DE')?.name).toBe('Allemagne');
    const names = french.map((option) => option.name);
    expect(names.indexOf('Égypte')).toBeLessThan(names.indexOf('Espagne'));
    expect(countryOptions('en').find((option) => option.code === 'DE')?.name).toBe('Germany');
    expect(new Set(french.map((option) => option.code)).size).toBe(french.length);
  });
});

describe('countryName', () => {
  it('names a code and shows older free text as it was typed', () => {
    expect(countryName('fr', 'en')).toBe('France');
    expect(countryName('GB', 'fr')).toBe('Royaume-Uni');
    expect(countryName('Bretagne', 'fr')).toBe('Bretagne');
    expect(countryName(null, 'fr')).toBeNull();
  });
});

describe('defaultCountry', () => {
  it('takes the browser region, else the language’s country', () => {
    expect(defaultCountry(['fr-BE', 'fr'], 'fr')).toBe('BE');
    expect(defaultCountry(['zh-Hant-TW'], 'en')).toBe('TW');
    expect(defaultCountry(['fr'], 'fr')).toBe('FR');
    expect(defaultCountry(['en'], 'en')).toBe('US');
  });
});
