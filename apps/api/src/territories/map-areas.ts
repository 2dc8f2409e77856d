/** The areas of a map a caller may read (owner, members, anyone for a public map), for the analysis routes. */
import type { AreaRecord } from '../maps/areas.repository.js';
import { areaNotFound, readableMap } from '../maps/map-access.js';
import type { MapRef } from '../maps/map-ref.js';
import type { MapStore } from '../maps/map-store.js';

/** The areas, in the order asked; 404 for a map the caller cannot read or an area that is not on it. */
export async function readableAreas(store: MapStore, ref: MapRef, clientId: number | undefined, uuids: string[]): Promise<AreaRecord[]> {
  const { map } = await readableMap(store, ref, clientId);
  const unique = [...new Set(uuids)];
  const onMap = new Set((await store.areas.places(map.id, unique)).map((place) => place.uuid));
  if (unique.some((uuid) => !onMap.has(uuid))) throw areaNotFound();
  return store.areas.listByUuids(unique);
}
