import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts.js';

const key = (value: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: value, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers,
});

describe('shortcutFor', () => {
  it('undoes with Ctrl+Z or Cmd+Z and redoes with Ctrl+Y or Ctrl+Shift+Z', () => {
    expect(shortcutFor(key('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(key('z', { metaKey: true }))).toBe('undo');
    expect(shortcutFor(key('y', { ctrlKey: true }))).toBe('redo');
    expect(shortcutFor(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(key('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
  });

  it('deletes with Delete and clears the selection with Escape, without modifiers', () => {
    expect(shortcutFor(key('Delete'))).toBe('deleteSelection');
    expect(shortcutFor(key('Escape'))).toBe('clearSelection');
    expect(shortcutFor(key('Delete', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('z'))).toBeNull();
    expect(shortcutFor(key('z', { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it('edits the selected area with E, not with a modifier', () => {
    expect(shortcutFor(key('e'))).toBe('editSelection');
    expect(shortcutFor(key('E'))).toBe('editSelection');
    expect(shortcutFor(key('E', { shiftKey: true }))).toBeNull();
    expect(shortcutFor(key('e', { ctrlKey: true }))).toBeNull();
  });
});
