/**
 * A native modal <dialog> driven by React state: shown with showModal() while `open` (so the focus
 * stays inside, the page behind is inert, and the browser sets the `[open]` attribute), closed
 * when `open` turns false (the browser gives the focus back where it was). Escape (the browser
 * closes the dialog) and a press on the backdrop ask `onClose`, so the state follows the dialog.
 *
 * Spread the answer on the element: `<dialog {...useModalDialog(open, onClose)} …>`.
 */
import { useEffect, useRef, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';

interface ModalDialogOptions {
  /** Focused once the dialog is shown (else the browser's choice: the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While true, Escape and the backdrop leave the dialog open (a call it started is on its way). */
  locked?: boolean;
}

export interface ModalDialogProps {
  ref: RefObject<HTMLDialogElement | null>;
  onCancel(event: SyntheticEvent<HTMLDialogElement>): void;
  onClose(): void;
  onClick(event: MouseEvent<HTMLDialogElement>): void;
}

export function useModalDialog(open: boolean, onClose?: () => void, { initialFocus, locked = false }: ModalDialogOptions = {}): ModalDialogProps {
  const ref = useRef<HTMLDialogElement>(null);
  // What the state says now, for the close event: a close the state asked for is not asked again.
  const wanted = useRef(open);
  wanted.current = open;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      initialFocus?.current?.focus();
    }
    if (!open && element.open) element.close();
    // Follows `open` only: the element to focus is the one there when the dialog opens.
  }, [open]);

  return {
    ref,
    onCancel: (event) => { if (locked) event.preventDefault(); },
    onClose: () => { if (wanted.current) onClose?.(); },
    // A press on the backdrop lands on the <dialog> itself; one on its content lands on a child.
    onClick: (event) => { if (!locked && event.target === ref.current) onClose?.(); },
  };
}
