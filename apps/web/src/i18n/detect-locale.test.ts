import { describe, expect, it } from 'vitest';
import { detectLocale, localeFromBrowser, localeFromHost } from './detect-locale.js';

describe('localeFromHost', () => {
  it('recognises French hosts by prefix or top-level domain', () => {
    expect(localeFromHost('fr.catchment.example')).toBe('fr');
    expect(localeFromHost('catchment.fr')).toBe('fr');
    expect(localeFromHost('FR.Catchment.Example')).toBe('fr');
    expect(localeFromHost('catchment.fr.')).toBe('fr');
  });

  it('does not take a French-looking word inside a host for a French host', () => {
    expect(localeFromHost('localhost')).toBeNull();
    expect(localeFromHost('france.example.com')).toBeNull();
    expect(localeFromHost('example.fred.com')).toBeNull();
    expect(localeFromHost('frontend.example.com')).toBeNull();
  });
});

describe('localeFromBrowser', () => {
  it('takes the first supported language by its primary subtag', () => {
    expect(localeFromBrowser(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(localeFromBrowser(['en-GB'])).toBe('en');
    expect(localeFromBrowser(['de', 'it'])).toBeNull();
    expect(localeFromBrowser([])).toBeNull();
  });
});

describe('detectLocale', () => {
  it('prefers a French host over a saved English choice', () => {
    expect(detectLocale({ host: 'fr.example.com', saved: 'en', browserLanguages: ['en-US'] })).toBe('fr');
  });

  it('uses the saved choice before the browser languages', () => {
    expect(detectLocale({ host: 'localhost', saved: 'fr', browserLanguages: ['en-US'] })).toBe('fr');
    expect(detectLocale({ host: 'localhost', saved: 'en', browserLanguages: ['fr-FR'] })).toBe('en');
  });

  it('ignores an unknown saved value and falls back to the browser, then English', () => {
    expect(detectLocale({ host: 'localhost', saved: 'de', browserLanguages: ['fr-FR'] })).toBe('fr');
    expect(detectLocale({ host: 'localhost', saved: null, browserLanguages: ['es-ES'] })).toBe('en');
  });
});
