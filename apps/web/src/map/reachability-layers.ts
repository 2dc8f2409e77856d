/**
 * The "where to open" layer on the map: the grid's cells the server computed (GeoJSON, each with
 * its `index`, `value` and `class`) filled in their class colour, a thin white outline between
 * them, and the cell the user picked in the best cells outlined in dark. Like the heatmap, it sits
 * under the basemap's labels and under the areas, so places stay named and what the user drew
 * stays on top.
 */
import type { GeoJSONSource, Map as MaplibreMap } from 'maplibre-gl';
import type { ReachabilityHeatmap } from '@catchment/domain';
import { layerAboveHeatmap } from './heatmap-layers.js';
import { CELL_CLASS_PROPERTY, CELL_INDEX_PROPERTY, cellColorExpression } from './reachability-paint.js';

export interface ReachabilityLayer {
  cells: ReachabilityHeatmap['cells'];
  /** A colour per class, as the server sent them. */
  colors: string[];
  /** 0 to 1. */
  opacity: number;
  /** The cell outlined (its index in the grid); null: none. */
  highlightedIndex: number | null;
}

const SOURCE_ID = 'catchment-reachability';
export const REACHABILITY_FILL_LAYER_ID = 'catchment-reachability-fill';
const LINE_LAYER_ID = 'catchment-reachability-line';
export const REACHABILITY_HIGHLIGHT_LAYER_ID = 'catchment-reachability-highlight';
const LAYER_IDS = [REACHABILITY_FILL_LAYER_ID, LINE_LAYER_ID, REACHABILITY_HIGHLIGHT_LAYER_ID];
const OUTLINE_COLOR = '#ffffff';
const HIGHLIGHT_COLOR = '#111827';

const highlightFilter = (index: number | null) => ['==', ['get', CELL_INDEX_PROPERTY], index ?? -1] as const;

/** The where-to-open layer drawn on one map: at most one at a time. */
export class ReachabilityLayers {
  private shown: ReachabilityLayer | null = null;

  constructor(private readonly map: MaplibreMap) {
    // A new basemap style (another language) puts the app's layers back on top of it: the cells go back under the labels.
    map.on('styledata', this.restack);
  }

  dispose(): void {
    this.map.off('styledata', this.restack);
  }

  /** Shows the cells (replacing those shown), or removes them with null. */
  show(layer: ReachabilityLayer | null): void {
    const { map } = this;
    const previous = this.shown;
    this.shown = layer;
    const source = map.getSource<GeoJSONSource>(SOURCE_ID);
    if (layer && previous && source) {
      if (previous.cells !== layer.cells) source.setData(layer.cells);
      map.setPaintProperty(REACHABILITY_FILL_LAYER_ID, 'fill-color', cellColorExpression(layer.colors));
      map.setPaintProperty(REACHABILITY_FILL_LAYER_ID, 'fill-opacity', layer.opacity);
      map.setPaintProperty(LINE_LAYER_ID, 'line-opacity', lineOpacity(layer.opacity));
      map.setFilter(REACHABILITY_HIGHLIGHT_LAYER_ID, highlightFilter(layer.highlightedIndex) as never);
      return;
    }
    for (const id of LAYER_IDS) if (map.getLayer(id)) map.removeLayer(id);
    if (source) map.removeSource(SOURCE_ID);
    if (!layer) return;
    map.addSource(SOURCE_ID, { type: 'geojson', data: layer.cells });
    const before = layerAboveHeatmap(map, LAYER_IDS);
    // Cells without roads (class -1) are left out: the basemap shows through where nobody can be reached from.
    const classed = ['>=', ['get', CELL_CLASS_PROPERTY], 0] as never;
    map.addLayer({ id: REACHABILITY_FILL_LAYER_ID, type: 'fill', source: SOURCE_ID, filter: classed, paint: { 'fill-color': cellColorExpression(layer.colors), 'fill-opacity': layer.opacity } }, before);
    map.addLayer({ id: LINE_LAYER_ID, type: 'line', source: SOURCE_ID, filter: classed, paint: { 'line-color': OUTLINE_COLOR, 'line-width': 0.4, 'line-opacity': lineOpacity(layer.opacity) } }, before);
    map.addLayer({
      id: REACHABILITY_HIGHLIGHT_LAYER_ID, type: 'line', source: SOURCE_ID, filter: highlightFilter(layer.highlightedIndex) as never,
      paint: { 'line-color': HIGHLIGHT_COLOR, 'line-width': 3 },
    }, before);
  }

  private readonly restack = () => {
    if (!this.shown || !this.map.getLayer(REACHABILITY_FILL_LAYER_ID)) return;
    const ids = (this.map.getStyle()?.layers ?? []).map((spec) => spec.id);
    const above = layerAboveHeatmap(this.map, LAYER_IDS);
    if (above === undefined || ids.indexOf(REACHABILITY_FILL_LAYER_ID) < ids.indexOf(above)) return;
    for (const id of LAYER_IDS) this.map.moveLayer(id, above);
  };
}

/** The outlines a little stronger than the fill, so cells of one class stay apart. */
const lineOpacity = (opacity: number) => Math.min(1, opacity + 0.1);
