/**
 * Which layout the screen gets. Phones (up to 600 px wide) have a one-row header with a menu and
 * the map over the whole screen, the panels opening as a bottom sheet; tablets (601–1024 px) a
 * narrower sidebar; wider screens the full sidebar. The same widths are in styles/small-screens.css.
 */
import { useSyncExternalStore } from 'react';

export const PHONE_LAYOUT_QUERY = '(max-width: 600px)';

/** Whether a CSS media query matches now; the component renders again when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_LAYOUT_QUERY);
}
