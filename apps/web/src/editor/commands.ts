/**
 * Every edit of a map is a command: plain data describing a diff. The same command is applied to
 * the editor state (applyCommand), inverted for undo (invertCommand), turned into API calls for
 * autosave (to-requests.ts) and named for the undo toast. Commands carry everything their inverse
 * needs (removed items keep their folder and index), so undo restores things in place.
 */
import type { Area } from '@catchment/domain';
import type { EditorFolder, EditorState } from './editor-state.js';

export interface FolderFields { label: string; closed: boolean; active: boolean }
/**
 * Area fields an edit may change (the fields the API's area PATCH accepts): how it looks, and how
 * it is made (mode, centre or starts, direction, radius, travel mode, value), which the server recomputes it from.
 */
export type AreaFields = Pick<Area,
  'label' | 'color' | 'hide' | 'geometry' | 'isoMode' | 'transportMode' | 'operation' | 'startPoint' | 'startPoints' | 'direction' | 'startAddress'
  | 'distance' | 'duration' | 'departureDate'>;

/** An area and where it sits: index in its folder after insertion, or before removal. */
export interface AreaEntry { folderUuid: string; index: number; area: Area }
export interface AreaChange { uuid: string; before: Partial<AreaFields>; after: Partial<AreaFields> }
export interface AreaPlace { folderUuid: string; index: number }

export type EditorCommand =
  /**
   * An active new folder becomes the only active one; `previousActive` is the folder that was
   * active before, which the inverse (removing the folder) makes active again.
   */
  | { type: 'addFolder'; folder: EditorFolder; index: number; previousActive?: string | null }
  /** `previousActive`: a folder to make active once this one is gone (undoing an active folder's creation). */
  | { type: 'removeFolder'; folder: EditorFolder; index: number; previousActive?: string | null }
  | { type: 'updateFolder'; uuid: string; before: Partial<FolderFields>; after: Partial<FolderFields> }
  /** toIndex is the folder's index once moved. */
  | { type: 'moveFolder'; uuid: string; fromIndex: number; toIndex: number }
  /** Entries are inserted in ascending index order, so each index is the area's final place. */
  | { type: 'addAreas'; entries: AreaEntry[] }
  | { type: 'removeAreas'; entries: AreaEntry[] }
  | { type: 'updateAreas'; changes: AreaChange[] }
  /** to.index is the area's index in the target folder once moved. */
  | { type: 'moveArea'; uuid: string; from: AreaPlace; to: AreaPlace }
  /** Several commands done and undone as one (e.g. a merge: add the result, hide the sources). */
  | { type: 'batch'; name: CommandName; commands: EditorCommand[] };

export type CommandName =
  | 'addFolder' | 'removeFolder' | 'renameFolder' | 'toggleFolder' | 'activateFolder' | 'updateFolder' | 'moveFolder'
  | 'addAreas' | 'removeAreas' | 'renameAreas' | 'recolorAreas' | 'toggleAreas' | 'reshapeAreas' | 'updateAreas'
  | 'moveArea' | 'mergeAreas' | 'subtractAreas' | 'intersectAreas';

const MERGEABLE_NAMES: ReadonlySet<CommandName> = new Set(['renameFolder', 'renameAreas', 'recolorAreas', 'toggleAreas']);

function onlyKey(fields: object): string | null {
  const keys = Object.keys(fields);
  return keys.length === 1 ? keys[0]! : null;
}

/** What the command does, in one word: the undo toast's text and the history's merge key. */
export function commandName(command: EditorCommand): CommandName {
  switch (command.type) {
    case 'updateFolder': {
      const key = onlyKey(command.after);
      if (key === 'label') return 'renameFolder';
      if (key === 'closed') return 'toggleFolder';
      if (key === 'active') return 'activateFolder';
      return 'updateFolder';
    }
    case 'updateAreas': {
      const keys = new Set(command.changes.flatMap((change) => Object.keys(change.after)));
      if (keys.size !== 1) return 'updateAreas';
      const [key] = keys;
      if (key === 'label') return 'renameAreas';
      if (key === 'color') return 'recolorAreas';
      if (key === 'hide') return 'toggleAreas';
      if (key === 'geometry') return 'reshapeAreas';
      return 'updateAreas';
    }
    case 'batch':
      return command.name;
    default:
      return command.type;
  }
}

/** Uuids the command acts on, sorted: two mergeable commands merge only when they act on the same things. */
export function commandTargets(command: EditorCommand): string[] {
  switch (command.type) {
    case 'addFolder':
    case 'removeFolder':
      return [command.folder.uuid];
    case 'updateFolder':
    case 'moveFolder':
    case 'moveArea':
      return [command.uuid];
    case 'addAreas':
    case 'removeAreas':
      return command.entries.map((entry) => entry.area.uuid).sort();
    case 'updateAreas':
      return command.changes.map((change) => change.uuid).sort();
    case 'batch':
      return [...new Set(command.commands.flatMap(commandTargets))].sort();
  }
}

/** Successive mergeable commands of the same name and targets are undone together (SPEC §4). */
export function isMergeable(command: EditorCommand): boolean {
  return MERGEABLE_NAMES.has(commandName(command));
}

/**
 * Opening, closing and activating a layer are saved but are not edits worth an undo step or a toast.
 */
export function recordsHistory(command: EditorCommand): boolean {
  if (command.type !== 'updateFolder') return true;
  return Object.keys(command.after).some((key) => key === 'label');
}

