/**
 * Turns a command into the API calls that make the server's copy of the map match (the maps API
 * contract: folders PUT/PATCH/DELETE and order, areas bulk POST/PATCH/DELETE and order). Pure: the
 * sync queue sends the calls one by one and adds the map version to each.
 */
import { BULK_AREAS_MAX, type Area, type CreateArea } from '@catchment/domain';
import { applyCommand, type EditorCommand } from './commands.js';
import { findFolder, locateArea, type EditorFolder, type EditorState } from './editor-state.js';

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiCall {
  method: WriteMethod;
  /** Relative to the API prefix, e.g. /v2/maps/12/folders/{uuid}. */
  path: string;
  body?: Record<string, unknown>;
  /**
   * Where the map version goes: in the body for calls that have one, in an If-Match header for
   * those that have none.
   */
  versionIn: 'body' | 'header';
}

/** The fields of a stored area that recreate it: restoring a removed area re-posts it with its geometry. */
export function toCreateArea(area: Area): CreateArea {
  const body: Record<string, unknown> = {
    uuid: area.uuid,
    label: area.label,
    color: area.color,
    hide: area.hide,
    isoMode: area.isoMode,
    transportMode: area.transportMode,
    operation: area.operation,
    geometry: area.geometry,
    startPoint: area.startPoint,
    startPoints: area.startPoints,
    direction: area.direction,
    startAddress: area.startAddress,
    distance: area.distance,
    duration: area.duration,
    departureDate: area.departureDate,
    unitKind: area.unitKind,
    unitCodes: area.unitCodes,
  };
  for (const key of Object.keys(body)) if (body[key] === null || body[key] === undefined) delete body[key];
  return body as CreateArea;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

function folderPath(mapId: string, folderUuid: string): string {
  return `/v2/maps/${encodeURIComponent(mapId)}/folders/${folderUuid}`;
}

/** Posts areas at the end of a folder, in the given order. */
function postAreas(mapId: string, folderUuid: string, areas: readonly Area[]): ApiCall[] {
  return chunks(areas, BULK_AREAS_MAX).map((part) => ({
    method: 'POST', path: `${folderPath(mapId, folderUuid)}/areas/bulk`, body: { areas: part.map(toCreateArea) }, versionIn: 'body',
  }));
}

/** Places an area just before the area that follows it in `folder`, or after the one that precedes it. */
function placeArea(mapId: string, folder: EditorFolder, uuid: string): ApiCall | null {
  const index = folder.areas.findIndex((area) => area.uuid === uuid);
  const next = folder.areas[index + 1];
  const previous = folder.areas[index - 1];
  const reference = next ?? previous;
  if (index < 0 || !reference) return null;
  return {
    method: 'PUT',
    path: `${folderPath(mapId, folder.uuid)}/areas/${uuid}/order`,
    body: { referenceAreaUuid: reference.uuid, before: reference === next, folderId: folder.uuid },
    versionIn: 'body',
  };
}

/**
 * Areas newly added to a folder: the server appends them in the order posted; those that belong
 * elsewhere are then moved, from the last to the first, each before its successor.
 */
function addAreasToFolder(mapId: string, folder: EditorFolder, added: ReadonlySet<string>): ApiCall[] {
  const newAreas = folder.areas.filter((area) => added.has(area.uuid));
  const calls = postAreas(mapId, folder.uuid, newAreas);
  let tail = folder.areas.length;
  while (tail > 0 && added.has(folder.areas[tail - 1]!.uuid)) tail -= 1;
  for (let index = tail - 1; index >= 0; index -= 1) {
    const area = folder.areas[index]!;
    if (!added.has(area.uuid)) continue;
    const call = placeArea(mapId, folder, area.uuid);
    if (call) calls.push(call);
  }
  return calls;
}

function placeFolder(mapId: string, after: EditorState, uuid: string): ApiCall | null {
  const index = after.folders.findIndex((folder) => folder.uuid === uuid);
  const next = after.folders[index + 1];
  const previous = after.folders[index - 1];
  const reference = next ?? previous;
  if (index < 0 || !reference) return null;
  return {
    method: 'PUT', path: `${folderPath(mapId, uuid)}/order`, body: { referenceFolderUuid: reference.uuid, before: reference === next }, versionIn: 'body',
  };
}

/** The calls that save `command`, given the state it was applied to. */
export function commandToRequests(mapId: string, command: EditorCommand, before: EditorState): ApiCall[] {
  const after = applyCommand(before, command);
  switch (command.type) {
    case 'addFolder': {
      const { folder } = command;
      const calls: ApiCall[] = [{
        method: 'PUT', path: folderPath(mapId, folder.uuid), body: { label: folder.label, closed: folder.closed, active: folder.active }, versionIn: 'body',
      }];
      const isLast = after.folders[after.folders.length - 1]?.uuid === folder.uuid;
      const order = isLast ? null : placeFolder(mapId, after, folder.uuid);
      if (order) calls.push(order);
      calls.push(...postAreas(mapId, folder.uuid, folder.areas));
      return calls;
    }
    case 'removeFolder': {
      const calls: ApiCall[] = [{ method: 'DELETE', path: folderPath(mapId, command.folder.uuid), versionIn: 'header' }];
      if (command.previousActive && findFolder(after, command.previousActive)) {
        calls.push({ method: 'PATCH', path: folderPath(mapId, command.previousActive), body: { active: true }, versionIn: 'body' });
      }
      return calls;
    }
    case 'updateFolder':
      return [{ method: 'PATCH', path: folderPath(mapId, command.uuid), body: { ...command.after }, versionIn: 'body' }];
    case 'moveFolder': {
      const call = placeFolder(mapId, after, command.uuid);
      return call ? [call] : [];
    }
    case 'addAreas': {
      const added = new Set(command.entries.map((entry) => entry.area.uuid));
      const folderUuids = [...new Set(command.entries.map((entry) => entry.folderUuid))];
      return folderUuids.flatMap((uuid) => {
        const folder = findFolder(after, uuid);
        return folder ? addAreasToFolder(mapId, folder, added) : [];
      });
    }
    case 'removeAreas': {
      const byFolder = new Map<string, string[]>();
      for (const entry of command.entries) byFolder.set(entry.folderUuid, [...(byFolder.get(entry.folderUuid) ?? []), entry.area.uuid]);
      return [...byFolder].flatMap(([folderUuid, uuids]) => chunks(uuids, BULK_AREAS_MAX).map((part): ApiCall => ({
        method: 'DELETE', path: `${folderPath(mapId, folderUuid)}/areas/bulk`, body: { uuids: part }, versionIn: 'body',
      })));
    }
    case 'updateAreas': {
      const byFolder = new Map<string, Record<string, unknown>[]>();
      for (const change of command.changes) {
        const location = locateArea(after, change.uuid);
        if (!location) continue;
        const patches = byFolder.get(location.folder.uuid) ?? [];
        patches.push({ uuid: change.uuid, ...change.after });
        byFolder.set(location.folder.uuid, patches);
      }
      return [...byFolder].flatMap(([folderUuid, patches]) => chunks(patches, BULK_AREAS_MAX).map((part): ApiCall => ({
        method: 'PATCH', path: `${folderPath(mapId, folderUuid)}/areas/bulk`, body: { areas: part }, versionIn: 'body',
      })));
    }
    case 'moveArea': {
      const target = findFolder(after, command.to.folderUuid);
      const location = locateArea(after, command.uuid);
      if (!target || !location) return [];
      if (target.areas.length > 1) {
        // The order call names the folder the area is in now; the server finds the area there.
        const call = placeArea(mapId, target, command.uuid);
        if (!call) return [];
        return [{ ...call, path: `${folderPath(mapId, command.from.folderUuid)}/areas/${command.uuid}/order` }];
      }
      // Alone in its new folder: there is no reference to order against, so it is moved by deleting
      // and re-posting it with the same uuid and fields.
      return [
        { method: 'DELETE', path: `${folderPath(mapId, command.from.folderUuid)}/areas/bulk`, body: { uuids: [command.uuid] }, versionIn: 'body' },
        ...postAreas(mapId, target.uuid, [location.area]),
      ];
    }
    case 'batch': {
      const calls: ApiCall[] = [];
      let state = before;
      for (const part of command.commands) {
        calls.push(...commandToRequests(mapId, part, state));
        state = applyCommand(state, part);
      }
      return calls;
    }
  }
}
