/**
 * Every change to a map, its folders or its areas goes through writeToMap: one transaction that
 * locks the map row, checks the caller's rights and the version the change was based on, applies
 * the change and bumps the map's version. A failure anywhere rolls everything back. Once committed,
 * the new version is announced to the map's viewers (real-time list-sync): this is the one place.
 */
import type { MapRow } from './maps.repository.js';
import type { MapStore } from './map-store.js';
import type { MapRef } from './map-ref.js';
import { assertAllowed, mapNotFound, roleOn, versionConflict, type EditRight, type MapRole } from './map-access.js';

export interface MapWrite {
  ref: MapRef;
  clientId: number;
  /** The map version the change was based on; undefined skips the check. */
  expectedVersion: number | undefined;
  right?: EditRight;
}

export interface MapWriteResult<T> {
  value: T;
  /** The map after the write (new version and modification date). */
  map: MapRow;
}

export async function writeToMap<T>(
  store: MapStore,
  write: MapWrite,
  change: (tx: MapStore, map: MapRow, role: MapRole) => Promise<T>,
): Promise<MapWriteResult<T>> {
  return writeToMapIfChanged(store, write, async (tx, map, role) => ({ value: await change(tx, map, role), changed: true }));
}

/**
 * writeToMap for a change that may find nothing to do (adding what is there already): with
 * `changed: false` the version stays and nothing is announced; rights and version are checked all the same.
 */
export async function writeToMapIfChanged<T>(
  store: MapStore,
  write: MapWrite,
  change: (tx: MapStore, map: MapRow, role: MapRole) => Promise<{ value: T; changed: boolean }>,
): Promise<MapWriteResult<T> & { changed: boolean }> {
  const result = await store.transaction(async (tx) => {
    const { map, role } = await lockForWrite(tx, write);
    const { value, changed } = await change(tx, map, role);
    return { value, changed, map: changed ? await tx.maps.bumpVersion(map.id) : map };
  });
  if (result.changed) store.announceNewVersion(result.map);
  return result;
}

/** Inside a transaction: locks the map row (held until commit) and checks rights and version. */
export async function lockForWrite(tx: MapStore, write: MapWrite): Promise<{ map: MapRow; role: MapRole }> {
  const map = await tx.maps.findByRef(write.ref, { lock: true });
  if (!map) throw mapNotFound();
  const role = await roleOn(tx, map, write.clientId);
  assertAllowed(map, role, write.right ?? 'edit');
  if (write.expectedVersion !== undefined && write.expectedVersion !== map.version) throw versionConflict(map.version);
  return { map, role };
}
