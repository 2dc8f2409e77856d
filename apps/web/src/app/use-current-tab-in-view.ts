/**
 * Keeps the current entry of a row of tabs in view when the row is wider than the screen (French
 * labels on a phone, the profile's pages): only the row scrolls, never the page. Runs when the
 * page or the language changes.
 */
import { useLayoutEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

export function useCurrentTabInView(row: RefObject<HTMLElement | null>, currentSelector: string): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  useLayoutEffect(() => {
    const element = row.current;
    const current = element?.querySelector<HTMLElement>(currentSelector);
    if (!element || !current) return;
    const start = current.getBoundingClientRect().left - element.getBoundingClientRect().left + element.scrollLeft;
    const end = start + current.getBoundingClientRect().width;
    if (start < element.scrollLeft) element.scrollLeft = start;
    else if (end > element.scrollLeft + element.clientWidth) element.scrollLeft = end - element.clientWidth;
  }, [pathname, t, row, currentSelector]);
}
