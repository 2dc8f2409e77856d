/**
 * The country a customer file names, as the lower-case ISO 3166-1 alpha-2 code the data uses: from
 * the code itself (alpha-2 or alpha-3, any case) or from the name in English, French or German
 * ("Germany", "Allemagne", "Deutschland"), accents and case aside.
 */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { placeNameKey } from '../text/place-name-key.js';

const LANGUAGES = ['en', 'fr', 'de'] as const;

let byName: Map<string, string> | undefined;

function names(): Map<string, string> {
  if (byName) return byName;
  const require = createRequire(import.meta.url);
  byName = new Map();
  for (const language of LANGUAGES) {
    const locale = require(`i18n-iso-countries/langs/${language}.json`) as { countries: Record<string, string | string[]> };
    for (const [code, name] of Object.entries(locale.countries)) {
      for (const variant of Array.isArray(name) ? name : [name]) byName.set(placeNameKey(variant), code.toLowerCase());
    }
  }
  return byName;
}

/** Lower-case alpha-2 code, or null when the text names no country this knows. */
export function countryCode(text: string): string | null {
  const trimmed = text.trim();
  // Not an ISO code, but what the United Kingdom is often called in files.
  if (/^uk$/i.test(trimmed)) return 'gb';
  if (/^[a-z]{2}$/i.test(trimmed)) return countries.isValid(trimmed.toUpperCase()) ? trimmed.toLowerCase() : null;
  if (/^[a-z]{3}$/i.test(trimmed)) {
    const alpha2 = countries.alpha3ToAlpha2(trimmed.toUpperCase());
    if (alpha2) return alpha2.toLowerCase();
  }
  return names().get(placeNameKey(trimmed)) ?? null;
}
