/**
 * Undo/redo stacks (SPEC §4). Each step is a group of commands: consecutive mergeable commands of
 * the same name and targets join the group on top, so they are undone together. A new command
 * clears the redo stack. Immutable: every operation returns a new history.
 */
import { commandName, commandTargets, isMergeable, type EditorCommand } from './commands.js';

export interface History {
  /** Oldest first; each group holds its commands in the order they were done. */
  undo: EditorCommand[][];
  redo: EditorCommand[][];
}

export const EMPTY_HISTORY: History = { undo: [], redo: [] };

function mergeKey(command: EditorCommand): string {
  return `${commandName(command)}:${commandTargets(command).join(',')}`;
}

function joinsGroup(group: EditorCommand[] | undefined, command: EditorCommand): boolean {
  const last = group?.[group.length - 1];
  return !!last && isMergeable(command) && isMergeable(last) && mergeKey(last) === mergeKey(command);
}

export function pushCommand(history: History, command: EditorCommand): History {
  const top = history.undo[history.undo.length - 1];
  if (joinsGroup(top, command)) {
    return { undo: [...history.undo.slice(0, -1), [...top!, command]], redo: [] };
  }
  return { undo: [...history.undo, [command]], redo: [] };
}

/** The step to undo (its commands, most recent last) and the history once it is undone; null when empty. */
export function takeUndo(history: History): { group: EditorCommand[]; history: History } | null {
  const group = history.undo[history.undo.length - 1];
  if (!group) return null;
  return { group, history: { undo: history.undo.slice(0, -1), redo: [...history.redo, group] } };
}

/** The step to redo (its commands in the order to apply them) and the history once it is redone. */
export function takeRedo(history: History): { group: EditorCommand[]; history: History } | null {
  const group = history.redo[history.redo.length - 1];
  if (!group) return null;
  return { group, history: { undo: [...history.undo, group], redo: history.redo.slice(0, -1) } };
}

/** Drops commands that never took effect (their save was refused and they were rolled back). */
export function forgetCommands(history: History, commands: ReadonlySet<EditorCommand>): History {
  const keep = (groups: EditorCommand[][]) => groups
    .map((group) => group.filter((command) => !commands.has(command)))
    .filter((group) => group.length > 0);
  return { undo: keep(history.undo), redo: keep(history.redo) };
}

export function canUndo(history: History): boolean {
  return history.undo.length > 0;
}

export function canRedo(history: History): boolean {
  return history.redo.length > 0;
}