/** How many areas a command is about (for "3 areas deleted"). */
export function commandAreaCount(command: EditorCommand): number {
  switch (command.type) {
    case 'addAreas':
    case 'removeAreas':
      return command.entries.length;
    case 'updateAreas':
      return command.changes.length;
    case 'removeFolder':
      return command.folder.areas.length;
    case 'moveArea':
      return 1;
    case 'batch':
      return Math.max(0, ...command.commands.map(commandAreaCount));
    default:
      return 0;
  }
}

export function invertCommand(command: EditorCommand): EditorCommand {
  switch (command.type) {
    case 'addFolder':
      return { type: 'removeFolder', folder: command.folder, index: command.index, previousActive: command.previousActive };
    case 'removeFolder':
      return { type: 'addFolder', folder: command.folder, index: command.index, previousActive: command.previousActive };
    case 'updateFolder':
      return { type: 'updateFolder', uuid: command.uuid, before: command.after, after: command.before };
    case 'moveFolder':
      return { type: 'moveFolder', uuid: command.uuid, fromIndex: command.toIndex, toIndex: command.fromIndex };
    case 'addAreas':
      return { type: 'removeAreas', entries: command.entries };
    case 'removeAreas':
      return { type: 'addAreas', entries: command.entries };
    case 'updateAreas':
      return {
        type: 'updateAreas',
        changes: command.changes.map((change) => ({ uuid: change.uuid, before: change.after, after: change.before })),
      };
    case 'moveArea':
      return { type: 'moveArea', uuid: command.uuid, from: command.to, to: command.from };
    case 'batch':
      return { type: 'batch', name: command.name, commands: command.commands.map(invertCommand).reverse() };
  }
}

function insertAt<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = [...items];
  copy.splice(Math.max(0, Math.min(index, copy.length)), 0, item);
  return copy;
}

function withFolders(state: EditorState, folders: EditorFolder[]): EditorState {
  const present = new Set(folders.flatMap((folder) => folder.areas.map((area) => area.uuid)));
  const selected = state.selected.filter((uuid) => present.has(uuid));
  return { folders, selected: selected.length === state.selected.length ? state.selected : selected };
}

/** The layer marked active is the only one: activating one deactivates the others, as the server does. */
function activateOnly(folders: EditorFolder[], uuid: string): EditorFolder[] {
  return folders.map((folder) => (folder.uuid === uuid || !folder.active ? folder : { ...folder, active: false }));
}

function mapArea(folders: EditorFolder[], uuid: string, change: (area: Area) => Area): EditorFolder[] {
  return folders.map((folder) => {
    const index = folder.areas.findIndex((area) => area.uuid === uuid);
    if (index < 0) return folder;
    const areas = [...folder.areas];
    areas[index] = change(areas[index]!);
    return { ...folder, areas };
  });
}

/** The state after the command. Never mutates its input; unknown targets are left alone. */
export function applyCommand(state: EditorState, command: EditorCommand): EditorState {
  switch (command.type) {
    case 'addFolder': {
      if (state.folders.some((folder) => folder.uuid === command.folder.uuid)) return state;
      let folders = insertAt(state.folders, command.index, command.folder);
      if (command.folder.active) folders = activateOnly(folders, command.folder.uuid);
      return withFolders(state, folders);
    }
    case 'removeFolder': {
      let folders = state.folders.filter((folder) => folder.uuid !== command.folder.uuid);
      if (command.previousActive) {
        folders = folders.map((folder) => (folder.uuid === command.previousActive ? { ...folder, active: true } : folder));
      }
      return withFolders(state, folders);
    }
    case 'updateFolder': {
      let folders = state.folders.map((folder) => (folder.uuid === command.uuid ? { ...folder, ...command.after } : folder));
      if (command.after.active) folders = activateOnly(folders, command.uuid);
      return withFolders(state, folders);
    }
    case 'moveFolder': {
      const moving = state.folders.find((folder) => folder.uuid === command.uuid);
      if (!moving) return state;
      const rest = state.folders.filter((folder) => folder.uuid !== command.uuid);
      return withFolders(state, insertAt(rest, command.toIndex, moving));
    }
    case 'addAreas': {
      const entries = [...command.entries].sort((a, b) => a.index - b.index);
      let folders = state.folders;
      for (const entry of entries) {
        folders = folders.map((folder) => (folder.uuid === entry.folderUuid
          ? { ...folder, areas: insertAt(folder.areas, entry.index, entry.area) }
          : folder));
      }
      return withFolders(state, folders);
    }
    case 'removeAreas': {
      const removed = new Set(command.entries.map((entry) => entry.area.uuid));
      const folders = state.folders.map((folder) => (folder.areas.some((area) => removed.has(area.uuid))
        ? { ...folder, areas: folder.areas.filter((area) => !removed.has(area.uuid)) }
        : folder));
      return withFolders(state, folders);
    }
    case 'updateAreas': {
      let folders = state.folders;
      for (const change of command.changes) folders = mapArea(folders, change.uuid, (area) => ({ ...area, ...change.after }));
      return withFolders(state, folders);
    }
    case 'moveArea': {
      const source = state.folders.find((folder) => folder.areas.some((area) => area.uuid === command.uuid));
      const moving = source?.areas.find((area) => area.uuid === command.uuid);
      if (!moving || !state.folders.some((folder) => folder.uuid === command.to.folderUuid)) return state;
      const folders = state.folders
        .map((folder) => (folder === source ? { ...folder, areas: folder.areas.filter((area) => area.uuid !== command.uuid) } : folder))
        .map((folder) => (folder.uuid === command.to.folderUuid ? { ...folder, areas: insertAt(folder.areas, command.to.index, moving) } : folder));
      return withFolders(state, folders);
    }
    case 'batch':
      return command.commands.reduce(applyCommand, state);
  }
}
