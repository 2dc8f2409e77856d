/**
 * Brings coordinates to WGS84 lon/lat from the projection a file declares (a Shapefile's .prj, a
 * GeoPackage's spatial reference system), as WKT. Geographic systems (WGS84, RGF93 lon/lat…) are
 * left as they are: their datums differ from WGS84 by far less than a metre.
 */
import type { Geometry, Position } from 'geojson';
import proj4 from 'proj4';

export type Reproject = (geometry: Geometry) => Geometry;

const identity: Reproject = (geometry) => geometry;

export function reprojectorFromWkt(wkt: string | undefined): Reproject {
  if (!wkt || !/^\s*PROJCS|^\s*PROJCRS/i.test(wkt)) return identity;
  const converter = proj4(wkt, 'EPSG:4326');
  const point = (position: Position): Position => converter.forward([position[0]!, position[1]!]);
  return (geometry) => mapPositions(geometry, point);
}

function mapPositions(geometry: Geometry, point: (position: Position) => Position): Geometry {
  switch (geometry.type) {
    case 'Point': return { type: 'Point', coordinates: point(geometry.coordinates) };
    case 'MultiPoint': return { type: 'MultiPoint', coordinates: geometry.coordinates.map(point) };
    case 'LineString': return { type: 'LineString', coordinates: geometry.coordinates.map(point) };
    case 'MultiLineString': return { type: 'MultiLineString', coordinates: geometry.coordinates.map((line) => line.map(point)) };
    case 'Polygon': return { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(point)) };
    case 'MultiPolygon': return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(point))) };
    case 'GeometryCollection': return { type: 'GeometryCollection', geometries: geometry.geometries.map((part) => mapPositions(part, point)) };
  }
}
