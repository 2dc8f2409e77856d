/**
 * Keyboard shortcuts of the editor (SPEC §4): Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes (Cmd on
 * a Mac), Delete removes the selected areas, Escape clears the selection, E edits the selected area
 * (its recipe, else its outline). Keys typed into a field belong to that field; while an outline is
 * reshaped on the map, keys belong to that (Enter saves it, Escape cancels it).
 */
import { useEffect } from 'react';
import { defaultEdit } from './area-edits.js';
import { areaEditingFor } from './area-editing.js';
import { removeAreasCommand } from './command-builders.js';
import { useEditorSnapshot } from './editor-context.js';
import { findArea } from './editor-state.js';

export type ShortcutAction = 'undo' | 'redo' | 'deleteSelection' | 'clearSelection' | 'editSelection';

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
  if (key === 'e' && !event.shiftKey) return 'editSelection';
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
  const { store, isVisitor } = useEditorSnapshot();
  useEffect(() => {
    const editing = areaEditingFor(store, !isVisitor);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      const action = shortcutFor(event);
      if (!action || editing.get()?.kind === 'shape') return;
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
        case 'editSelection': {
          const area = state.selected.length === 1 ? findArea(state, state.selected[0]!) : null;
          const kind = area && defaultEdit(area);
          if (kind && editing.start(area.uuid, kind)) event.preventDefault();
          break;
        }
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store, isVisitor]);
}
