import * as polyclip from 'polyclip-ts';
import type { AreaGeometry, MultiPolygonGeometry, PolygonGeometry, Ring } from './types.js';
import { polygonsOf } from './types.js';

type ClipGeom = Parameters<typeof polyclip.union>[0];

function toClip(geometry: AreaGeometry): ClipGeom {
  return polygonsOf(geometry) as unknown as ClipGeom;
}

function fromClip(result: ReturnType<typeof polyclip.union>): AreaGeometry | null {
  const polygons = result as unknown as Ring[][];
  if (polygons.length === 0) return null;
  if (polygons.length === 1) return { type: 'Polygon', coordinates: polygons[0]! } satisfies PolygonGeometry;
  return { type: 'MultiPolygon', coordinates: polygons } satisfies MultiPolygonGeometry;
}

/** Merge: the ground covered by any of the areas. Null when nothing is left. */
export function unionGeometries(geometries: AreaGeometry[]): AreaGeometry | null {
  const [first, ...rest] = geometries;
  if (!first) return null;
  return fromClip(polyclip.union(toClip(first), ...rest.map(toClip)));
}

/** Subtract: the first area minus every other one. Null when nothing is left. */
export function differenceGeometries(base: AreaGeometry, subtracted: AreaGeometry[]): AreaGeometry | null {
  if (subtracted.length === 0) return base;
  return fromClip(polyclip.difference(toClip(base), ...subtracted.map(toClip)));
}

/** Intersect: the ground covered by every one of the areas ("within 20 minutes of both stores"). Null when they share none. */
export function intersectionGeometries(geometries: AreaGeometry[]): AreaGeometry | null {
  const [first, ...rest] = geometries;
  if (!first) return null;
  if (rest.length === 0) return first;
  return fromClip(polyclip.intersection(toClip(first), ...rest.map(toClip)));
}
