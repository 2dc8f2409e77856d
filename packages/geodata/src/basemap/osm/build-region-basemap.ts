/**
 * A region's basemap from its OpenStreetMap extract: read it (the caller passes the reading, the
 * routing package's reader, so that one reader serves both imports), collect the features, cut
 * the tiles and write them, gzip-compressed, into one PMTiles archive, crash-safely.
 *
 * Runs where the import runs (the data command line, or a worker thread for the demo's extracts):
 * seconds of CPU for a city, never on the API's event loop.
 */
import { gzipSync } from 'node:zlib';
import { basename } from 'node:path';
import { writeFileAtomically } from '@catchment/files';
import { encodePmtiles } from '../pmtiles/pmtiles-writer.js';
import { PROTOMAPS_LAYERS } from './classify-osm.js';
import { OsmBasemapCollector, type OsmBasemapFeatures } from './osm-basemap-collector.js';
import { cutRegionTiles, REGION_MAX_ZOOM, REGION_MIN_ZOOM } from './region-tiles.js';

/** What the reading hands to the collector: the routing package's `readOsm(path, sink)` fits. */
export type ReadOsmInto = (sink: OsmBasemapCollector) => Promise<void>;

/** The file extension of region basemaps, one archive per imported extract (`<region>.pmtiles`). */
export const REGION_BASEMAP_EXTENSION = '.pmtiles';

export const OSM_ATTRIBUTION = '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">© OpenStreetMap contributors</a>';

export interface RegionBasemapSummary {
  source: string;
  outputPath: string;
  bounds: [number, number, number, number];
  features: number;
  tiles: number;
  bytes: number;
  milliseconds: number;
}

export async function collectOsmBasemapFeatures(read: ReadOsmInto): Promise<OsmBasemapFeatures> {
  const collector = new OsmBasemapCollector();
  await read(collector);
  return collector.features();
}

export async function buildRegionBasemap(options: {
  read: ReadOsmInto;
  /** The extract's file, named in the archive's metadata. */
  source: string;
  outputPath: string;
}): Promise<RegionBasemapSummary> {
  const started = performance.now();
  const features = await collectOsmBasemapFeatures(options.read);
  const tiles = [...cutRegionTiles(features)].map((tile) => ({ ...tile, data: gzipSync(tile.data) }));
  const archive = encodePmtiles(tiles, {
    bounds: features.bounds,
    minZoom: REGION_MIN_ZOOM,
    maxZoom: REGION_MAX_ZOOM,
    tileCompression: 'gzip',
    metadata: {
      name: basename(options.source),
      description: `Basemap of ${basename(options.source)} in the Protomaps basemap schema`,
      attribution: OSM_ATTRIBUTION,
      type: 'baselayer',
      format: 'pbf',
      vector_layers: PROTOMAPS_LAYERS.map((id) => ({ id, minzoom: REGION_MIN_ZOOM, maxzoom: REGION_MAX_ZOOM, fields: {} })),
    },
  });
  await writeFileAtomically(options.outputPath, archive);
  return {
    source: basename(options.source),
    outputPath: options.outputPath,
    bounds: features.bounds,
    features: PROTOMAPS_LAYERS.reduce((sum, name) => sum + features.layers[name].length, 0),
    tiles: tiles.length,
    bytes: archive.length,
    milliseconds: performance.now() - started,
  };
}

export function formatRegionBasemapSummary(summary: RegionBasemapSummary): string {
  return `Basemap of ${summary.source} → ${summary.outputPath}\n` +
    `  ${summary.features.toLocaleString('en')} features, ${summary.tiles.toLocaleString('en')} tiles (zoom ${REGION_MIN_ZOOM}–${REGION_MAX_ZOOM}), ` +
    `${(summary.bytes / 1e6).toFixed(1)} MB, ${(summary.milliseconds / 1000).toFixed(2)} s`;
}
