/** Turns the areas of a map into the GeoJSON the map layers draw. Pure, so it is tested without a map. */
import type { DisplayArea } from './map-context.js';

export interface AreaFeatureProperties {
  uuid: string;
  label: string;
  color: string;
  selected: boolean;
}

export type AreaFeatureCollection = GeoJSON.FeatureCollection<GeoJSON.Polygon | GeoJSON.MultiPolygon, AreaFeatureProperties>;

/** Visible areas only; selected areas last so that their thick outline is drawn over their neighbours. */
export function areaFeatures(areas: readonly DisplayArea[]): AreaFeatureCollection {
  const visible = areas.filter((area) => !area.hide);
  const ordered = [...visible.filter((area) => !area.selected), ...visible.filter((area) => area.selected)];
  return {
    type: 'FeatureCollection',
    features: ordered.map((area) => ({
      type: 'Feature',
      properties: { uuid: area.uuid, label: area.label, color: area.color, selected: area.selected },
      geometry: area.geometry,
    })),
  };
}

/** [west, south, east, north] of any geometry; null when it has no coordinates. */
export function geometryBounds(geometry: GeoJSON.Geometry): [number, number, number, number] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number' && typeof value[1] === 'number') {
      const [lng, lat] = value as [number, number];
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
      return;
    }
    for (const item of value) visit(item);
  };
  if (geometry.type === 'GeometryCollection') {
    for (const part of geometry.geometries) {
      const bounds = geometryBounds(part);
      if (bounds) {
        west = Math.min(west, bounds[0]);
        south = Math.min(south, bounds[1]);
        east = Math.max(east, bounds[2]);
        north = Math.max(north, bounds[3]);
      }
    }
  } else {
    visit(geometry.coordinates);
  }
  return Number.isFinite(west) ? [west, south, east, north] : null;
}
