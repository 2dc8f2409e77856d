/** Outlines handed to terra-draw for editing. Pure, so it is tested without a map. */
import type { PolygonGeometry, Position } from '@catchment/domain';

/** The precision areas are stored at (the server's canonical geometries): 7 decimals, about 1 cm. */
const STORED_DECIMALS = 7;

function round(value: number): number {
  const factor = 10 ** STORED_DECIMALS;
  return Math.round(value * factor) / factor;
}

/**
 * The polygon's outer ring at the stored precision, without repeated consecutive points, closed:
 * terra-draw refuses coordinates finer than its precision, and a repeated point would be a vertex
 * handle on top of another.
 */
export function editableRing(polygon: PolygonGeometry): PolygonGeometry {
  const ring: Position[] = [];
  for (const [lng, lat] of polygon.coordinates[0] ?? []) {
    const point: Position = [round(lng), round(lat)];
    const last = ring[ring.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) ring.push(point);
  }
  const [first] = ring;
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return { type: 'Polygon', coordinates: [ring] };
}
