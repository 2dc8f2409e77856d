/** Territorial data: the demo dataset, the offline basemap's tiles and style, the place gazetteer. */
export * from './text/place-name-key.js';
export * from './basemap/basemap-layers.js';
export * from './basemap/basemap-tiles.js';
export * from './basemap/basemap-style.js';
export * from './gazetteer/place-entry.js';
export * from './gazetteer/place-result.js';
export * from './gazetteer/gazetteer.js';
export * from './demo/demo-data.js';
export * from './countries/country-locator.js';
