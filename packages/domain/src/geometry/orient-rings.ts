/**
 * Rings turned the way RFC 7946 (§3.1.6) and KML 2.2 expect them: the outer ring of each polygon
 * counter-clockwise, its holes clockwise. The product stores areas as PostGIS gives them, in
 * either direction; files handed to other software (Google Earth, a GIS) follow the rule, since
 * some readers take a clockwise outer ring for a hole.
 */
import type { AreaGeometry, Ring } from './types.js';

/** Twice the ring's signed area in square degrees (shoelace): positive when counter-clockwise. */
export function ringSignedArea2(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  }
  return sum;
}

function orientRing(ring: Ring, counterClockwise: boolean): Ring {
  return (ringSignedArea2(ring) > 0) === counterClockwise ? ring : [...ring].reverse();
}

const orientPolygon = (rings: Ring[]) => rings.map((ring, index) => orientRing(ring, index === 0));

/** The same geometry with outer rings counter-clockwise and holes clockwise (a new object; the input is left as is). */
export function orientRings(geometry: AreaGeometry): AreaGeometry {
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: orientPolygon(geometry.coordinates) }
    : { type: 'MultiPolygon', coordinates: geometry.coordinates.map(orientPolygon) };
}
