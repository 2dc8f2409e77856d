import kinks from '@turf/kinks';
import type { AreaGeometry } from './types.js';
import { polygonsOf } from './types.js';

/** Why a geometry was refused; each reason is also an i18n key under `validation.`. */
export const GEOMETRY_REASONS = {
  tooFewPoints: 'validation.polygonTooFewPoints',
  notClosed: 'validation.polygonNotClosed',
  selfIntersection: 'validation.polygonSelfIntersects',
} as const;

export type GeometryValidation = { valid: true } | { valid: false; reason: (typeof GEOMETRY_REASONS)[keyof typeof GEOMETRY_REASONS] };

function samePosition(a: number[] | undefined, b: number[] | undefined): boolean {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1];
}

/** Checks what a user can get wrong when drawing: rings of at least 3 distinct points, closed, not crossing themselves. */
export function validateAreaGeometry(geometry: AreaGeometry): GeometryValidation {
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon) {
      if (ring.length < 4) return { valid: false, reason: GEOMETRY_REASONS.tooFewPoints };
      if (!samePosition(ring[0], ring[ring.length - 1])) return { valid: false, reason: GEOMETRY_REASONS.notClosed };
    }
    const crossings = kinks({ type: 'Polygon', coordinates: polygon });
    if (crossings.features.length > 0) return { valid: false, reason: GEOMETRY_REASONS.selfIntersection };
  }
  return { valid: true };
}
