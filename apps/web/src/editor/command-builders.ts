/**
 * Commands built from what the user asked for and the current state: each builder captures the
 * before-values and places its command needs for undo. Null when there is nothing to do.
 */
import { AREA_COLOR_PALETTE, type Area, type PolygonGeometry } from '@catchment/domain';
import { PLAIN_POLYGON_FIELDS, reshapeConverts } from './area-edits.js';
import type { AreaChange, AreaEntry, AreaFields, EditorCommand, FolderFields } from './commands.js';
import { activeFolder, areaCount, findArea, findFolder, locateArea, type EditorFolder, type EditorState } from './editor-state.js';
import { newUuid } from './new-uuid.js';

/** What a new area is made of; the rest (uuid, dates, hash) is filled in here and by the server. */
export type AreaDraft = Pick<Area, 'label' | 'isoMode' | 'geometry'> & Partial<Omit<Area, 'label' | 'isoMode' | 'geometry'>>;

/** The colour a new area gets: the palette in turn, by the area's index in the map. */
export function paletteColor(index: number): string {
  return AREA_COLOR_PALETTE[index % AREA_COLOR_PALETTE.length]!;
}

/** A complete area from a draft; hash and dates are placeholders until the server answers. */
export function newArea(draft: AreaDraft, indexInMap: number, now = new Date()): Area {
  const timestamp = now.toISOString();
  return {
    uuid: newUuid(),
    color: paletteColor(indexInMap),
    hide: false,
    transportMode: null,
    operation: null,
    distance: null,
    duration: null,
    departureDate: null,
    startAddress: null,
    startPoint: null,
    startPoints: null,
    direction: 'departure',
    unitKind: null,
    unitCodes: null,
    hash: '',
    createdAt: timestamp,
    updatedAt: timestamp,
    ...draft,
  };
}

export function newFolder(label: string, active = true): EditorFolder {
  return { uuid: newUuid(), label, closed: false, active, areas: [] };
}

/** A new layer at the end, made the active one (new areas go there). */
export function addFolderCommand(state: EditorState, label: string): EditorCommand {
  const previousActive = state.folders.find((folder) => folder.active)?.uuid ?? null;
  return { type: 'addFolder', folder: newFolder(label), index: state.folders.length, previousActive };
}

/**
 * Adds areas at the end of the active layer; when the map has no layer yet, one is created
 * (labelled `defaultFolderLabel`) in the same step, so a single undo removes both.
 */
export function addAreasCommand(state: EditorState, drafts: AreaDraft[], defaultFolderLabel: string): { command: EditorCommand; areas: Area[] } {
  const existing = activeFolder(state);
  const folder = existing ?? newFolder(defaultFolderLabel);
  const count = areaCount(state);
  const areas = drafts.map((draft, offset) => newArea(draft, count + offset));
  const entries: AreaEntry[] = areas.map((area, offset) => ({ folderUuid: folder.uuid, index: folder.areas.length + offset, area }));
  const addAreas: EditorCommand = { type: 'addAreas', entries };
  if (existing) return { command: addAreas, areas };
  return {
    command: { type: 'batch', name: 'addAreas', commands: [{ type: 'addFolder', folder, index: state.folders.length }, addAreas] },
    areas,
  };
}

/** Removes a layer with its areas; undo puts it back in place, areas and all. */
export function removeFolderCommand(state: EditorState, uuid: string): EditorCommand | null {
  const index = state.folders.findIndex((folder) => folder.uuid === uuid);
  if (index < 0) return null;
  return { type: 'removeFolder', folder: state.folders[index]!, index };
}

export function updateFolderCommand(state: EditorState, uuid: string, after: Partial<FolderFields>): EditorCommand | null {
  const folder = findFolder(state, uuid);
  if (!folder) return null;
  const before: Partial<FolderFields> = {};
  const changed: Partial<FolderFields> = {};
  for (const key of Object.keys(after) as (keyof FolderFields)[]) {
    if (after[key] === undefined || folder[key] === after[key]) continue;
    Object.assign(before, { [key]: folder[key] });
    Object.assign(changed, { [key]: after[key] });
  }
  if (Object.keys(changed).length === 0) return null;
  return { type: 'updateFolder', uuid, before, after: changed };
}

