/**
 * Which language to show (SPEC §3: locale detected by host): a French host wins, then the
 * user's saved choice, then the browser's languages, then English.
 */
import { LOCALES, type Locale } from '@catchment/domain';

export interface LocaleSources {
  /** window.location.hostname */
  host: string;
  /** The choice saved by the locale switch, if any. */
  saved: string | null;
  /** navigator.languages (most preferred first). */
  browserLanguages: readonly string[];
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A host such as fr.example.com or example.fr serves the French site. */
export function localeFromHost(host: string): Locale | null {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name.startsWith('fr.') || name.endsWith('.fr') ? 'fr' : null;
}

/** The first browser language we support, by its primary subtag (fr-CA → fr). */
export function localeFromBrowser(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const primary = language.split('-')[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return null;
}

export function detectLocale({ host, saved, browserLanguages }: LocaleSources): Locale {
  return localeFromHost(host) ?? (isLocale(saved) ? saved : null) ?? localeFromBrowser(browserLanguages) ?? 'en';
}
