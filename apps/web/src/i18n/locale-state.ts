/**
 * The locale in use, readable outside React (the API client sends it as Accept-Language).
 * The i18n setup keeps it in sync with i18next.
 */
import type { Locale } from '@catchment/domain';

let locale: Locale = 'en';

export function currentLocale(): Locale {
  return locale;
}

export function setCurrentLocale(next: Locale): void {
  locale = next;
}
