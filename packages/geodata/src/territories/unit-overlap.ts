/**
 * How much of a unit lies inside an area: the share of its surface (points: 1 inside, else
 * nothing) and the surface of that part. The exact kernel behind census figures and divisions,
 * used by the in-memory index and by the API's compute threads over the units the database finds.
 */
import type { MultiPolygon, Point, Polygon } from 'geojson';
import { containsPoint, geometryBBox, intersectionArea, planarArea, type PreparedArea } from './area-overlap.js';
import { flatBBox, flatPlanarArea, isFlat, type FlatPolygons } from './flat-polygons.js';

/** Shares below this are slivers of a shared border, not a unit met by the area. */
export const MIN_SHARE = 1e-6;

export interface Overlap { share: number; overlapArea: number }

/** The share of a unit of `unitArea` whose part inside the area is `overlapArea`; 0 when the area does not meet it (a sliver is not a meeting). */
export function overlapShare(overlapArea: number, unitArea: number): number {
  const share = unitArea > 0 ? overlapArea / unitArea : 0;
  return share >= MIN_SHARE ? Math.min(1, share) : 0;
}

export function unitOverlap(area: PreparedArea, geometry: Point | Polygon | MultiPolygon | FlatPolygons, known?: { bbox: [number, number, number, number]; area: number }): Overlap | null {
  if (!isFlat(geometry) && geometry.type === 'Point') {
    const [x, y] = geometry.coordinates as [number, number];
    return containsPoint(area, x, y) ? { share: 1, overlapArea: 0 } : null;
  }
  const unitArea = known?.area ?? (isFlat(geometry) ? flatPlanarArea(geometry) : planarArea(geometry));
  const overlapArea = intersectionArea(area, geometry, known?.bbox ?? (isFlat(geometry) ? flatBBox(geometry) : geometryBBox(geometry)), unitArea);
  const share = overlapShare(overlapArea, unitArea);
  return share > 0 ? { share, overlapArea } : null;
}
