/**
 * The way to a checked point on the map: the road followed as a line (white casing under a dark
 * line, readable over any area colour), the area's start as a dark dot and the point checked as a
 * white dot ringed in dark. Drawn above the areas, and under nothing the app adds later.
 */
import type { GeoJSONSource, Map as MaplibreMap } from 'maplibre-gl';

export interface RouteDisplay {
  line: GeoJSON.LineString;
  start: [number, number];
  point: [number, number];
}

export const ROUTE_SOURCE_ID = 'catchment-route';
const CASING_LAYER_ID = 'catchment-route-casing';
export const ROUTE_LINE_LAYER_ID = 'catchment-route-line';
const ENDS_LAYER_ID = 'catchment-route-ends';
const LAYER_IDS = [CASING_LAYER_ID, ROUTE_LINE_LAYER_ID, ENDS_LAYER_ID];
const ROUTE_COLOR = '#111827';

function routeFeatures(route: RouteDisplay | null): GeoJSON.FeatureCollection {
  if (!route) return { type: 'FeatureCollection', features: [] };
  return {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: { role: 'line' }, geometry: route.line },
      { type: 'Feature', properties: { role: 'start' }, geometry: { type: 'Point', coordinates: route.start } },
      { type: 'Feature', properties: { role: 'point' }, geometry: { type: 'Point', coordinates: route.point } },
    ],
  };
}

/** At most one route on a map; its layers are added on the first one and emptied, not removed, after. */
export class RouteLayers {
  constructor(private readonly map: MaplibreMap) {}

  show(route: RouteDisplay | null): void {
    const { map } = this;
    const source = map.getSource<GeoJSONSource>(ROUTE_SOURCE_ID);
    if (source) {
      source.setData(routeFeatures(route));
      // Areas or points added since would otherwise cover the route.
      for (const id of LAYER_IDS) if (map.getLayer(id)) map.moveLayer(id);
      return;
    }
    if (!route) return;
    map.addSource(ROUTE_SOURCE_ID, { type: 'geojson', data: routeFeatures(route) });
    const line = ['==', ['get', 'role'], 'line'] as never;
    map.addLayer({
      id: CASING_LAYER_ID, type: 'line', source: ROUTE_SOURCE_ID, filter: line,
      layout: { 'line-join': 'round', 'line-cap': 'round' }, paint: { 'line-color': '#ffffff', 'line-width': 7 },
    });
    map.addLayer({
      id: ROUTE_LINE_LAYER_ID, type: 'line', source: ROUTE_SOURCE_ID, filter: line,
      layout: { 'line-join': 'round', 'line-cap': 'round' }, paint: { 'line-color': ROUTE_COLOR, 'line-width': 4 },
    });
    map.addLayer({
      id: ENDS_LAYER_ID, type: 'circle', source: ROUTE_SOURCE_ID, filter: ['!=', ['get', 'role'], 'line'] as never,
      paint: {
        'circle-radius': 7,
        'circle-color': ['case', ['==', ['get', 'role'], 'start'], ROUTE_COLOR, '#ffffff'] as never,
        'circle-stroke-color': ROUTE_COLOR,
        'circle-stroke-width': 3,
      },
    });
  }
}
