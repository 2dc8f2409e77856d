/**
 * A heatmap (SPEC §7; apps/api/src/heatmaps): its legend, and the address of its tiles; a saved
 * map's, or without one (a visitor's map) the public census heatmap's.
 */
import { heatmapSearchParams, type HeatmapLegend, type HeatmapQuery } from '@catchment/domain';
import { API_PREFIX, apiRequest } from './client.js';

const base = (mapId: string | null) => (mapId === null ? '/v2/measures/census/heatmap' : `/v2/maps/${mapId}/heatmap`);

/** The class edges and colours of a heatmap (errors in the request's language: 403 PLAN_REQUIRED, 503 HEATMAP_TIMEOUT). */
export const fetchHeatmapLegend = (mapId: string | null, query: HeatmapQuery, signal?: AbortSignal) =>
  apiRequest<HeatmapLegend>('GET', `${base(mapId)}/legend?${heatmapSearchParams(query).toString()}`, undefined, { signal });

/**
 * Tile URL template of a heatmap, absolute as MapLibre needs it; the legend's data version in it
 * lets the browser keep the tiles for good, as the legend they are coloured by.
 */
export function heatmapTilesUrl(mapId: string | null, query: HeatmapQuery, version: string): string {
  const params = heatmapSearchParams(query);
  params.set('v', version);
  return `${window.location.origin}${API_PREFIX}${base(mapId)}/tiles/{z}/{x}/{y}.pbf?${params.toString()}`;
}
