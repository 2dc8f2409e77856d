/**
 * After a save refused for a stale version (409), the user's pending changes are put on top of the
 * map as the server has it now, instead of being thrown away with a reload. Each pending command is
 * re-applied where it still makes sense: what the other user deleted cannot be renamed, moved or
 * filled with areas any more (the command is lost, and the user told); what is already there (an
 * area posted before the refused call) or already gone (an area removed twice) needs no new save.
 * Pure: the store applies the result and saves the commands kept.
 */
import type { Area } from '@catchment/domain';
import { applyCommand, type AreaChange, type AreaFields, type EditorCommand, type FolderFields } from './commands.js';
import { findArea, findFolder, type EditorState } from './editor-state.js';

export interface Rebased {
  /** The server's map with the commands kept applied, the user's selection kept where it still exists. */
  state: EditorState;
  /** The commands to save, in order, as they apply to the server's map (each may be a trimmed copy of the user's). */
  kept: { original: EditorCommand; command: EditorCommand }[];
  /** The user's commands that no longer apply: what they changed was deleted meanwhile. */
  lost: EditorCommand[];
}

/** Puts `commands`, in order, on top of `fresh` (the server's map now); `selected` is the user's selection. */
export function rebaseCommands(fresh: EditorState, commands: readonly EditorCommand[], selected: readonly string[] = []): Rebased {
  let state = fresh;
  const kept: Rebased['kept'] = [];
  const lost: EditorCommand[] = [];
  for (const original of commands) {
    const outcome = rebaseOne(state, original);
    if (outcome === 'lost') {
      lost.push(original);
    } else if (outcome !== 'done') {
      kept.push({ original, command: outcome });
      state = applyCommand(state, outcome);
    }
  }
  const present = selected.filter((uuid) => findArea(state, uuid) !== null);
  return { state: { ...state, selected: present }, kept, lost };
}

/** The command as it applies to `state`; 'done' when there is nothing left to do, 'lost' when it cannot apply. */
function rebaseOne(state: EditorState, command: EditorCommand): EditorCommand | 'done' | 'lost' {
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
