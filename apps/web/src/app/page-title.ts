/** Sets the document title of a page ("Login · Catchment"), following the language. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function usePageTitle(titleKey: string, detail?: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const parts = [detail, t(titleKey), t('app.name')].filter((part): part is string => !!part);
    document.title = [...new Set(parts)].join(' · ');
  }, [t, i18n.language, titleKey, detail]);
}

/**
 * Keeps a page out of search engines while it is shown (SPEC §2: the password and verification
 * pages are not indexed): a robots meta tag, removed when the page goes.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}
