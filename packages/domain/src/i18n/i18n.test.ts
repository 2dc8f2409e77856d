import { describe, expect, it } from 'vitest';
import { en, fr, localeFromAcceptLanguage, translate } from './index.js';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));
}

describe('i18n catalogues', () => {
  it('has the same keys in English and French', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });
  it('translates the terms-of-use message both ways', () => {
    expect(translate('en', 'validation.acceptTerms')).toBe('You must accept CGU.');
    expect(translate('fr', 'validation.acceptTerms')).toBe('Vous devez accepter les CGU.');
    expect(translate('fr', 'not.a.key')).toBe('not.a.key');
  });
  it('reads Accept-Language', () => {
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(localeFromAcceptLanguage('de-DE,en;q=0.5,fr;q=0.4')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });
});
