/**
 * What the maps module tells the real-time channel: a map moved to a new version (SPEC §7
 * list-sync), or who may read it changed.
 */
import { REALTIME_EVENTS, type ListSyncData, type MapAccessData } from '@catchment/domain';
import type { RoomEvent } from '../events/event-bus.js';
import { mapRoom } from '../events/rooms.js';
import type { MapRow } from './maps.repository.js';

/** Only ids and the version: viewers compare it with the one they show and refetch the map. */
export function listSyncEvent(map: Pick<MapRow, 'id' | 'version'>): RoomEvent {
  const data: ListSyncData = { mapId: map.id, version: map.version };
  return { room: mapRoom(map.id), event: REALTIME_EVENTS.listSync, data };
}

/** Who may read the map changed: every API process drops the sockets following it whose user no longer may. */
export function mapAccessEvent(mapId: number): RoomEvent {
  const data: MapAccessData = { mapId };
  return { room: mapRoom(mapId), event: REALTIME_EVENTS.mapAccess, data };
}
