/**
 * A text to copy (a link, an embed code) shown read-only beside its Copy button. A click in the
 * text selects it all, for those who copy with the keyboard or where the clipboard is refused.
 */
import { useRef } from 'react';
import { CopyButton } from '../app/copy-button.js';

interface CopyableTextProps {
  text: string;
  /** Names the text for screen readers ("Link to this map"). */
  label: string;
  /** What the Copy button copies, for screen readers. */
  copyLabel: string;
  /** Shows the text over several lines (code) rather than on one (a link). */
  multiline?: boolean;
  testId: string;
}

export function CopyableText({ text, label, copyLabel, multiline = false, testId }: CopyableTextProps) {
  const shown = useRef<HTMLElement>(null);
  const selectAll = () => { if (shown.current) window.getSelection()?.selectAllChildren(shown.current); };
  return (
    <div className={multiline ? 'copyable copyable-multiline' : 'copyable'}>
      <code ref={shown} className="copyable-text" role="textbox" aria-readonly="true" aria-label={label} tabIndex={0}
        data-testid={testId} onClick={selectAll} onFocus={selectAll}>{text}</code>
      <CopyButton text={text} selectOnFailure={shown} label={copyLabel} testId={`${testId}-copy`} />
    </div>
  );
}
