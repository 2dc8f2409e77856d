/**
 * Cuts the basemap's vector tiles in Node (PGlite's PostGIS has no ST_AsMVT): one geojson-vt index
 * per layer, built up front (about a second; the source GeoJSON can then be dropped), and each tile
 * encoded as a Mapbox Vector Tile with vt-pbf. Features whose `minZoom` is above the tile's zoom are left out, so small zooms carry
 * only what the style shows there.
 */
import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import vtpbf from 'vt-pbf';
import { BASEMAP_LAYERS, type BasemapLayerName, type BasemapLayers } from './basemap-layers.js';

/** Beyond this zoom the client overzooms the last tiles: the sources have no finer detail. */
export const BASEMAP_MAX_ZOOM = 10;
const TILE_EXTENT = 4096;

export interface TileAddress { z: number; x: number; y: number }

export function isValidTileAddress({ z, x, y }: TileAddress): boolean {
  const side = 2 ** z;
  return [z, x, y].every(Number.isInteger) && z >= 0 && z <= BASEMAP_MAX_ZOOM && x >= 0 && x < side && y >= 0 && y < side;
}

export class BasemapTiles {
  private readonly indexes: ReadonlyMap<BasemapLayerName, GeoJSONVT>;

  constructor(layers: BasemapLayers) {
    this.indexes = new Map(BASEMAP_LAYERS.map((name) => [name, new GeoJSONVT(layers[name], {
      maxZoom: BASEMAP_MAX_ZOOM, indexMaxZoom: 4, extent: TILE_EXTENT, buffer: 64,
    })]));
  }

  /** The encoded tile, or null when no layer has anything there (or the address is out of range). */
  tile(address: TileAddress): Uint8Array | null {
    if (!isValidTileAddress(address)) return null;
    const { z, x, y } = address;
    const tiles: Record<string, LegacyTile> = {};
    for (const name of BASEMAP_LAYERS) {
      const tile = this.indexes.get(name)!.getTile(z, x, y);
      const features = tile?.features.filter((feature) => Number(feature.tags?.minZoom ?? 0) <= z) ?? [];
      if (features.length > 0) tiles[name] = { features };
    }
    if (Object.keys(tiles).length === 0) return null;
    return vtpbf.fromGeojsonVt(tiles, { version: 2, extent: TILE_EXTENT });
  }
}
