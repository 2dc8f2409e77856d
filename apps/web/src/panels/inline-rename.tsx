/** A label edited in place: Enter or leaving the field saves, Escape cancels. */
import { useEffect, useRef, useState } from 'react';

interface InlineRenameProps {
  value: string;
  label: string;
  onSave(value: string): void;
  onDone(): void;
}

export function InlineRename({ value, label, onSave, onDone }: InlineRenameProps) {
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const finished = useRef(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const finish = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    const trimmed = text.trim();
    if (save && trimmed && trimmed !== value) onSave(trimmed);
    onDone();
  };

  return (
    <input
      ref={input}
      type="text"
      className="inline-rename"
      aria-label={label}
      value={text}
      maxLength={200}
      data-testid="rename-input"
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}
