import { MAX_AREA_VERTICES } from '../constants.js';
import type { AreaGeometry } from './types.js';
import { polygonsOf } from './types.js';
import { distinctVertices, ringSelfIntersection } from './self-intersection.js';

/** Why a geometry was refused; each reason is also an i18n key under `validation.`. */
export const GEOMETRY_REASONS = {
  tooFewPoints: 'validation.polygonTooFewPoints',
  notClosed: 'validation.polygonNotClosed',
  selfIntersection: 'validation.polygonSelfIntersects',
  tooManyVertices: 'validation.polygonTooManyVertices',
} as const;

export type GeometryReason = (typeof GEOMETRY_REASONS)[keyof typeof GEOMETRY_REASONS];
export type GeometryValidation = { valid: true } | { valid: false; reason: GeometryReason };

function samePosition(a: number[] | undefined, b: number[] | undefined): boolean {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1];
}

/** Points of every ring, closing points included: what the vertex limit counts. */
export function countVertices(geometry: AreaGeometry): number {
  let count = 0;
  for (const polygon of polygonsOf(geometry)) for (const ring of polygon) count += ring.length;
  return count;
}

/**
 * The checks a request schema can afford on every request, linear and allocation-free: the vertex
 * limit, rings of at least 3 points, closed. Whether a ring crosses itself costs more and is
 * checked by validateAreaGeometry, off the server's event loop.
 */
export function checkAreaGeometryShape(geometry: AreaGeometry): GeometryValidation {
  if (countVertices(geometry) > MAX_AREA_VERTICES) return { valid: false, reason: GEOMETRY_REASONS.tooManyVertices };
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon) {
      if (ring.length < 4) return { valid: false, reason: GEOMETRY_REASONS.tooFewPoints };
      if (!samePosition(ring[0], ring[ring.length - 1])) return { valid: false, reason: GEOMETRY_REASONS.notClosed };
    }
  }
  return { valid: true };
}

/**
 * Checks what a user can get wrong when drawing: rings of at least 3 distinct points, closed, not
 * crossing or touching themselves. O(n log n) in the number of vertices. How rings of one polygon
 * lie against each other (a hole outside its shell) is left to PostGIS's validity check.
 */
export function validateAreaGeometry(geometry: AreaGeometry): GeometryValidation {
  const shape = checkAreaGeometryShape(geometry);
  if (!shape.valid) return shape;
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon) {
      if (distinctVertices(ring).length < 3) return { valid: false, reason: GEOMETRY_REASONS.tooFewPoints };
      if (ringSelfIntersection(ring)) return { valid: false, reason: GEOMETRY_REASONS.selfIntersection };
    }
  }
  return { valid: true };
}
