/** The sources and layers that draw areas and previews (SPEC §9 map style). */
import type { LayerSpecification, Map as MaplibreMap } from 'maplibre-gl';
import { MAP_STYLE } from '@catchment/domain';

export const AREAS_SOURCE_ID = 'catchment-areas';
export const PREVIEW_SOURCE_ID = 'catchment-preview';
export const AREAS_FILL_LAYER_ID = 'catchment-areas-fill';
export const AREAS_LINE_LAYER_ID = 'catchment-areas-line';
const PREVIEW_FILL_LAYER_ID = 'catchment-preview-fill';
const PREVIEW_LINE_LAYER_ID = 'catchment-preview-line';
const PREVIEW_COLOR = '#1f2937';

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

const layers: LayerSpecification[] = [
  {
    id: AREAS_FILL_LAYER_ID,
    type: 'fill',
    source: AREAS_SOURCE_ID,
    paint: { 'fill-color': ['get', 'color'], 'fill-opacity': MAP_STYLE.fillOpacity },
  },
  {
    id: AREAS_LINE_LAYER_ID,
    type: 'line',
    source: AREAS_SOURCE_ID,
    layout: { 'line-join': 'round' },
    paint: {
      'line-color': ['get', 'color'],
      'line-width': ['case', ['boolean', ['get', 'selected'], false], MAP_STYLE.selectedWeight, MAP_STYLE.weight],
    },
  },
  {
    id: PREVIEW_FILL_LAYER_ID,
    type: 'fill',
    source: PREVIEW_SOURCE_ID,
    paint: { 'fill-color': PREVIEW_COLOR, 'fill-opacity': 0.12 },
  },
  {
    id: PREVIEW_LINE_LAYER_ID,
    type: 'line',
    source: PREVIEW_SOURCE_ID,
    paint: { 'line-color': PREVIEW_COLOR, 'line-width': MAP_STYLE.weight, 'line-dasharray': [3, 2] },
  },
];

/** Adds the area and preview sources and layers on top of the basemap (once the style is loaded). */
export function addAreaLayers(map: MaplibreMap): void {
  if (!map.getSource(AREAS_SOURCE_ID)) map.addSource(AREAS_SOURCE_ID, { type: 'geojson', data: EMPTY });
  if (!map.getSource(PREVIEW_SOURCE_ID)) map.addSource(PREVIEW_SOURCE_ID, { type: 'geojson', data: EMPTY });
  for (const layer of layers) if (!map.getLayer(layer.id)) map.addLayer(layer);
}

export function emptyCollection(): GeoJSON.FeatureCollection {
  return { type: 'FeatureCollection', features: [] };
}
