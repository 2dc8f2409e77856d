/** The basemap: the coarse world layer of the demo data, region basemaps built from OpenStreetMap extracts, PMTiles archives, and the style. */
export * from './basemap-layers.js';
export * from './basemap-tiles.js';
export * from './basemap-style.js';
export * from './osm/build-region-basemap.js';
export { OsmBasemapCollector, type OsmBasemapFeatures } from './osm/osm-basemap-collector.js';
export { PROTOMAPS_LAYERS, type ProtomapsLayerName } from './osm/classify-osm.js';
export * from './pmtiles/pmtiles-archive.js';
export * from './pmtiles/pmtiles-writer.js';
