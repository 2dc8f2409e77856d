/**
 * Vector tiles of a business search's points (SPEC §7 searches tiles): layer `items`, one point per
 * business with its `id` and `name`; below CLUSTER_BELOW_ZOOM, layer `clusters`, one point per
 * group of nearby businesses with their `count` (a group of one is an item), so that a tile of a
 * whole region stays a few kilobytes whatever the number of businesses.
 */
import type { Feature, Point } from 'geojson';
import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import vtpbf from 'vt-pbf';

export const POI_CLUSTER_BELOW_ZOOM = 12;
/** Groups per tile side below POI_CLUSTER_BELOW_ZOOM: a group is 1/32 of the tile (8 px of 256). */
export const POI_CLUSTER_CELLS = 32;
const TILE_EXTENT = 4096;

/** A group of `count` businesses at their mean position; `id` and `name` are its business's when alone. */
export interface PoiTileCluster { count: number; lon: number; lat: number; id: number; name: string | null }

export function encodePoiTile(z: number, x: number, y: number, clusters: readonly PoiTileCluster[]): Uint8Array | null {
  if (clusters.length === 0) return null;
  const point = (lon: number, lat: number): Point => ({ type: 'Point', coordinates: [lon, lat] });
  const layer = (features: Feature[]): LegacyTile | null => {
    if (features.length === 0) return null;
    const tile = new GeoJSONVT({ type: 'FeatureCollection', features }, { maxZoom: z, indexMaxZoom: z, extent: TILE_EXTENT, buffer: 64 }).getTile(z, x, y);
    return tile && tile.features.length > 0 ? tile : null;
  };
  const items = layer(clusters.filter((cluster) => cluster.count === 1)
    .map((cluster): Feature => ({ type: 'Feature', properties: { id: cluster.id, name: cluster.name ?? '' }, geometry: point(cluster.lon, cluster.lat) })));
  const groups = layer(clusters.filter((cluster) => cluster.count > 1)
    .map((cluster): Feature => ({ type: 'Feature', properties: { count: cluster.count }, geometry: point(cluster.lon, cluster.lat) })));
  const layers: Record<string, LegacyTile> = {};
  if (items) layers.items = items;
  if (groups) layers.clusters = groups;
  return Object.keys(layers).length > 0 ? vtpbf.fromGeojsonVt(layers, { version: 2, extent: TILE_EXTENT }) : null;
}
