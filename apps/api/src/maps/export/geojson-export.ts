/**
 * A map's areas as a GeoJSON FeatureCollection (RFC 7946), for a GIS: one Feature per area, in
 * the map's order, its id the area's uuid, its polygons with outer rings counter-clockwise, and
 * its properties: label, folder, colour and the recipe as stored (units in the names), plus the
 * simplestyle keys (fill, stroke…) that viewers such as geojson.io draw with.
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { MAP_STYLE, orientRings, type Area, type MapDocument } from '@catchment/domain';

export const GEOJSON_TYPE = 'application/geo+json; charset=utf-8';

export interface AreaFeatureProperties {
  label: string;
  folder: string;
  folderUuid: string;
  color: string;
  hidden: boolean;
  isoMode: Area['isoMode'];
  transportMode: Area['transportMode'];
  operation: Area['operation'];
  durationSeconds: number | null;
  distanceMeters: number | null;
  startAddress: string | null;
  startPoint: [number, number] | null;
  /** Every start of an area from several (startPoint is the first), else null. */
  startPoints: [number, number][] | null;
  direction: Area['direction'];
  unitKind: string | null;
  unitCodes: string[] | null;
  fill: string;
  'fill-opacity': number;
  stroke: string;
  'stroke-width': number;
}

export type AreaFeature = Feature<Polygon | MultiPolygon, AreaFeatureProperties>;

/** The collection, with the map's title as a foreign member `name` (GDAL names the layer after it). */
export function geoJsonExport(map: MapDocument): FeatureCollection<Polygon | MultiPolygon, AreaFeatureProperties> & { name: string } {
  const features = map.folders.flatMap((folder) => folder.areas.map((area): AreaFeature => ({
    type: 'Feature',
    id: area.uuid,
    geometry: orientRings(area.geometry),
    properties: {
      label: area.label,
      folder: folder.label,
      folderUuid: folder.uuid,
      color: area.color,
      hidden: area.hide,
      isoMode: area.isoMode,
      transportMode: area.transportMode,
      operation: area.operation,
      durationSeconds: area.duration,
      distanceMeters: area.distance,
      startAddress: area.startAddress,
      startPoint: area.startPoint,
      startPoints: area.startPoints,
      direction: area.direction,
      unitKind: area.unitKind,
      unitCodes: area.unitCodes,
      fill: area.color,
      'fill-opacity': MAP_STYLE.fillOpacity,
      stroke: area.color,
      'stroke-width': MAP_STYLE.weight,
    },
  })));
  return { type: 'FeatureCollection', name: map.title, features };
}
