import type { Locale } from '../enums.js';
import { en } from './en.js';
import { fr } from './fr.js';

export { en, fr };
export type { Catalogue } from './en.js';

export const catalogues = { en, fr } as const;

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Whether a string is a key of the catalogue (messages of shared schemas are keys). */
export function isMessageKey(key: string): boolean {
  return lookup(en, key) !== undefined;
}

/** Translates a catalogue key, filling {{name}} placeholders; unknown keys come back unchanged. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(catalogues[locale], key) ?? lookup(en, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Picks en or fr from an Accept-Language header (first supported language wins). */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return 'en';
  const ranked = header.split(',').map((part) => {
    const [tag = '', q] = part.trim().split(';q=');
    return { lang: tag.slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q) };
  }).sort((a, b) => b.q - a.q);
  const found = ranked.find((r) => r.lang === 'en' || r.lang === 'fr');
  return (found?.lang as Locale | undefined) ?? 'en';
}
