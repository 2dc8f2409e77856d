/** Folders (layers) of a map: create or update, change, delete, reorder. Every write bumps the map version. */
import { DomainError, type Folder } from '@catchment/domain';
import type { FolderRow } from './folders.repository.js';
import type { MapRow } from './maps.repository.js';
import type { MapStore } from './map-store.js';
import type { MapRef } from './map-ref.js';
import { folderNotFound } from './map-access.js';
import { writeToMap } from './map-write.js';
import { toFolder } from './map-document.js';
import { placeRelativeTo, positionAfter } from './positions.js';

export interface FolderInput { label: string; closed?: boolean | undefined; active?: boolean | undefined }
export interface FolderChangesInput { label?: string | undefined; closed?: boolean | undefined; active?: boolean | undefined }
export interface FolderWrite { ref: MapRef; folderUuid: string; clientId: number; expectedVersion: number | undefined }

/** The folder, which must belong to the map. */
export async function folderOfMap(tx: MapStore, map: MapRow, folderUuid: string): Promise<FolderRow> {
  const folder = await tx.folders.find(folderUuid);
  if (!folder || folder.map_id !== map.id) throw folderNotFound();
  return folder;
}

export class FoldersService {
  constructor(private readonly store: MapStore) {}

  /** Creates the folder at the end of the map, or updates it when the map already has it. */
  async put(write: FolderWrite, input: FolderInput): Promise<{ folder: Folder; version: number; created: boolean }> {
    const { value, map } = await writeToMap(this.store, write, async (tx, current) => {
      const existing = await tx.folders.find(write.folderUuid);
      if (existing && existing.map_id !== current.id) throw new DomainError('conflict', { message: 'errors.duplicateUuid' });
      let row: FolderRow | undefined;
      if (existing) {
        row = await tx.folders.update(write.folderUuid, input);
      } else {
        const last = (await tx.folders.positions(current.id)).at(-1);
        row = await tx.folders.insert({
          uuid: write.folderUuid, mapId: current.id, label: input.label,
          closed: input.closed ?? false, active: input.active ?? false, position: positionAfter(last?.position),
        });
        // Taken meanwhile by another map's folder (the unique key decided).
        if (!row) throw new DomainError('conflict', { message: 'errors.duplicateUuid' });
      }
      if (input.active) await tx.folders.deactivateOthers(current.id, write.folderUuid);
      return { folder: toFolder(row, existing ? await tx.areas.listByFolder(row.uuid) : []), created: !existing };
    });
    return { ...value, version: map.version };
  }

  /** Label, open/closed, active (one active folder per map). */
  async update(write: FolderWrite, input: FolderChangesInput): Promise<{ folder: Folder; version: number }> {
    const { value, map } = await writeToMap(this.store, write, async (tx, current) => {
      await folderOfMap(tx, current, write.folderUuid);
      const row = await tx.folders.update(write.folderUuid, input);
      if (input.active) await tx.folders.deactivateOthers(current.id, write.folderUuid);
      return toFolder(row, await tx.areas.listByFolder(row.uuid));
    });
    return { folder: value, version: map.version };
  }

  /** Deletes the folder and its areas. */
  async delete(write: FolderWrite): Promise<{ version: number }> {
    const { map } = await writeToMap(this.store, write, async (tx, current) => {
      await folderOfMap(tx, current, write.folderUuid);
      await tx.folders.delete(write.folderUuid);
    });
    return { version: map.version };
  }

  /** Moves the folder just before or after another folder of the map. */
  async move(write: FolderWrite, input: { referenceFolderUuid: string; before: boolean }): Promise<{ version: number }> {
    const { map } = await writeToMap(this.store, write, async (tx, current) => {
      await folderOfMap(tx, current, write.folderUuid);
      await folderOfMap(tx, current, input.referenceFolderUuid);
      if (input.referenceFolderUuid === write.folderUuid) return;
      const siblings = (await tx.folders.positions(current.id)).filter((folder) => folder.id !== write.folderUuid);
      const { position, renumbered } = placeRelativeTo(siblings, input.referenceFolderUuid, input.before);
      await tx.folders.setPositions([...renumbered, { id: write.folderUuid, position }]);
    });
    return { version: map.version };
  }
}
