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
  const result = await store.transaction(async (tx) => {
    const { map, role } = await lockForWrite(tx, write);
    const value = await change(tx, map, role);
    return { value, map: await tx.maps.bumpVersion(map.id) };
  });
  store.announceNewVersion(result.map);
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
