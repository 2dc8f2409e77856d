/**
 * Closes a popup (the account menu, the phone header's menu) the way users expect: Escape closes it
 * and gives the focus back to the button that opened it; a press outside it closes it and leaves
 * the focus where the press put it.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useDismiss(open: boolean, close: () => void, root: RefObject<HTMLElement | null>, button: RefObject<HTMLElement | null>): void {
  const latestClose = useRef(close);
  latestClose.current = close;
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) latestClose.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Taken before the page's own Escape (the editor's "clear the selection") sees it.
      event.preventDefault();
      latestClose.current();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open, root, button]);
}
