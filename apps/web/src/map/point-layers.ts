/**
 * Points drawn from vector tiles, one source per list entry: a business search's results or one
 * of the user's datasets (their tiles: layer `items`, one point per business or row with its `id`
 * and `name`, and below zoom 12 layer `clusters`, one point per group with its `count`), drawn in
 * the entry's colour above the areas, the first of a list on top; and one ring around a point the
 * user chose in a list.
 */
import type { GeoJSONSource, LayerSpecification, Map as MaplibreMap, PointLike } from 'maplibre-gl';

export interface SearchLayer {
  searchId: number;
  color: string;
  /** Tile URL template ({z}/{x}/{y}); a new URL (the search's filter changed) loads the tiles again. */
  tilesUrl: string;
}

/** A business point of a search, as the map shows it. */
export interface SearchPoint {
  searchId: number;
  itemId: number;
  name: string;
  position: [number, number];
}

export interface DatasetLayer {
  datasetId: number;
  color: string;
  /** Tile URL template ({z}/{x}/{y}); a new URL (rows added) loads the tiles again. */
  tilesUrl: string;
}

/** A row of a dataset, as the map shows it. */
export interface DatasetPoint {
  datasetId: number;
  itemId: number;
  name: string;
  position: [number, number];
}

/** One list entry's points: its id in the list (a search's, a dataset's), colour and tiles. */
export interface PointSource { id: number; color: string; tilesUrl: string }

/** What is drawn at a pixel: one point of an entry, or a group of them. */
export type PointFeature =
  | { kind: 'item'; sourceId: number; itemId: number; name: string; position: [number, number] }
  | { kind: 'cluster'; position: [number, number] };

const HIGHLIGHT_SOURCE_ID = 'catchment-point-highlight';
const HIGHLIGHT_LAYER_ID = 'catchment-point-highlight-ring';
/** The server's tiles stop there; closer views scale them up. */
const TILES_MAX_ZOOM = 14;

/** The points of one list (searches, datasets) drawn on one map, its layers named with `prefix`. */
export class PointLayers {
  private shown = new Map<number, PointSource>();

  constructor(private readonly map: MaplibreMap, private readonly prefix: string) {}

  private sourceId = (id: number) => `${this.prefix}${id}`;
  private itemsLayerId = (id: number) => `${this.prefix}${id}-items`;
  private clustersLayerId = (id: number) => `${this.prefix}${id}-clusters`;
  private countsLayerId = (id: number) => `${this.prefix}${id}-counts`;
  private layerIdsOf = (id: number) => [this.clustersLayerId(id), this.countsLayerId(id), this.itemsLayerId(id)];

  private layers({ id, color }: PointSource): LayerSpecification[] {
    const source = this.sourceId(id);
    return [
      {
        id: this.clustersLayerId(id), type: 'circle', source, 'source-layer': 'clusters',
        paint: {
          'circle-color': color, 'circle-opacity': 0.85, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5,
          'circle-radius': ['interpolate', ['linear'], ['get', 'count'], 2, 10, 100, 16, 1000, 22],
        },
      },
      {
        id: this.countsLayerId(id), type: 'symbol', source, 'source-layer': 'clusters',
        layout: { 'text-field': ['to-string', ['get', 'count']], 'text-size': 11, 'text-allow-overlap': true },
        paint: { 'text-color': '#ffffff', 'text-halo-color': color, 'text-halo-width': 1 },
      },
      {
        id: this.itemsLayerId(id), type: 'circle', source, 'source-layer': 'items',
        paint: {
          'circle-color': color, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5,
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 3.5, 16, 7],
        },
      },
    ];
  }

  /** Draws these entries and removes the others; raise() puts them in list order. */
  show(sources: readonly PointSource[]): void {
    const { map } = this;
    const wanted = new Map(sources.map((source) => [source.id, source]));
    for (const [id, before] of this.shown) {
      const next = wanted.get(id);
      if (!next || next.tilesUrl !== before.tilesUrl) this.remove(id);
    }
    for (const source of sources) {
      const before = this.shown.get(source.id);
      if (!before) {
        map.addSource(this.sourceId(source.id), { type: 'vector', tiles: [source.tilesUrl], maxzoom: TILES_MAX_ZOOM });
        for (const spec of this.layers(source)) map.addLayer(spec);
      } else if (before.color !== source.color) {
        map.setPaintProperty(this.clustersLayerId(source.id), 'circle-color', source.color);
        map.setPaintProperty(this.countsLayerId(source.id), 'text-halo-color', source.color);
        map.setPaintProperty(this.itemsLayerId(source.id), 'circle-color', source.color);
      }
      this.shown.set(source.id, source);
    }
  }

  /** Moves the entries' layers to the top of the map, the first of the list last, so that it ends on top. */
  raise(): void {
    for (const id of [...this.shown.keys()].reverse()) for (const layer of this.layerIdsOf(id)) this.map.moveLayer(layer);
  }

  /** The point or the group drawn at a pixel of the map, if any. */
  featureAt(point: PointLike): PointFeature | null {
    const layerIds = [...this.shown.keys()].flatMap((id) => [this.itemsLayerId(id), this.clustersLayerId(id)]).filter((id) => this.map.getLayer(id));
    if (layerIds.length === 0) return null;
    const [feature] = this.map.queryRenderedFeatures(point, { layers: layerIds });
    if (!feature || feature.geometry.type !== 'Point') return null;
    const position = feature.geometry.coordinates as [number, number];
    if (feature.layer.id.endsWith('-clusters')) return { kind: 'cluster', position };
    const sourceId = Number(feature.layer.id.slice(this.prefix.length, -'-items'.length));
    const itemId = Number(feature.properties?.id);
    if (!Number.isFinite(sourceId) || !Number.isFinite(itemId)) return null;
    return { kind: 'item', sourceId, itemId, name: String(feature.properties?.name ?? ''), position };
  }

  private remove(id: number): void {
    for (const layer of this.layerIdsOf(id)) if (this.map.getLayer(layer)) this.map.removeLayer(layer);
    if (this.map.getSource(this.sourceId(id))) this.map.removeSource(this.sourceId(id));
    this.shown.delete(id);
  }
}

/** The ring around one point of a list (the business chosen in a list). */
export class PointHighlight {
  constructor(private readonly map: MaplibreMap) {}

  /** Rings a point (null removes the ring). */
  set(position: [number, number] | null, color: string): void {
    const { map } = this;
    const data: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: position ? [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: position } }] : [],
    };
    const source = map.getSource<GeoJSONSource>(HIGHLIGHT_SOURCE_ID);
    if (source) source.setData(data);
    else map.addSource(HIGHLIGHT_SOURCE_ID, { type: 'geojson', data });
    if (!map.getLayer(HIGHLIGHT_LAYER_ID)) {
      map.addLayer({
        id: HIGHLIGHT_LAYER_ID, type: 'circle', source: HIGHLIGHT_SOURCE_ID,
        paint: { 'circle-radius': 12, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': color, 'circle-stroke-width': 3 },
      });
    } else {
      map.setPaintProperty(HIGHLIGHT_LAYER_ID, 'circle-stroke-color', color);
    }
  }

  /** Keeps the ring above every point. */
  raise(): void {
    if (this.map.getLayer(HIGHLIGHT_LAYER_ID)) this.map.moveLayer(HIGHLIGHT_LAYER_ID);
  }
}
