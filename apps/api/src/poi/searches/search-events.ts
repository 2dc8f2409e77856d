/**
 * What the searches module tells the real-time channel: the map's list of business searches moved
 * to a new version. It is the map's list-sync (SPEC §7 names no other map event), with the map's
 * own version unchanged and the searches' version beside it.
 */
import { REALTIME_EVENTS, type ListSyncData } from '@catchment/domain';
import type { RoomEvent } from '../../events/event-bus.js';
import { mapRoom } from '../../events/rooms.js';
import type { MapRow } from '../../maps/maps.repository.js';

/** Only ids and versions: viewers compare `searchesVersion` with the list they show and refetch it. */
export function searchesSyncEvent(map: Pick<MapRow, 'id' | 'version'>, searchesVersion: number): RoomEvent {
  const data: ListSyncData = { mapId: map.id, version: map.version, searchesVersion };
  return { room: mapRoom(map.id), event: REALTIME_EVENTS.listSync, data };
}
