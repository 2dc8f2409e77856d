/**
 * i18next set up with the domain catalogues (validation.*, errors.*) and the web app's own texts.
 * The language comes from detectLocale(); the switch in the header calls setLocale(), which saves
 * the choice, updates <html lang> and what the API client sends as Accept-Language.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { catalogues as domainCatalogues, type Locale } from '@catchment/domain';
import { en } from './en.js';
import { fr } from './fr.js';
import { detectLocale, isLocale } from './detect-locale.js';
import { setCurrentLocale } from './locale-state.js';

export const LOCALE_STORAGE_KEY = 'catchment.locale';

const webCatalogues = { en, fr } as const;

function readSavedLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function applyLocale(locale: Locale): void {
  setCurrentLocale(locale);
  document.documentElement.lang = locale;
}

export function initI18n(): typeof i18next {
  const locale = detectLocale({
    host: window.location.hostname,
    saved: readSavedLocale(),
    browserLanguages: navigator.languages ?? [navigator.language],
  });
  applyLocale(locale);
  void i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr'],
    resources: {
      en: { translation: { ...domainCatalogues.en, ...webCatalogues.en } },
      fr: { translation: { ...domainCatalogues.fr, ...webCatalogues.fr } },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18next;
}

export async function setLocale(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private browsing may forbid storage: the choice then lasts for this page only.
  }
  applyLocale(locale);
  await i18next.changeLanguage(locale);
}

/** The language shown now; re-renders when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'en';
}
