/**
 * Polygons as flat typed arrays: what the overlap kernel reads (area-overlap.ts), what a compute
 * thread keeps of a cached unit (16 bytes a point instead of a [x, y] array each), and the layout
 * in which an area crosses to a compute thread, so the thread prepares it without rebuilding
 * nested GeoJSON arrays.
 */
import type { MultiPolygon, Polygon } from 'geojson';

export interface FlatPolygons {
  /** x0, y0, x1, y1, … of every ring of every polygon, in order (each ring closed, as in GeoJSON). */
  coordinates: Float64Array;
  /** For each ring, the index (in points) just past its last point. */
  ringEnds: Uint32Array;
  /** For each polygon, the index (in rings) just past its last ring (its first ring is its outer one). */
  polygonEnds: Uint32Array;
}

export const isFlat = (geometry: object): geometry is FlatPolygons => 'ringEnds' in geometry;

export function flattenPolygons(geometry: Polygon | MultiPolygon): FlatPolygons {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let points = 0;
  let rings = 0;
  for (const polygon of polygons) {
    rings += polygon.length;
    for (const ring of polygon) points += ring.length;
  }
  const flat: FlatPolygons = { coordinates: new Float64Array(points * 2), ringEnds: new Uint32Array(rings), polygonEnds: new Uint32Array(polygons.length) };
  let point = 0;
  let ring = 0;
  for (let p = 0; p < polygons.length; p += 1) {
    for (const positions of polygons[p]!) {
      for (const position of positions) {
        flat.coordinates[point * 2] = position[0]!;
        flat.coordinates[point * 2 + 1] = position[1]!;
        point += 1;
      }
      flat.ringEnds[ring++] = point;
    }
    flat.polygonEnds[p] = ring;
  }
  return flat;
}

/** [minX, minY, maxX, maxY] of the outer rings (as geometryBBox). */
export function flatBBox(flat: FlatPolygons): [number, number, number, number] {
  const { coordinates: xy, ringEnds, polygonEnds } = flat;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let p = 0; p < polygonEnds.length; p += 1) {
    const outer = p === 0 ? 0 : polygonEnds[p - 1]!;
    if (outer >= polygonEnds[p]!) continue;
    for (let i = outer === 0 ? 0 : ringEnds[outer - 1]!; i < ringEnds[outer]!; i += 1) {
      const x = xy[i * 2]!;
      const y = xy[i * 2 + 1]!;
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  }
  return [minX, minY, maxX, maxY];
}

/** Planar area (square degrees): outer rings minus holes, added in the order planarArea adds them (the same figure to the last bit). */
export function flatPlanarArea(flat: FlatPolygons): number {
  const { coordinates: xy, ringEnds, polygonEnds } = flat;
  let total = 0;
  let ring = 0;
  for (let p = 0; p < polygonEnds.length; p += 1) {
    const outer = ring;
    for (; ring < polygonEnds[p]!; ring += 1) {
      const start = ring === 0 ? 0 : ringEnds[ring - 1]!;
      const end = ringEnds[ring]!;
      // From the ring's first point (see ringSignedArea in area-overlap.ts).
      const [x0, y0] = [xy[start * 2]!, xy[start * 2 + 1]!];
      let sum = 0;
      for (let i = start, j = end - 1; i < end; j = i++) sum += ((xy[j * 2]! - x0) * (xy[i * 2 + 1]! - y0)) - ((xy[i * 2]! - x0) * (xy[j * 2 + 1]! - y0));
      total += (ring === outer ? 1 : -1) * Math.abs(sum / 2);
    }
  }
  return Math.max(0, total);
}
