/**
 * Cuts a region's basemap features into vector tiles, zoom 0 to 15 over the region's bounds
 * (clients overzoom the last ones): one geojson-vt index per layer, each tile encoded with vt-pbf.
 * A feature goes into the tiles of its `min_zoom - 1` and above, as the Protomaps schema means it.
 */
import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import vtpbf from 'vt-pbf';
import { PROTOMAPS_LAYERS, type ProtomapsLayerName } from './classify-osm.js';
import { ROAD_MERGE_MAX_ZOOM, type OsmBasemapFeatures } from './osm-basemap-collector.js';
import type { Box } from './ring-geometry.js';

export const REGION_MIN_ZOOM = 0;
/** Street-level detail is complete at 15, as in Protomaps archives; MapLibre overzooms beyond. */
export const REGION_MAX_ZOOM = 15;
const TILE_EXTENT = 4096;
/** The style labels roads from zoom 11: below it their names would only weigh. */
const ROAD_LABEL_MIN_ZOOM = 11;
const NAME_KEYS = ['name', 'name:en', 'name:fr', 'script'];

export interface RegionTile { z: number; x: number; y: number; data: Uint8Array }

const lonToTileX = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
function latToTileY(lat: number, z: number): number {
  const radians = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * 2 ** z);
}

/** Every tile address of zoom `z` that meets the box. */
export function tilesCovering([west, south, east, north]: Box, z: number): Array<{ z: number; x: number; y: number }> {
  const last = 2 ** z - 1;
  const clamp = (value: number) => Math.max(0, Math.min(last, value));
  const tiles: Array<{ z: number; x: number; y: number }> = [];
  for (let x = clamp(lonToTileX(west, z)); x <= clamp(lonToTileX(east, z)); x++) {
    for (let y = clamp(latToTileY(north, z)); y <= clamp(latToTileY(south, z)); y++) tiles.push({ z, x, y });
  }
  return tiles;
}

/** The encoded tiles of the region, zoom by zoom; tiles with nothing in them are left out. */
export function* cutRegionTiles(
  features: OsmBasemapFeatures, { minZoom = REGION_MIN_ZOOM, maxZoom = REGION_MAX_ZOOM } = {},
): Generator<RegionTile> {
  const index = (layer: OsmBasemapFeatures['mergedRoads']) => new GeoJSONVT({ type: 'FeatureCollection', features: layer }, {
    maxZoom, indexMaxZoom: 5, indexMaxPoints: 100_000, extent: TILE_EXTENT, buffer: 64, tolerance: 3,
  });
  const indexes = new Map<ProtomapsLayerName, GeoJSONVT>();
  for (const name of PROTOMAPS_LAYERS) if (features.layers[name].length > 0) indexes.set(name, index(features.layers[name]));
  const mergedRoads = index(features.mergedRoads);
  for (let z = minZoom; z <= maxZoom; z++) {
    for (const { x, y } of tilesCovering(features.bounds, z)) {
      const layers: Record<string, LegacyTile> = {};
      for (const [name, layerIndex] of indexes) {
        const index = name === 'roads' && z <= ROAD_MERGE_MAX_ZOOM ? mergedRoads : layerIndex;
        const tile = index.getTile(z, x, y);
        let kept = tile?.features.filter((feature) => Number(feature.tags?.min_zoom ?? 0) - 1 <= z) ?? [];
        if (name === 'roads' && z < ROAD_LABEL_MIN_ZOOM) {
          kept = kept.map((feature) => ({ ...feature, tags: Object.fromEntries(Object.entries(feature.tags ?? {}).filter(([key]) => !NAME_KEYS.includes(key))) }));
        }
        if (kept.length > 0) layers[name] = { features: kept };
      }
      if (Object.keys(layers).length > 0) yield { z, x, y, data: vtpbf.fromGeojsonVt(layers, { version: 2, extent: TILE_EXTENT }) };
    }
  }
}
