/**
 * The heatmap on the map (SPEC §7): a vector source of the heatmap's tiles (layer `heatmap`, one
 * feature per unit with its `value`), its units filled in their class colour with a thin outline,
 * units known only by a point drawn as dots. It sits under the basemap's labels, so places stay
 * named, and under the unit outlines and the areas, so what the user drew stays on top.
 */
import type { ErrorEvent, FilterSpecification, LayerSpecification, Map as MaplibreMap } from 'maplibre-gl';
import { HEATMAP_TILE_LAYER } from '@catchment/domain';
import { heatmapColorExpression, type HeatmapColors } from './heatmap-paint.js';

export interface HeatmapLayer {
  /** Tile URL template ({z}/{x}/{y}); a new URL (another measure, level or mode) loads the tiles again. */
  tilesUrl: string;
  /** Zoom from which the tiles carry units. */
  minZoom: number;
  colors: HeatmapColors;
  /** 0 to 1. */
  opacity: number;
  /** A tile the server refused (its HTTP status: 503 for a heatmap built too slowly). */
  onTileError?(status: number): void;
}

const SOURCE_ID = 'catchment-heatmap';
export const HEATMAP_FILL_LAYER_ID = 'catchment-heatmap-fill';
const LINE_LAYER_ID = 'catchment-heatmap-line';
const POINT_LAYER_ID = 'catchment-heatmap-points';
const LAYER_IDS = [HEATMAP_FILL_LAYER_ID, LINE_LAYER_ID, POINT_LAYER_ID];
/** The server's tiles stop there; closer views scale them up. */
const TILES_MAX_ZOOM = 14;
const OUTLINE_COLOR = '#ffffff';
const POLYGONS: FilterSpecification = ['==', ['geometry-type'], 'Polygon'];

function layers(layer: HeatmapLayer): LayerSpecification[] {
  const base = { source: SOURCE_ID, 'source-layer': HEATMAP_TILE_LAYER } as const;
  const color = heatmapColorExpression(layer.colors);
  return [
    { id: HEATMAP_FILL_LAYER_ID, type: 'fill', ...base, filter: POLYGONS, paint: { 'fill-color': color, 'fill-opacity': layer.opacity } },
    // A light outline parts neighbours of the same class without competing with the areas' lines.
    { id: LINE_LAYER_ID, type: 'line', ...base, filter: POLYGONS, paint: { 'line-color': OUTLINE_COLOR, 'line-width': 0.6, 'line-opacity': Math.min(1, layer.opacity + 0.1) } },
    {
      id: POINT_LAYER_ID, type: 'circle', ...base, filter: ['==', ['geometry-type'], 'Point'],
      paint: { 'circle-radius': 5, 'circle-color': color, 'circle-opacity': layer.opacity, 'circle-stroke-color': OUTLINE_COLOR, 'circle-stroke-width': 1 },
    },
  ];
}

/**
 * The first layer a heatmap (its own layers `own`) must stay under: the basemap's first labels,
 * else the app's own layers (the areas, the searches' points).
 */
export function layerAboveHeatmap(map: MaplibreMap, own: readonly string[]): string | undefined {
  const style = map.getStyle();
  return style?.layers.find((spec) => !own.includes(spec.id) && (spec.type === 'symbol' || ('source' in spec && spec.source.startsWith('catchment-'))))?.id;
}

/** The heatmap drawn on one map: at most one at a time. */
export class HeatmapLayers {
  private shown: HeatmapLayer | null = null;

  constructor(private readonly map: MaplibreMap) {
    map.on('error', this.handleError);
    // A new basemap style (another language) puts the app's layers back on top of it: the heatmap goes back under the labels.
    map.on('styledata', this.restack);
  }

  dispose(): void {
    this.map.off('error', this.handleError);
    this.map.off('styledata', this.restack);
  }

  /** Shows a heatmap (replacing the one shown), or removes it with null. */
  show(layer: HeatmapLayer | null): void {
    const { map } = this;
    const previous = this.shown;
    this.shown = layer;
    if (layer && previous && previous.tilesUrl === layer.tilesUrl && previous.minZoom === layer.minZoom && map.getSource(SOURCE_ID)) {
      const color = heatmapColorExpression(layer.colors);
      map.setPaintProperty(HEATMAP_FILL_LAYER_ID, 'fill-color', color);
      map.setPaintProperty(HEATMAP_FILL_LAYER_ID, 'fill-opacity', layer.opacity);
      map.setPaintProperty(LINE_LAYER_ID, 'line-opacity', Math.min(1, layer.opacity + 0.1));
      map.setPaintProperty(POINT_LAYER_ID, 'circle-color', color);
      map.setPaintProperty(POINT_LAYER_ID, 'circle-opacity', layer.opacity);
      return;
    }
    for (const id of LAYER_IDS) if (map.getLayer(id)) map.removeLayer(id);
    if (map.getSource(SOURCE_ID)) map.removeSource(SOURCE_ID);
    if (!layer) return;
    map.addSource(SOURCE_ID, { type: 'vector', tiles: [layer.tilesUrl], minzoom: layer.minZoom, maxzoom: TILES_MAX_ZOOM });
    const before = this.layerAbove();
    for (const spec of layers(layer)) map.addLayer(spec, before);
  }

  private layerAbove(): string | undefined {
    return layerAboveHeatmap(this.map, LAYER_IDS);
  }

  private readonly restack = () => {
    if (!this.shown || !this.map.getLayer(HEATMAP_FILL_LAYER_ID)) return;
    const ids = (this.map.getStyle()?.layers ?? []).map((spec) => spec.id);
    const above = this.layerAbove();
    if (above === undefined || ids.indexOf(HEATMAP_FILL_LAYER_ID) < ids.indexOf(above)) return;
    for (const id of LAYER_IDS) this.map.moveLayer(id, above);
  };

  private readonly handleError = (event: ErrorEvent & { sourceId?: string }) => {
    if (event.sourceId !== SOURCE_ID) return;
    const status = (event.error as { status?: unknown } | undefined)?.status;
    this.shown?.onTileError?.(typeof status === 'number' ? status : 0);
  };
}
