/** The areas' names written on the map, over their fills (the embedded view has no list beside the map to name them). */
import type { Map as MaplibreMap } from 'maplibre-gl';
import type { DisplayArea } from '../map/map-context.js';
import { areaLabelPoints } from './label-points.js';

const AREA_LABELS_SOURCE_ID = 'catchment-area-labels';
const AREA_LABELS_LAYER_ID = 'catchment-area-labels';

/** Adds the names of `areas`, once each, on top of the map (once the style is loaded). */
export function addAreaLabels(map: MaplibreMap, areas: readonly DisplayArea[]): void {
  map.addSource(AREA_LABELS_SOURCE_ID, { type: 'geojson', data: areaLabelPoints(areas) });
  map.addLayer({
    id: AREA_LABELS_LAYER_ID,
    type: 'symbol',
    source: AREA_LABELS_SOURCE_ID,
    layout: { 'text-field': ['get', 'label'], 'text-size': 13, 'text-max-width': 10 },
    paint: { 'text-color': '#1c2430', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  });
}
