/**
 * The outlines of territorial units (the administrative mode): a vector source of the kind's
 * tiles, drawn under the areas, with the selected units highlighted and their names from the
 * kind's label zoom (SPEC §9).
 */
import type { FilterSpecification, LayerSpecification, Map as MaplibreMap, VisibilitySpecification } from 'maplibre-gl';
import { AREAS_FILL_LAYER_ID } from './area-layers.js';

export interface UnitLayer {
  kind: string;
  /** Tile URL template ({z}/{x}/{y}). */
  tilesUrl: string;
  /** Zoom from which the kind's outlines exist, and from which they are labelled. */
  outlineZoom: number;
  labelZoom: number;
  selectedCodes: readonly string[];
}

const SOURCE_ID = 'catchment-units';
export const UNITS_FILL_LAYER_ID = 'catchment-units-fill';
export const UNITS_POINT_LAYER_ID = 'catchment-units-points';
const SELECTED_LAYER_ID = 'catchment-units-selected';
const LINE_LAYER_ID = 'catchment-units-line';
const LABEL_LAYER_ID = 'catchment-units-labels';
const UNIT_COLOR = '#4b5563';
const SELECTED_COLOR = '#2563eb';

const selectedFilter = (codes: readonly string[]): FilterSpecification =>
  ['all', ['==', ['geometry-type'], 'Polygon'], ['in', ['get', 'code'], ['literal', [...codes]]]];

function layers(layer: UnitLayer): LayerSpecification[] {
  const base = { source: SOURCE_ID, 'source-layer': 'units' } as const;
  return [
    { id: UNITS_FILL_LAYER_ID, type: 'fill', ...base, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': UNIT_COLOR, 'fill-opacity': 0.06 } },
    { id: SELECTED_LAYER_ID, type: 'fill', ...base, filter: selectedFilter(layer.selectedCodes), paint: { 'fill-color': SELECTED_COLOR, 'fill-opacity': 0.35 } },
    { id: LINE_LAYER_ID, type: 'line', ...base, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'line-color': UNIT_COLOR, 'line-width': 1 } },
    {
      id: UNITS_POINT_LAYER_ID, type: 'circle', ...base, filter: ['==', ['geometry-type'], 'Point'],
      paint: { 'circle-radius': 3, 'circle-color': UNIT_COLOR, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 },
    },
    {
      id: LABEL_LAYER_ID, type: 'symbol', source: SOURCE_ID, 'source-layer': 'labels', minzoom: layer.labelZoom,
      layout: { 'text-field': ['get', 'name'], 'text-size': 12, 'text-max-width': 8 },
      paint: { 'text-color': '#111827', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    },
  ];
}

/**
 * Kinds whose units are towns: their labels name the same places as the basemap's place labels,
 * which are hidden while such a kind is shown so that each town is named once.
 */
const namesTowns = (kind: string) => kind.endsWith('_cities');

/** The basemap's place labels and dots (source layer "places", whichever basemap style is loaded). */
function basemapPlaceLayers(map: MaplibreMap): string[] {
  return (map.getStyle()?.layers ?? [])
    .filter((spec) => 'source-layer' in spec && spec['source-layer'] === 'places' && spec.source !== SOURCE_ID)
    .map((spec) => spec.id);
}

/** The units drawn on one map: at most one kind at a time. */
export class UnitLayers {
  private kind: string | null = null;
  /** Basemap layers hidden while town units are shown, with the visibility to give back. */
  private hiddenPlaces: { id: string; visibility: VisibilitySpecification | undefined }[] = [];

  constructor(private readonly map: MaplibreMap) {}

  /** Shows a kind's units (replacing another kind's), or removes them with null. */
  show(layer: UnitLayer | null): void {
    const { map } = this;
    if (layer && layer.kind === this.kind) {
      map.setFilter(SELECTED_LAYER_ID, selectedFilter(layer.selectedCodes));
      return;
    }
    for (const id of [LABEL_LAYER_ID, UNITS_POINT_LAYER_ID, LINE_LAYER_ID, SELECTED_LAYER_ID, UNITS_FILL_LAYER_ID]) if (map.getLayer(id)) map.removeLayer(id);
    if (map.getSource(SOURCE_ID)) map.removeSource(SOURCE_ID);
    this.restorePlaces();
    this.kind = layer?.kind ?? null;
    if (!layer) return;
    if (namesTowns(layer.kind)) this.hidePlaces();
    map.addSource(SOURCE_ID, { type: 'vector', tiles: [layer.tilesUrl], minzoom: layer.outlineZoom, maxzoom: 14 });
    // Under the areas, so the user still sees what they drew.
    const before = map.getLayer(AREAS_FILL_LAYER_ID) ? AREAS_FILL_LAYER_ID : undefined;
    for (const spec of layers(layer)) map.addLayer(spec, before);
  }

  private hidePlaces(): void {
    this.hiddenPlaces = basemapPlaceLayers(this.map).map((id) => ({ id, visibility: this.map.getLayoutProperty(id, 'visibility') as VisibilitySpecification | undefined }));
    for (const { id } of this.hiddenPlaces) this.map.setLayoutProperty(id, 'visibility', 'none');
  }

  private restorePlaces(): void {
    for (const { id, visibility } of this.hiddenPlaces) {
      if (this.map.getLayer(id)) this.map.setLayoutProperty(id, 'visibility', visibility ?? 'visible');
    }
    this.hiddenPlaces = [];
  }

  get shown(): boolean {
    return this.kind !== null;
  }
}
