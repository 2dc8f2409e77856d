/** Territorial data: the demo dataset, the offline basemap, the place gazetteer, territorial units and census figures, importers. */
export * from './text/place-name-key.js';
export * from './basemap/index.js';
export * from './gazetteer/place-entry.js';
export * from './gazetteer/place-result.js';
export * from './gazetteer/gazetteer.js';
export * from './demo/demo-data.js';
export * from './countries/country-locator.js';
export * from './territories/territory-dataset.js';
export * from './territories/unit-index.js';
export * from './territories/census-figures.js';
export * from './territories/unit-overlap.js';
export { boxesMeet, containsPoint, geometryBBox, intersectionArea, planarArea, prepareArea, preparePointArea, type BBox, type PointArea, type PreparedArea } from './territories/area-overlap.js';
export * from './territories/flat-polygons.js';
export { boxState, CellState } from './territories/area-grid.js';
export * from './territories/territory-store.js';
export * from './territories/unit-tiles.js';
export * from './importers/index.js';
export * from './poi/index.js';
