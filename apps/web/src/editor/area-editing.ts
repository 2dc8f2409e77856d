/**
 * Which area is being edited after creation, and how: its outline on the map, or its recipe in the
 * create-area panel. One area at a time; an area that goes away (undone, deleted) stops being
 * edited. Who may edit is decided once: editors of a saved map, not read-only readers, not
 * visitors drawing without an account.
 */
import { canEdit as allowsEdit, type AreaEditing, type AreaEditKind } from './area-edits.js';
import { findArea } from './editor-state.js';
import type { EditorStore } from './editor-store.js';

export class AreaEditingStore {
  private current: AreaEditing | null = null;
  private readonly listeners = new Set<() => void>();

  /** Lives as long as its editor store (it listens to it for the rest of the store's life). */
  constructor(private readonly editor: EditorStore, private readonly allowed: boolean) {
    editor.subscribe(() => {
      if (this.current && !findArea(editor.getSnapshot().state, this.current.uuid)) this.set(null);
    });
  }

  readonly get = (): AreaEditing | null => this.current;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Whether areas of this map can be edited at all (the edit entries are shown). */
  get enabled(): boolean {
    return this.allowed && this.editor.canEdit;
  }

  /** Starts editing an area's outline or recipe, ending any other edit; false when the area does not allow it. */
  start(uuid: string, kind: AreaEditKind): boolean {
    const area = findArea(this.editor.getSnapshot().state, uuid);
    if (!this.enabled || !area || !allowsEdit(area, kind)) return false;
    if (this.current?.uuid !== uuid || this.current.kind !== kind) this.set({ uuid, kind });
    return true;
  }

  stop(): void {
    this.set(null);
  }

  private set(editing: AreaEditing | null): void {
    if (this.current === editing) return;
    this.current = editing;
    for (const listener of this.listeners) listener();
  }
}

const editingStores = new WeakMap<EditorStore, AreaEditingStore>();

/** The editing store of an editor store, made once (`allowed` is fixed for a store: a visitor's stays a visitor's). */
export function areaEditingFor(editor: EditorStore, allowed: boolean): AreaEditingStore {
  let editing = editingStores.get(editor);
  if (!editing) {
    editing = new AreaEditingStore(editor, allowed);
    editingStores.set(editor, editing);
  }
  return editing;
}
