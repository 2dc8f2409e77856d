/** Maps: create, list, read, change, delete, clone. Rights and versions: map-access.ts and map-write.ts. */
import { randomUUID } from 'node:crypto';
import { DomainError, LABEL_MAX_LENGTH, translate, type Locale, type MapDocument, type MapSort, type MapSummary } from '@catchment/domain';
import type { ClientsRepository } from '../clients/clients.repository.js';
import type { MapRow } from './maps.repository.js';
import type { MapStore } from './map-store.js';
import { newAccessId, type MapRef } from './map-ref.js';
import { canEdit, readableMap } from './map-access.js';
import { lockForWrite, writeToMap } from './map-write.js';
import { toMapDocument, toMapSummary } from './map-document.js';
import { assertAreaLimit } from './plan-limits.js';

export interface CreateMapInput { title?: string | undefined; public?: boolean | undefined }
export interface MapChangesInput { title?: string | undefined; public?: boolean | undefined; selectedUuid?: string | null | undefined }
export interface ListMapsInput { sortBy: MapSort; search?: string | undefined; limit: number; page: number }
export interface MapPage { items: MapSummary[]; total: number; page: number; limit: number }

// Drawing a taken accessId twice in a row is already a one-in-2^72 event; more attempts mean a bug.
const ACCESS_ID_ATTEMPTS = 5;

export class MapsService {
  constructor(private readonly store: MapStore, private readonly clients: ClientsRepository) {}

  async create(clientId: number, input: CreateMapInput, locale: Locale): Promise<MapDocument> {
    const map = await insertWithNewAccessId(this.store, {
      ownerId: clientId, title: input.title ?? translate(locale, 'maps.defaultTitle'), public: input.public ?? false,
    });
    return toMapDocument(map, [], [], true);
  }

  async list(clientId: number, input: ListMapsInput): Promise<MapPage> {
    const { rows, total } = await this.store.maps.list({
      clientId, sortBy: input.sortBy, search: input.search, limit: input.limit, offset: (input.page - 1) * input.limit,
    });
    return { items: rows.map((row) => toMapSummary(row, row.area_count)), total, page: input.page, limit: input.limit };
  }

  /** The whole map, read in one snapshot. Reading their own map makes it the owner's last accessed one. */
  async get(ref: MapRef, clientId: number | undefined): Promise<MapDocument> {
    const { document, isOwner } = await this.read(ref, clientId);
    if (isOwner) await this.clients.setLastAccessedMap(clientId!, document.id);
    return document;
  }

  /** The whole map for whoever may read it (owner, members, anyone for a public map), as `get` reads it, without opening it (exports). */
  async document(ref: MapRef, clientId: number | undefined): Promise<MapDocument> {
    return (await this.read(ref, clientId)).document;
  }

  private read(ref: MapRef, clientId: number | undefined): Promise<{ document: MapDocument; isOwner: boolean }> {
    return this.store.transaction(async (tx) => {
      const { map, role } = await readableMap(tx, ref, clientId);
      return { document: await loadDocument(tx, map, canEdit(role)), isOwner: role === 'owner' };
    }, { isolation: 'repeatable read' });
  }

  async accessId(ref: MapRef, clientId: number | undefined): Promise<{ id: number; accessId: string }> {
    const { map } = await readableMap(this.store, ref, clientId);
    return { id: map.id, accessId: map.access_id };
  }

  /** Title, selection (an area of this map, or null) and (owner only) the public flag. */
  async update(ref: MapRef, clientId: number, input: MapChangesInput, expectedVersion: number | undefined, locale: Locale): Promise<MapSummary> {
    const { value, map } = await writeToMap(this.store, { ref, clientId, expectedVersion }, async (tx, current, role) => {
      if (input.public !== undefined && input.public !== current.public && role !== 'owner') throw new DomainError('forbidden');
      // Checked under the map's lock: an area deleted meanwhile has already gone, and deleting one waits for this write.
      if (input.selectedUuid && (await tx.areas.places(current.id, [input.selectedUuid])).length === 0) throw selectionNotInMap(locale);
      await tx.maps.update(current.id, input);
      return { areaCount: await tx.areas.countInMap(current.id), madePrivate: current.public && input.public === false };
    });
    // Its readers who are neither owner nor member stop following it at once.
    if (value.madePrivate) this.store.announceAccessChange(map.id);
    return toMapSummary(map, value.areaCount);
  }

  /** Only the owner deletes a map; folders, areas and memberships go with it. */
  async delete(ref: MapRef, clientId: number, expectedVersion: number | undefined): Promise<void> {
    const mapId = await this.store.transaction(async (tx) => {
      const { map } = await lockForWrite(tx, { ref, clientId, expectedVersion, right: 'own' });
      await tx.maps.delete(map.id);
      return map.id;
    });
    // Its followers learn at once that it is gone.
    this.store.announceAccessChange(mapId);
  }

  /**
   * A private copy owned by the caller, for anyone who can read the map: same folders and areas in
   * the same order under new uuids. The free plan's area limit applies to the copy.
   */
  async clone(ref: MapRef, clientId: number, locale: Locale): Promise<MapDocument> {
    const caller = await this.clients.findById(clientId);
    return this.store.transaction(async (tx) => {
      const { map: source } = await readableMap(tx, ref, clientId);
      const [folders, areas] = await Promise.all([tx.folders.listByMap(source.id), tx.areas.placesInMap(source.id)]);
      assertAreaLimit(caller, 0, areas.length);
      const copy = await insertWithNewAccessId(tx, { ownerId: clientId, title: copyTitle(source.title, locale), public: false });
      const folderUuids = new Map(folders.map((folder) => [folder.uuid, randomUUID()]));
      await tx.folders.copyInto(copy.id, folderUuids);
      await tx.areas.copyInto(copy.id, new Map(areas.map((area) => [area.uuid, randomUUID()])), folderUuids);
      return loadDocument(tx, copy, true);
    }, { isolation: 'repeatable read' });
  }
}

/** 400 on body.selectedUuid: only an area of the map itself can be its selection. */
function selectionNotInMap(locale: Locale) {
  const key = 'validation.selectedAreaNotInMap';
  return new DomainError('validation', { message: key, details: [{ path: 'body.selectedUuid', message: translate(locale, key) }] });
}

async function loadDocument(store: MapStore, map: MapRow, editable: boolean): Promise<MapDocument> {
  const [folders, areas] = [await store.folders.listByMap(map.id), await store.areas.listByMap(map.id)];
  return toMapDocument(map, folders, areas, editable);
}

async function insertWithNewAccessId(store: MapStore, map: { ownerId: number; title: string; public: boolean }): Promise<MapRow> {
  for (let attempt = 0; attempt < ACCESS_ID_ATTEMPTS; attempt++) {
    const inserted = await store.maps.insert({ ...map, accessId: newAccessId() });
    if (inserted) return inserted;
  }
  throw new Error('no free accessId found');
}

/** '<title> (copy)', the title shortened if needed to stay within the label limit. */
function copyTitle(title: string, locale: Locale): string {
  const suffixLength = translate(locale, 'maps.copyTitle', { title: '' }).length;
  return translate(locale, 'maps.copyTitle', { title: title.slice(0, LABEL_MAX_LENGTH - suffixLength) });
}
