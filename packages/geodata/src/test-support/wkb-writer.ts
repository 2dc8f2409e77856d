/**
 * GeoJSON points and polygons written as well-known binary, as PostGIS's ST_AsBinary writes them
 * (2D, ISO types, no SRID), in either byte order: what tests hand to readers of the database's WKB.
 */
import type { MultiPolygon, Point, Polygon, Position } from 'geojson';

export function wkbOf(geometry: Point | Polygon | MultiPolygon, little = true): Uint8Array {
  const polygons = geometry.type === 'Point' ? [] : geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const polygonBytes = (rings: Position[][]) => 9 + rings.reduce((sum, ring) => sum + 4 + ring.length * 16, 0);
  const length = geometry.type === 'Point' ? 21
    : geometry.type === 'Polygon' ? polygonBytes(polygons[0]!)
      : 9 + polygons.reduce((sum, rings) => sum + polygonBytes(rings), 0);
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  let offset = 0;
  const header = (type: number) => {
    view.setUint8(offset, little ? 1 : 0);
    view.setUint32(offset + 1, type, little);
    offset += 5;
  };
  const uint = (value: number) => {
    view.setUint32(offset, value, little);
    offset += 4;
  };
  const position = ([x, y]: Position) => {
    view.setFloat64(offset, x!, little);
    view.setFloat64(offset + 8, y!, little);
    offset += 16;
  };
  const polygon = (rings: Position[][]) => {
    header(3);
    uint(rings.length);
    for (const ring of rings) {
      uint(ring.length);
      ring.forEach(position);
    }
  };
  if (geometry.type === 'Point') {
    header(1);
    position(geometry.coordinates);
  } else if (geometry.type === 'Polygon') {
    polygon(geometry.coordinates);
  } else {
    header(6);
    uint(polygons.length);
    polygons.forEach(polygon);
  }
  return bytes;
}
