/** Shapes of the API responses for maps and folders, built from database rows. */
import type { Folder, MapDocument, MapSummary } from '@catchment/domain';
import type { AreaRecord } from './areas.repository.js';
import type { FolderRow } from './folders.repository.js';
import type { MapRow } from './maps.repository.js';

export function toMapSummary(map: MapRow, areaCount: number): MapSummary {
  return {
    id: map.id,
    accessId: map.access_id,
    title: map.title,
    public: map.public,
    version: map.version,
    ownerId: map.owner_id,
    areaCount,
    createdAt: new Date(map.created_at).toISOString(),
    updatedAt: new Date(map.updated_at).toISOString(),
  };
}

/** An area without its storage details (folder and position are given by where it sits in the document). */
export function toArea(record: AreaRecord): Folder['areas'][number] {
  const { folderUuid: _folderUuid, position: _position, ...area } = record;
  return area;
}

export function toFolder(folder: FolderRow, areas: AreaRecord[]): Folder {
  return { uuid: folder.uuid, label: folder.label, closed: folder.closed, active: folder.active, areas: areas.map(toArea) };
}

/**
 * The whole map: folders in order, each with its areas in order (`areas` must be in position order).
 * `canEdit` (owner or member) also decides whether the owner's user id is shown: a public map's
 * other readers do not learn it.
 */
export function toMapDocument(map: MapRow, folders: FolderRow[], areas: AreaRecord[], canEdit: boolean): MapDocument {
  const byFolder = new Map<string, AreaRecord[]>(folders.map((folder) => [folder.uuid, []]));
  for (const area of areas) byFolder.get(area.folderUuid)?.push(area);
  const { ownerId: _ownerId, ...summary } = toMapSummary(map, areas.length);
  return {
    ...summary,
    ...(canEdit ? { ownerId: map.owner_id } : {}),
    // Deleting an area does not touch the map row: a selection whose area has gone reads as none.
    selectedUuid: areas.some((area) => area.uuid === map.selected_uuid) ? map.selected_uuid : null,
    canEdit,
    folders: folders.map((folder) => toFolder(folder, byFolder.get(folder.uuid) ?? [])),
  };
}
