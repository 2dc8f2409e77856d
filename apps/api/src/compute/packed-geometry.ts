/**
 * Polygons packed into flat typed arrays, to cross to a worker thread and back. Copying nested
 * GeoJSON arrays between threads is a structured clone of every coordinate pair, itself tens of
 * milliseconds on the event loop for a large area; a Float64Array is one memory copy.
 */
import type { AreaGeometry, Position, Ring } from '@catchment/domain';

export interface PackedGeometries {
  /** x0, y0, x1, y1, … of every ring of every geometry, in order. */
  coordinates: Float64Array;
  /** For each ring, the index (in points) just past its last point. */
  ringEnds: Uint32Array;
  /** For each polygon, the index (in rings) just past its last ring. */
  polygonEnds: Uint32Array;
  /** For each geometry, the index (in polygons) just past its last polygon. */
  geometryEnds: Uint32Array;
  /** For each geometry, 1 when it is a MultiPolygon. */
  multi: Uint8Array;
}

export function packGeometries(geometries: readonly AreaGeometry[]): PackedGeometries {
  let points = 0;
  let rings = 0;
  let polygons = 0;
  for (const geometry of geometries) {
    const list = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    polygons += list.length;
    for (const polygon of list) {
      rings += polygon.length;
      for (const ring of polygon) points += ring.length;
    }
  }
  const packed: PackedGeometries = {
    coordinates: new Float64Array(points * 2),
    ringEnds: new Uint32Array(rings),
    polygonEnds: new Uint32Array(polygons),
    geometryEnds: new Uint32Array(geometries.length),
    multi: new Uint8Array(geometries.length),
  };
  let point = 0;
  let ring = 0;
  let polygon = 0;
  for (const [g, geometry] of geometries.entries()) {
    packed.multi[g] = geometry.type === 'MultiPolygon' ? 1 : 0;
    for (const rings of geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) {
      for (const positions of rings) {
        for (const position of positions) {
          packed.coordinates[point * 2] = position[0];
          packed.coordinates[point * 2 + 1] = position[1];
          point += 1;
        }
        packed.ringEnds[ring++] = point;
      }
      packed.polygonEnds[polygon++] = ring;
    }
    packed.geometryEnds[g] = polygon;
  }
  return packed;
}

export function unpackGeometries(packed: PackedGeometries): AreaGeometry[] {
  const geometries: AreaGeometry[] = [];
  let point = 0;
  let ring = 0;
  let polygon = 0;
  for (let g = 0; g < packed.geometryEnds.length; g++) {
    const polygons: Ring[][] = [];
    for (; polygon < packed.geometryEnds[g]!; polygon++) {
      const rings: Ring[] = [];
      for (; ring < packed.polygonEnds[polygon]!; ring++) {
        const positions: Position[] = [];
        for (; point < packed.ringEnds[ring]!; point++) positions.push([packed.coordinates[point * 2]!, packed.coordinates[point * 2 + 1]!]);
        rings.push(positions);
      }
      polygons.push(rings);
    }
    geometries.push(packed.multi[g] ? { type: 'MultiPolygon', coordinates: polygons } : { type: 'Polygon', coordinates: polygons[0] ?? [] });
  }
  return geometries;
}

/** The buffers of a packed set, to transfer rather than copy when a thread no longer needs them. */
export function transferList(packed: PackedGeometries): ArrayBuffer[] {
  return [packed.coordinates, packed.ringEnds, packed.polygonEnds, packed.geometryEnds, packed.multi].map((array) => array.buffer as ArrayBuffer);
}
