/** The area being edited after creation, and how to start or stop an edit (the panels' edit entries). */
import { useSyncExternalStore } from 'react';
import type { AreaEditing, AreaEditKind } from './area-edits.js';
import { areaEditingFor } from './area-editing.js';
import { useEditorSnapshot } from './editor-context.js';

export interface AreaEditingApi {
  editing: AreaEditing | null;
  /** Whether this map's areas can be edited (an editor of a saved map): the edit entries are shown. */
  enabled: boolean;
  start(uuid: string, kind: AreaEditKind): boolean;
  stop(): void;
}

export function useAreaEditing(): AreaEditingApi {
  const { store, isVisitor } = useEditorSnapshot();
  const editing = areaEditingFor(store, !isVisitor);
  const current = useSyncExternalStore(editing.subscribe, editing.get);
  return {
    editing: current,
    enabled: editing.enabled,
    start: (uuid, kind) => editing.start(uuid, kind),
    stop: () => editing.stop(),
  };
}
