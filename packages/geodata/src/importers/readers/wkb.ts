/**
 * Well-Known Binary → GeoJSON geometry, for GeoPackage blobs: points, lines, polygons and their
 * multi- and collection forms, in 2D, with Z/M ordinates (ISO 1000s codes or EWKB flags) dropped.
 */
import type { Geometry, Position } from 'geojson';

/** A WKB geometry's header: byte order, base type (1 point … 7 collection), ordinates per position, and its length in bytes. */
export interface WkbHeader { little: boolean; type: number; dimensions: number; size: number }

/** The header at `offset`. EWKB sets high bits for Z, M and SRID (then 4 bytes of SRID follow); ISO adds 1000 (Z), 2000 (M) or 3000 (ZM). */
export function readWkbHeader(view: DataView, offset: number): WkbHeader {
  const little = view.getUint8(offset) === 1;
  const rawType = view.getUint32(offset + 1, little);
  const iso = Math.floor((rawType & 0xffff) / 1000);
  const hasZ = (rawType & 0x80000000) !== 0 || iso === 1 || iso === 3;
  const hasM = (rawType & 0x40000000) !== 0 || iso === 2 || iso === 3;
  return { little, type: (rawType & 0xffff) % 1000, dimensions: 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0), size: (rawType & 0x20000000) !== 0 ? 9 : 5 };
}

export function parseWkb(bytes: Uint8Array, start = 0): Geometry {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = start;
  const readGeometry = (): Geometry => {
    const { little, type, dimensions, size } = readWkbHeader(view, offset);
    offset += size;
    const uint = () => {
      const value = view.getUint32(offset, little);
      offset += 4;
      return value;
    };
    const position = (): Position => {
      const x = view.getFloat64(offset, little);
      const y = view.getFloat64(offset + 8, little);
      offset += 8 * dimensions;
      return [x, y];
    };
    const line = () => Array.from({ length: uint() }, position);
    const rings = () => Array.from({ length: uint() }, line);
    const parts = () => Array.from({ length: uint() }, readGeometry);
    switch (type) {
      case 1: return { type: 'Point', coordinates: position() };
      case 2: return { type: 'LineString', coordinates: line() };
      case 3: return { type: 'Polygon', coordinates: rings() };
      case 4: return { type: 'MultiPoint', coordinates: parts().map((part) => (part as { coordinates: Position }).coordinates) };
      case 5: return { type: 'MultiLineString', coordinates: parts().map((part) => (part as { coordinates: Position[] }).coordinates) };
      case 6: return { type: 'MultiPolygon', coordinates: parts().map((part) => (part as { coordinates: Position[][] }).coordinates) };
      case 7: return { type: 'GeometryCollection', geometries: parts() };
      default: throw new Error(`unsupported WKB geometry type ${type}`);
    }
  };
  return readGeometry();
}

/**
 * A GeoPackage geometry blob: "GP", version, flags, SRS id, an optional envelope, then WKB.
 * Returns null for an empty geometry.
 */
export function parseGeoPackageGeometry(blob: Uint8Array): Geometry | null {
  if (blob[0] !== 0x47 || blob[1] !== 0x50) throw new Error('not a GeoPackage geometry (missing the GP magic)');
  const flags = blob[3]!;
  if ((flags & 0b10000) !== 0) return null;
  const envelopeBytes = [0, 32, 48, 48, 64][(flags >> 1) & 0b111] ?? 0;
  return parseWkb(blob, 8 + envelopeBytes);
}
