/**
 * The editor's picture of a map: its folders (layers) in order, each with its areas in order, and
 * the selected areas. Built from a MapDocument; changed only by commands (commands.ts).
 */
import type { Area, MapDocument } from '@catchment/domain';

export interface EditorFolder {
  uuid: string;
  label: string;
  closed: boolean;
  active: boolean;
  areas: Area[];
}

export interface EditorState {
  folders: EditorFolder[];
  /** Uuids of the selected areas, in the order they were selected (Subtract keeps the first). */
  selected: string[];
}

/** Where an area sits: its folder and its index in that folder. */
export interface AreaLocation {
  folder: EditorFolder;
  folderIndex: number;
  index: number;
  area: Area;
}

export const EMPTY_STATE: EditorState = { folders: [], selected: [] };

export function stateFromDocument(document: Pick<MapDocument, 'folders'>): EditorState {
  return {
    folders: document.folders.map((folder) => ({
      uuid: folder.uuid,
      label: folder.label,
      closed: folder.closed,
      active: folder.active,
      areas: [...folder.areas],
    })),
    selected: [],
  };
}

export function locateArea(state: EditorState, uuid: string): AreaLocation | null {
  for (let folderIndex = 0; folderIndex < state.folders.length; folderIndex += 1) {
    const folder = state.folders[folderIndex]!;
    const index = folder.areas.findIndex((area) => area.uuid === uuid);
    if (index >= 0) return { folder, folderIndex, index, area: folder.areas[index]! };
  }
  return null;
}

export function findArea(state: EditorState, uuid: string): Area | null {
  return locateArea(state, uuid)?.area ?? null;
}

export function findFolder(state: EditorState, uuid: string): EditorFolder | null {
  return state.folders.find((folder) => folder.uuid === uuid) ?? null;
}

/** The layer new areas go to: the one marked active, else the first one; null when there is none. */
export function activeFolder(state: EditorState): EditorFolder | null {
  return state.folders.find((folder) => folder.active) ?? state.folders[0] ?? null;
}

export function allAreas(state: EditorState): Area[] {
  return state.folders.flatMap((folder) => folder.areas);
}

export function areaCount(state: EditorState): number {
  return state.folders.reduce((count, folder) => count + folder.areas.length, 0);
}

/** The selected areas that still exist, in selection order. */
export function selectedAreas(state: EditorState): Area[] {
  return state.selected.map((uuid) => findArea(state, uuid)).filter((area): area is Area => area !== null);
}
