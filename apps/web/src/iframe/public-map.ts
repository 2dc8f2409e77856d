/**
 * The map the embedded view shows, read as anybody reads it: without the session cookie, so that a
 * private map is refused there even to its owner (a frame on another site never gets the cookie,
 * SameSite=Lax), and without the app's no-cache, so that the minute the API lets a public map be
 * cached is used.
 */
import type { MapDocument } from '@catchment/domain';
import { ApiError, API_PREFIX } from '../api/client.js';
import { currentLocale } from '../i18n/locale-state.js';
import type { DisplayArea } from '../map/map-context.js';

export const publicMapKey = (accessId: string) => ['maps', 'public', accessId] as const;

export async function fetchPublicMap(accessId: string, signal?: AbortSignal): Promise<MapDocument> {
  const response = await fetch(`${API_PREFIX}/v2/maps/${encodeURIComponent(accessId)}`, {
    credentials: 'omit',
    headers: { Accept: 'application/json', 'Accept-Language': currentLocale() },
    signal,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: { code?: string; message?: string } } | undefined;
    throw new ApiError(response.status, body?.error?.code ?? `HTTP_${response.status}`, body?.error?.message ?? response.statusText);
  }
  return (await response.json()) as MapDocument;
}

/** The areas the map shows (hidden ones left out), folder by folder, none selected. */
export function visibleAreas(map: MapDocument): DisplayArea[] {
  return map.folders.flatMap((folder) => folder.areas.filter((area) => !area.hide).map((area) => ({
    uuid: area.uuid,
    label: area.label,
    color: area.color,
    hide: false,
    selected: false,
    geometry: area.geometry as DisplayArea['geometry'],
  })));
}
