import turfCircle from '@turf/circle';
import type { AreaGeometry, Position, Ring } from './types.js';

/** Vertices of a circle polygon: enough to look round at any zoom a catchment is viewed at. */
export const CIRCLE_STEPS = 128;

/** The sphere @turf/circle and @turf/destination measure on, in metres. */
export const CIRCLE_EARTH_RADIUS = 6_371_008.8;

const DEG = Math.PI / 180;
// Bisection steps to find where the circle meets the antimeridian: far below a canonical 1e-7°.
const BISECTION_STEPS = 60;
// Points closer than this (degrees) are one point: a vertex that falls on the antimeridian itself.
const SAME_POINT = 1e-9;

/**
 * The 'as the crow flies' area: a geodesic circle around a centre, radius in metres, in lon/lat
 * as RFC 7946 §3.1.9 wants it. An ordinary circle is @turf/circle's polygon. One that crosses the
 * antimeridian is cut there into a MultiPolygon of two parts, each within [-180, 180]. One that
 * contains a pole is a polygon whose ring follows the circle from -180° to 180° of longitude and
 * closes along the antimeridian and the pole's latitude, so it stays a simple planar ring.
 */
export function circlePolygon(center: Position, radiusMeters: number): AreaGeometry {
  const angularRadius = radiusMeters / CIRCLE_EARTH_RADIUS;
  const pole = enclosedPole(center, angularRadius);
  if (pole !== 0) return { type: 'Polygon', coordinates: [polarCapRing(center, angularRadius, pole)] };
  const ring = turfCircle(center, radiusMeters / 1000, { steps: CIRCLE_STEPS, units: 'kilometers' }).geometry.coordinates[0] as Ring;
  const cut = ring.some(([lng]) => lng! > 180) ? 180 : ring.some(([lng]) => lng! < -180) ? -180 : 0;
  if (cut === 0) return { type: 'Polygon', coordinates: [ring] };
  const parts = cutAtAntimeridian(center, angularRadius, ring, cut);
  return parts.length === 1 ? { type: 'Polygon', coordinates: [parts[0]!] } : { type: 'MultiPolygon', coordinates: parts.map((part) => [part]) };
}

/** 1 when the circle contains the north pole, -1 the south pole, 0 neither. Both: no polygon in lon/lat can say it. */
function enclosedPole([, lat]: Position, angularRadius: number): 1 | -1 | 0 {
  const north = (90 - lat) * DEG < angularRadius;
  const south = (90 + lat) * DEG < angularRadius;
  if (north && south) throw new RangeError('circlePolygon: a circle containing both poles cannot be drawn in lon/lat');
  return north ? 1 : south ? -1 : 0;
}

/**
 * The point at `angularRadius` from the centre in direction `bearing` (degrees clockwise from
 * north), longitude in (-180, 180]. Computed with unit vectors rather than @turf/destination's
 * trigonometry, which loses its precision a few metres from a pole; at the pole itself north is
 * taken as the direction of the meridian opposite the centre's longitude.
 */
