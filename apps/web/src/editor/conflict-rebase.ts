/**
 * After a save refused for a stale version (409), the user's pending changes are put on top of what
 * the server has now, instead of being thrown away with a reload. Each pending change is re-applied
 * where it still makes sense: what the other user deleted cannot be renamed, moved or filled any
 * more (the change is lost, and the user told); what is already there (an area posted before the
 * refused call) or already gone (an area removed twice) needs no new save. rebaseChanges is that
 * mechanism for any versioned state (a map's areas and layers here, its business searches and
 * datasets through rebased-write.ts), given how one change of it is rebased and applied.
 * Pure: the caller applies the result and saves the changes kept.
 */
import type { Area } from '@catchment/domain';
import { applyCommand, type AreaChange, type AreaFields, type EditorCommand, type FolderFields } from './commands.js';
import { findArea, findFolder, type EditorState } from './editor-state.js';

/** A change as it applies to the server's state now; 'done' when nothing is left to do, 'lost' when it cannot apply. */
export type RebaseOutcome<Change> = Change | 'done' | 'lost';

export interface RebaseRules<State, Change> {
  rebaseOne(state: State, change: Change): RebaseOutcome<Change>;
  apply(state: State, change: Change): State;
}

export interface RebasedChanges<State, Change> {
  /** The server's state with the changes kept applied. */
  state: State;
  /** The changes to save, in order, as they apply to the server's state (each may be a trimmed copy of the user's). */
  kept: { original: Change; command: Change }[];
  /** The user's changes that no longer apply: what they changed was deleted meanwhile. */
  lost: Change[];
}

/** Puts `changes`, in order, on top of `fresh` (the server's state now). */
export function rebaseChanges<State, Change>(fresh: State, changes: readonly Change[], rules: RebaseRules<State, Change>): RebasedChanges<State, Change> {
  let state = fresh;
  const kept: RebasedChanges<State, Change>['kept'] = [];
  const lost: Change[] = [];
  for (const original of changes) {
    const outcome = rules.rebaseOne(state, original);
    if (outcome === 'lost') {
      lost.push(original);
    } else if (outcome !== 'done') {
      kept.push({ original, command: outcome as Change });
      state = rules.apply(state, outcome as Change);
    }
  }
  return { state, kept, lost };
}

/** The map's areas and layers: the server's map with the commands kept applied, the user's selection kept where it still exists. */
export type Rebased = RebasedChanges<EditorState, EditorCommand>;

const editorRules: RebaseRules<EditorState, EditorCommand> = { rebaseOne, apply: applyCommand };

/** Puts `commands`, in order, on top of `fresh` (the server's map now); `selected` is the user's selection. */
export function rebaseCommands(fresh: EditorState, commands: readonly EditorCommand[], selected: readonly string[] = []): Rebased {
  const { state, kept, lost } = rebaseChanges(fresh, commands, editorRules);
  const present = selected.filter((uuid) => findArea(state, uuid) !== null);
  return { state: { ...state, selected: present }, kept, lost };
}

/** The command as it applies to `state`; 'done' when there is nothing left to do, 'lost' when it cannot apply. */
function rebaseOne(state: EditorState, command: EditorCommand): RebaseOutcome<EditorCommand> {
  switch (command.type) {
    case 'addFolder':
      return findFolder(state, command.folder.uuid) ? 'done' : command;
    case 'removeFolder':
      return findFolder(state, command.folder.uuid) ? command : 'done';
    case 'updateFolder': {
      const folder = findFolder(state, command.uuid);
      return folder ? { ...command, before: pickFields(folder, command.after) } : 'lost';
    }
    case 'moveFolder':
      return findFolder(state, command.uuid) ? command : 'lost';
    case 'addAreas': {
      if (command.entries.some((entry) => !findFolder(state, entry.folderUuid))) return 'lost';
      const entries = command.entries.filter((entry) => !findArea(state, entry.area.uuid));
      return entries.length > 0 ? { ...command, entries } : 'done';
    }
    case 'removeAreas': {
      const entries = command.entries.filter((entry) => findArea(state, entry.area.uuid));
      return entries.length > 0 ? { ...command, entries } : 'done';
    }
    case 'updateAreas': {
      const changes: AreaChange[] = [];
      for (const change of command.changes) {
        const area = findArea(state, change.uuid);
        if (!area) return 'lost';
        changes.push({ ...change, before: pickFields(area, change.after) });
      }
      return { ...command, changes };
    }
    case 'moveArea':
      return findArea(state, command.uuid) && findFolder(state, command.to.folderUuid) ? command : 'lost';
    case 'batch': {
      // One user action (a merge, a subtraction) is kept whole or not at all.
      let inner = state;
      const commands: EditorCommand[] = [];
      for (const part of command.commands) {
        const outcome = rebaseOne(inner, part);
        if (outcome === 'lost') return 'lost';
        if (outcome === 'done') continue;
        commands.push(outcome);
        inner = applyCommand(inner, outcome);
      }
      return commands.length > 0 ? { ...command, commands } : 'done';
    }
  }
}

/** The current values of the fields a change sets: undoing it then restores what the other user left. */
function pickFields<T extends Partial<AreaFields> | Partial<FolderFields>>(item: Area | FolderFields, after: T): T {
  const before: Record<string, unknown> = {};
  for (const key of Object.keys(after)) before[key] = (item as unknown as Record<string, unknown>)[key];
  return before as T;
}
