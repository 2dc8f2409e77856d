/**
 * Who may do what with a map. Owner and members (map_clients) read and edit it; anyone reads a
 * public map; a private map is, to everybody else, a map that does not exist (404, never 403).
 */
import { DomainError } from '@catchment/domain';
import type { MapRow } from './maps.repository.js';
import type { MapStore } from './map-store.js';
import type { MapRef } from './map-ref.js';

export type MapRole = 'owner' | 'member' | 'visitor';

export const mapNotFound = () => new DomainError('mapNotFound');
export const folderNotFound = () => new DomainError('folderNotFound');
export const areaNotFound = () => new DomainError('areaNotFound');
export const versionConflict = (currentVersion: number) => new DomainError('mapVersionConflict', { details: { currentVersion } });

export async function roleOn(store: MapStore, map: MapRow, clientId: number | undefined): Promise<MapRole> {
  if (clientId === undefined) return 'visitor';
  if (map.owner_id === clientId) return 'owner';
  return (await store.maps.isMember(map.id, clientId)) ? 'member' : 'visitor';
}

export const canEdit = (role: MapRole) => role !== 'visitor';

/** Who may change a map: editors, or only its owner for what decides who sees it (deletion, public flag). */
export type EditRight = 'edit' | 'own';

/** Throws 404 when the caller may not even read the map, 403 when they may read but not do `right`. */
export function assertAllowed(map: MapRow, role: MapRole, right: EditRight): void {
  if (role === 'visitor' && !map.public) throw mapNotFound();
  if (right === 'own' ? role !== 'owner' : !canEdit(role)) throw new DomainError('forbidden');
}

/** The map and the caller's role on it, or a 404 when it does not exist or is private to others. */
export async function readableMap(store: MapStore, ref: MapRef, clientId: number | undefined): Promise<{ map: MapRow; role: MapRole }> {
  const map = await store.maps.findByRef(ref);
  if (!map) throw mapNotFound();
  const role = await roleOn(store, map, clientId);
  if (role === 'visitor' && !map.public) throw mapNotFound();
  return { map, role };
}

/**
 * The version a write was based on: the body's `version`, else an `If-Match` header holding an
 * integer (quotes and the weak prefix W/ allowed). Undefined when the client sent neither.
 */
export function expectedVersion(bodyVersion: number | undefined, ifMatch: string | undefined): number | undefined {
  if (bodyVersion !== undefined) return bodyVersion;
  const match = ifMatch?.trim().match(/^(?:W\/)?"?(\d+)"?$/);
  return match ? Number(match[1]) : undefined;
}