function destination([lng, lat]: Position, angularRadius: number, bearing: number): Position {
  const [lambda, phi, theta] = [lng * DEG, lat * DEG, bearing * DEG];
  const centre = [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
  const east = [-Math.sin(lambda), Math.cos(lambda), 0];
  const north = [-Math.sin(phi) * Math.cos(lambda), -Math.sin(phi) * Math.sin(lambda), Math.cos(phi)];
  const [x, y, z] = [0, 1, 2].map((axis) =>
    centre[axis]! * Math.cos(angularRadius) + (east[axis]! * Math.sin(theta) + north[axis]! * Math.cos(theta)) * Math.sin(angularRadius));
  return [Math.atan2(y!, x!) / DEG, Math.atan2(z!, Math.hypot(x!, y!)) / DEG];
}

/** Bearing of the i-th vertex, in @turf/circle's order (counter-clockwise, as RFC 7946 wants outer rings). */
const vertexBearing = (i: number) => (i * -360) / CIRCLE_STEPS;

/**
 * Between two bearings whose points lie on either side of a line, the point of the circle on it:
 * bisection on the bearing, `before` telling whether a point is still on the first bearing's side.
 */
function crossing(pointAt: (bearing: number) => Position, from: number, to: number, before: (point: Position) => boolean): Position {
  let [a, b] = [from, to];
  for (let step = 0; step < BISECTION_STEPS; step++) {
    const middle = (a + b) / 2;
    if (before(pointAt(middle))) a = middle;
    else b = middle;
  }
  return pointAt((a + b) / 2);
}

/**
 * A circle that crosses the meridian `cut` (180 or -180): the part on this side of it, and the
 * part beyond shifted by 360° to the other side, each closed by a segment along the antimeridian.
 * Walking the ring keeps each part counter-clockwise; a part that only touches the line is dropped.
 */
function cutAtAntimeridian(center: Position, angularRadius: number, ring: Ring, cut: 180 | -180): Ring[] {
  const side = Math.sign(cut);
  const shift = (lng: number) => lng - 360 * side;
  const inside: Position[] = [];
  const beyond: Position[] = [];
  for (let i = 0; i < CIRCLE_STEPS; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    if (side * a[0] <= 180) inside.push(a);
    if (side * a[0] >= 180) beyond.push([shift(a[0]), a[1]]);
    const crosses = (side * a[0] - 180) * (side * b[0] - 180) < 0;
    if (crosses) {
      const [, lat] = crossing(
        (bearing) => unwrappedDestination(center, angularRadius, bearing), vertexBearing(i), vertexBearing(i + 1),
        ([lng]) => Math.sign(side * lng - 180) === Math.sign(side * a[0] - 180),
      );
      inside.push([cut, lat]);
      beyond.push([shift(cut), lat]);
    }
  }
  return [inside, beyond].map(closedRing).filter((part): part is Ring => part !== null);
}

/** The destination with its longitude within 180° of the centre's: continuous round a circle that contains no pole. */
function unwrappedDestination(center: Position, angularRadius: number, bearing: number): Position {
  const [lng, lat] = destination(center, angularRadius, bearing);
  return [center[0] + normalizedLng(lng - center[0]), lat];
}

/** The points as a closed ring without repeated points, or null when fewer than 3 distinct points are left. */
function closedRing(points: Position[]): Ring | null {
  const distinct = points.filter((point, i) => !samePoint(point, points[(i + 1) % points.length]!));
  if (distinct.length < 3) return null;
  return [...distinct, distinct[0]!];
}

const samePoint = (a: Position, b: Position) => Math.abs(a[0] - b[0]) < SAME_POINT && Math.abs(a[1] - b[1]) < SAME_POINT;

/** Longitude in [-180, 180). */
const normalizedLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * A circle containing a pole: the ring of the circle cut where it crosses the antimeridian (once,
 * since every meridian crosses it once), longitudes in [-180, 180], closed through the pole along
 * ±180 and the pole's latitude. A south cap is the mirror image of a north one across the equator.
 */
function polarCapRing(center: Position, angularRadius: number, pole: 1 | -1): Ring {
  if (pole === -1) {
    const north = polarCapRing([center[0], -center[1]], angularRadius, 1);
    // Mirrored, the ring runs clockwise: reversed, it is counter-clockwise again.
    return north.map(([lng, lat]): Position => [lng, -lat]).reverse();
  }
  const pointAt = (bearing: number): Position => {
    const [x, y] = destination(center, angularRadius, bearing);
    return [normalizedLng(x), y];
  };
  const vertices = Array.from({ length: CIRCLE_STEPS }, (_, i) => pointAt(vertexBearing(i)));
  // Counter-clockwise round the north pole is eastward: longitudes grow, except at the one step across the antimeridian.
  const k = vertices.findIndex((vertex, i) => vertices[(i + 1) % CIRCLE_STEPS]![0] < vertex[0]);
  const last = vertices[k]!;
  const [, crossingLat] = crossing(pointAt, vertexBearing(k), vertexBearing(k + 1), ([x]) => x >= last[0]);
  const arc = Array.from({ length: CIRCLE_STEPS }, (_, i) => vertices[(k + 1 + i) % CIRCLE_STEPS]!)
    .filter(([x, y]) => !samePoint([x, y], [-180, crossingLat]) && !samePoint([x, y], [180, crossingLat]));
  return closeThroughPole(arc, crossingLat);
}

/** The ring of a north polar cap: from (-180, lat) along the arc (longitudes growing) to (180, lat), then up to the pole and back. */
function closeThroughPole(arc: Position[], crossingLat: number): Ring {
  return [[-180, crossingLat], ...arc, [180, crossingLat], [180, 90], [-180, 90], [-180, crossingLat]];
}
