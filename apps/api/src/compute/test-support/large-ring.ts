import type { AreaGeometry } from '@catchment/domain';

/** A valid polygon of many points around Strasbourg, whose full validity check or union takes a thread a while. */
export function largeRing(points: number): AreaGeometry {
  const ring = Array.from({ length: points }, (_, i) => {
    const angle = (2 * Math.PI * i) / points;
    const r = 0.1 * (1 + 0.3 * Math.sin(37 * angle));
    return [7.75 + r * Math.cos(angle), 48.57 + 0.7 * r * Math.sin(angle)] as [number, number];
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}
