/**
 * Keyboard shortcuts of the editor (SPEC §4): Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes (Cmd on
 * a Mac), Delete removes the selected areas, Escape clears the selection. Keys typed into a field
 * belong to that field.
 */
import { useEffect } from 'react';
import { removeAreasCommand } from './command-builders.js';
import { useEditorSnapshot } from './editor-context.js';

export type ShortcutAction = 'undo' | 'redo' | 'deleteSelection' | 'clearSelection';

interface KeyLike { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }

/** Which editor action a key press asks for, if any. */
export function shortcutFor(event: KeyLike): ShortcutAction | null {
  const key = event.key.toLowerCase();
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey) {
    if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && !event.shiftKey) return 'redo';
    return null;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (key === 'delete') return 'deleteSelection';
  if (key === 'escape') return 'clearSelection';
  return null;
}

/** Whether the key press goes to something the user types into. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'color', 'range', 'submit', 'reset'].includes(type);
}

export function useEditorShortcuts(): void {
  const { store } = useEditorSnapshot();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      const action = shortcutFor(event);
      if (!action) return;
      const { state } = store.getSnapshot();
      switch (action) {
        case 'undo':
          event.preventDefault();
          store.undo();
          break;
        case 'redo':
          event.preventDefault();
          store.redo();
          break;
        case 'deleteSelection': {
          const command = removeAreasCommand(state, state.selected);
          if (command && store.canEdit) {
            event.preventDefault();
            store.dispatch(command);
          }
          break;
        }
        case 'clearSelection':
          if (state.selected.length > 0) store.select([]);
          break;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}
