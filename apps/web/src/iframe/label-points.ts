/**
 * Where each area's name is written: one point inside it. MapLibre would label a polygon once per
 * tile it crosses (the same name several times when zoomed in); one point per area names it once.
 * The point is the middle of the widest stretch of the area's largest polygon across its middle
 * latitude: inside the area, holes and concave shapes included.
 */
import { polygonsOf, type AreaGeometry } from '@catchment/domain';
import type { DisplayArea } from '../map/map-context.js';

type Ring = number[][];

function shoelaceArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![0]! + ring[i]![0]!) * (ring[j]![1]! - ring[i]![1]!);
  return Math.abs(sum / 2);
}

/** A point inside the polygon (outer ring then holes), or null for a degenerate one. */
export function pointInside(rings: Ring[]): [number, number] | null {
  const outer = rings[0];
  if (!outer || outer.length < 4) return null;
  const lats = outer.map((point) => point[1]!);
  const y = (Math.min(...lats) + Math.max(...lats)) / 2;
  const crossings: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[j] as [number, number];
      const [x2, y2] = ring[i] as [number, number];
      // Half-open, so that a vertex on the line is counted once.
      if ((y1 <= y && y < y2) || (y2 <= y && y < y1)) crossings.push(x1 + ((y - y1) / (y2 - y1)) * (x2 - x1));
    }
  }
  crossings.sort((a, b) => a - b);
  let best: [number, number] | null = null;
  let widest = -1;
  for (let k = 0; k + 1 < crossings.length; k += 2) {
    const width = crossings[k + 1]! - crossings[k]!;
    if (width > widest) {
      widest = width;
      best = [(crossings[k]! + crossings[k + 1]!) / 2, y];
    }
  }
  return best;
}

/** The label point of an area: inside its largest polygon. */
export function labelPoint(geometry: AreaGeometry): [number, number] | null {
  const polygons = polygonsOf(geometry) as Ring[][];
  if (polygons.length === 0) return null;
  const largest = polygons.reduce((best, polygon) => (shoelaceArea(polygon[0] ?? []) > shoelaceArea(best[0] ?? []) ? polygon : best));
  return pointInside(largest);
}

/** The areas' names as points, for the label layer. */
export function areaLabelPoints(areas: readonly DisplayArea[]): GeoJSON.FeatureCollection<GeoJSON.Point, { label: string }> {
  return {
    type: 'FeatureCollection',
    features: areas.flatMap((area) => {
      const point = area.label ? labelPoint(area.geometry as AreaGeometry) : null;
      return point ? [{ type: 'Feature' as const, properties: { label: area.label }, geometry: { type: 'Point' as const, coordinates: point } }] : [];
    }),
  };
}
