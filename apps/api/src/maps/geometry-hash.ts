/**
 * The stored form of an area geometry and its hash. Coordinates are rounded to 7 decimals (about
 * 1 cm), so the same shape sent twice, or read back from the database, hashes the same; the hash
 * later keys the cache of analyses.
 */
import { createHash } from 'node:crypto';
import type { AreaGeometry, Position, Ring } from '@catchment/domain';

export const GEOMETRY_DECIMALS = 7;
const SCALE = 10 ** GEOMETRY_DECIMALS;

function roundCoordinate(value: number): number {
  const rounded = Math.round(value * SCALE) / SCALE;
  return rounded === 0 ? 0 : rounded; // no -0: it would print as 0 but compare differently
}

const roundRing = (ring: Ring): Ring => ring.map(([lng, lat]): Position => [roundCoordinate(lng), roundCoordinate(lat)]);

/** The geometry with only `type` and `coordinates`, in that order, coordinates rounded to 7 decimals. */
export function canonicalGeometry(geometry: AreaGeometry): AreaGeometry {
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: geometry.coordinates.map(roundRing) }
    : { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map(roundRing)) };
}

/** SHA-256 (hex) of the canonical GeoJSON text. */
export function geometryHash(geometry: AreaGeometry): string {
  return createHash('sha256').update(JSON.stringify(canonicalGeometry(geometry))).digest('hex');
}
