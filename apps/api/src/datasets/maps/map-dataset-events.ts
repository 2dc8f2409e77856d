/**
 * What the map datasets module tells the real-time channel: the map's list of datasets moved to a
 * new version. It is the map's list-sync (SPEC §7), with the map's own version unchanged and the
 * datasets' version beside it, as business searches announce theirs.
 */
import { REALTIME_EVENTS, type ListSyncData } from '@catchment/domain';
import type { RoomEvent } from '../../events/event-bus.js';
import { mapRoom } from '../../events/rooms.js';
import type { MapRow } from '../../maps/maps.repository.js';

/** Only ids and versions: viewers compare `datasetsVersion` with the list they show and refetch it. */
export function datasetsSyncEvent(map: Pick<MapRow, 'id' | 'version'>, datasetsVersion: number): RoomEvent {
  const data: ListSyncData = { mapId: map.id, version: map.version, datasetsVersion };
  return { room: mapRoom(map.id), event: REALTIME_EVENTS.listSync, data };
}
