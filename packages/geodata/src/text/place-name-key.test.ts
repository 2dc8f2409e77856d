import { describe, expect, it } from 'vitest';
import { placeNameKey } from './place-name-key.js';

describe('placeNameKey', () => {
  it('drops accents and case', () => {
    expect(placeNameKey('Orléans')).toBe('orleans');
    expect(placeNameKey('ÎLE-DE-FRANCE')).toBe('ile de france');
  });

  it('treats hyphens, apostrophes and repeated spaces as one space', () => {
    expect(placeNameKey("L'Abergement-Clémenciat")).toBe('l abergement clemenciat');
    expect(placeNameKey('  Saint -- Étienne ')).toBe('saint etienne');
  });

  it('spells out ligatures and sharp s', () => {
    expect(placeNameKey('Œuilly')).toBe('oeuilly');
    expect(placeNameKey('Straße')).toBe('strasse');
  });

  it('keeps digits and non-Latin letters', () => {
    expect(placeNameKey('75011')).toBe('75011');
    expect(placeNameKey('Москва')).toBe('москва');
  });

  it('gives an empty key for punctuation only', () => {
    expect(placeNameKey(' -- ')).toBe('');
  });
});