export function moveFolderCommand(state: EditorState, uuid: string, toIndex: number): EditorCommand | null {
  const fromIndex = state.folders.findIndex((folder) => folder.uuid === uuid);
  const target = Math.max(0, Math.min(toIndex, state.folders.length - 1));
  if (fromIndex < 0 || fromIndex === target) return null;
  return { type: 'moveFolder', uuid, fromIndex, toIndex: target };
}

export function removeAreasCommand(state: EditorState, uuids: readonly string[]): EditorCommand | null {
  const entries: AreaEntry[] = [];
  for (const uuid of new Set(uuids)) {
    const location = locateArea(state, uuid);
    if (location) entries.push({ folderUuid: location.folder.uuid, index: location.index, area: location.area });
  }
  return entries.length > 0 ? { type: 'removeAreas', entries } : null;
}

/** Whether a field keeps its value: a centre is a new array each time, compared by its coordinates. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => item === b[index]);
}

/** The same change on several areas (recolour, hide…); areas already like that are left out. */
export function updateAreasCommand(state: EditorState, uuids: readonly string[], after: Partial<AreaFields>): EditorCommand | null {
  const changes: AreaChange[] = [];
  for (const uuid of new Set(uuids)) {
    const area = locateArea(state, uuid)?.area;
    if (!area) continue;
    const before: Partial<AreaFields> = {};
    const changed: Partial<AreaFields> = {};
    for (const key of Object.keys(after) as (keyof AreaFields)[]) {
      if (after[key] === undefined || sameValue(area[key], after[key])) continue;
      Object.assign(before, { [key]: area[key] });
      Object.assign(changed, { [key]: after[key] });
    }
    if (Object.keys(changed).length > 0) changes.push({ uuid, before, after: changed });
  }
  return changes.length > 0 ? { type: 'updateAreas', changes } : null;
}

/** Moves an area to a place in a folder (index once moved). */
export function moveAreaCommand(state: EditorState, uuid: string, folderUuid: string, index: number): EditorCommand | null {
  const location = locateArea(state, uuid);
  const target = findFolder(state, folderUuid);
  if (!location || !target) return null;
  const sameFolder = target.uuid === location.folder.uuid;
  const maxIndex = sameFolder ? target.areas.length - 1 : target.areas.length;
  const toIndex = Math.max(0, Math.min(index, maxIndex));
  if (sameFolder && toIndex === location.index) return null;
  return {
    type: 'moveArea',
    uuid,
    from: { folderUuid: location.folder.uuid, index: location.index },
    to: { folderUuid: target.uuid, index: toIndex },
  };
}

/**
 * One step up or down the layers panel: within the folder, or past its edge into the end of the
 * layer above or the start of the layer below.
 */
export function stepAreaCommand(state: EditorState, uuid: string, direction: -1 | 1): EditorCommand | null {
  const location = locateArea(state, uuid);
  if (!location) return null;
  const { folder, folderIndex, index } = location;
  const inside = index + direction;
  if (inside >= 0 && inside < folder.areas.length) return moveAreaCommand(state, uuid, folder.uuid, inside);
  const neighbour = state.folders[folderIndex + direction];
  if (!neighbour) return null;
  return moveAreaCommand(state, uuid, neighbour.uuid, direction < 0 ? neighbour.areas.length : 0);
}

/**
 * A new outline for an area, one undo step. A circle or travel-time area drawn anew is no longer
 * what its recipe computes: it becomes a plain polygon in the same step, and undo gives back its
 * centre and values with its outline.
 */
export function reshapeAreaCommand(state: EditorState, uuid: string, geometry: PolygonGeometry): EditorCommand | null {
  const area = findArea(state, uuid);
  if (!area) return null;
  const command = updateAreasCommand(state, [uuid], reshapeConverts(area) ? { ...PLAIN_POLYGON_FIELDS, geometry } : { geometry });
  return command && { type: 'batch', name: 'reshapeAreas', commands: [command] };
}
