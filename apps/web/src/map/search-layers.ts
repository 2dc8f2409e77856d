/**
 * The points of business searches: one vector source per search (its tiles: layer `items`, one
 * point per business, and below zoom 12 layer `clusters`, one point per group with its `count`),
 * drawn in the search's colour above the areas, the first search of the list on top; and one ring
 * around the point the user chose in a list.
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

const PREFIX = 'catchment-search-';
const HIGHLIGHT_SOURCE_ID = 'catchment-search-highlight';
const HIGHLIGHT_LAYER_ID = 'catchment-search-highlight-ring';
/** The server's tiles stop there; closer views scale them up. */
const TILES_MAX_ZOOM = 14;

const sourceId = (searchId: number) => `${PREFIX}${searchId}`;
const itemsLayerId = (searchId: number) => `${PREFIX}${searchId}-items`;
const clustersLayerId = (searchId: number) => `${PREFIX}${searchId}-clusters`;
const countsLayerId = (searchId: number) => `${PREFIX}${searchId}-counts`;
const layerIdsOf = (searchId: number) => [clustersLayerId(searchId), countsLayerId(searchId), itemsLayerId(searchId)];

function layers({ searchId, color }: SearchLayer): LayerSpecification[] {
  const source = sourceId(searchId);
  return [
    {
      id: clustersLayerId(searchId), type: 'circle', source, 'source-layer': 'clusters',
      paint: {
        'circle-color': color, 'circle-opacity': 0.85, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5,
        'circle-radius': ['interpolate', ['linear'], ['get', 'count'], 2, 10, 100, 16, 1000, 22],
      },
    },
    {
      id: countsLayerId(searchId), type: 'symbol', source, 'source-layer': 'clusters',
      layout: { 'text-field': ['to-string', ['get', 'count']], 'text-size': 11, 'text-allow-overlap': true },
      paint: { 'text-color': '#ffffff', 'text-halo-color': color, 'text-halo-width': 1 },
    },
    {
      id: itemsLayerId(searchId), type: 'circle', source, 'source-layer': 'items',
      paint: {
        'circle-color': color, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 3.5, 16, 7],
      },
    },
  ];
}

/** The searches drawn on one map. */
export class SearchLayers {
  private shown = new Map<number, SearchLayer>();

  constructor(private readonly map: MaplibreMap) {}

  /** Draws these searches (in list order, the first on top) and removes the others. */
  show(searches: readonly SearchLayer[]): void {
    const { map } = this;
    const wanted = new Map(searches.map((search) => [search.searchId, search]));
    for (const [searchId, before] of this.shown) {
      const next = wanted.get(searchId);
      if (!next || next.tilesUrl !== before.tilesUrl) this.remove(searchId);
    }
    for (const search of searches) {
      const before = this.shown.get(search.searchId);
      if (!before) {
        map.addSource(sourceId(search.searchId), { type: 'vector', tiles: [search.tilesUrl], maxzoom: TILES_MAX_ZOOM });
        for (const spec of layers(search)) map.addLayer(spec);
      } else if (before.color !== search.color) {
        map.setPaintProperty(clustersLayerId(search.searchId), 'circle-color', search.color);
        map.setPaintProperty(countsLayerId(search.searchId), 'text-halo-color', search.color);
        map.setPaintProperty(itemsLayerId(search.searchId), 'circle-color', search.color);
      }
      this.shown.set(search.searchId, search);
    }
    // Each to the top from the last to the first: the first search ends on top, the ring above all.
    for (const search of [...searches].reverse()) for (const id of layerIdsOf(search.searchId)) map.moveLayer(id);
    if (map.getLayer(HIGHLIGHT_LAYER_ID)) map.moveLayer(HIGHLIGHT_LAYER_ID);
  }

  /** The business point or the cluster drawn at a pixel of the map, if any. */
  featureAt(point: PointLike): { kind: 'item'; item: SearchPoint } | { kind: 'cluster'; position: [number, number] } | null {
    const layerIds = [...this.shown.keys()].flatMap((searchId) => [itemsLayerId(searchId), clustersLayerId(searchId)])
      .filter((id) => this.map.getLayer(id));
    if (layerIds.length === 0) return null;
    const [feature] = this.map.queryRenderedFeatures(point, { layers: layerIds });
    if (!feature || feature.geometry.type !== 'Point') return null;
    const position = feature.geometry.coordinates as [number, number];
    if (feature.layer.id.endsWith('-clusters')) return { kind: 'cluster', position };
    const searchId = Number(feature.layer.id.slice(PREFIX.length, -'-items'.length));
    const itemId = Number(feature.properties?.id);
    if (!Number.isFinite(searchId) || !Number.isFinite(itemId)) return null;
    return { kind: 'item', item: { searchId, itemId, name: String(feature.properties?.name ?? ''), position } };
  }

  /** The ring around one point (null removes it). */
  highlight(position: [number, number] | null, color: string): void {
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

  private remove(searchId: number): void {
    for (const id of layerIdsOf(searchId)) if (this.map.getLayer(id)) this.map.removeLayer(id);
    if (this.map.getSource(sourceId(searchId))) this.map.removeSource(sourceId(searchId));
    this.shown.delete(searchId);
  }
}
