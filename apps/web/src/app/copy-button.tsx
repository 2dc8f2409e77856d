/**
 * A button that copies a text to the clipboard and says so on itself for a moment ("Copied").
 * Where the browser refuses (no clipboard on a page served without HTTPS, permission denied), it
 * selects the text shown in `selectOnFailure` instead and says to copy it with the keyboard.
 */
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** How long "Copied" stays on the button before it offers to copy again. */
const FEEDBACK_MS = 2_000;

interface CopyButtonProps {
  text: string;
  /** The element that shows the text, selected when the clipboard refuses. */
  selectOnFailure?: RefObject<HTMLElement | null>;
  /** What the button copies, for screen readers ("Copy the demo key"); its visible label is "Copy". */
  label?: string;
  testId?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

export function CopyButton({ text, selectOnFailure, label, testId }: CopyButtonProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      const element = selectOnFailure?.current;
      if (element) window.getSelection()?.selectAllChildren(element);
      setState('failed');
    }
  };

  return (
    <span className="copy-button">
      <button type="button" className="button button-small" aria-label={state === 'idle' ? label : undefined}
        data-testid={testId} data-state={state} onClick={() => void copy()}>
        {state === 'copied' ? `✓ ${t('app.copied')}` : t('app.copy')}
      </button>
      <span className="copy-button-status" role="status">
        {state === 'failed' && t('app.copyFailed')}
        {state === 'copied' && <span className="visually-hidden">{t('app.copied')}</span>}
      </span>
    </span>
  );
}
