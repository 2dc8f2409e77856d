/**
 * The one point that stands for an area mapped as a polygon (a supermarket's building, a campsite):
 * a point guaranteed inside it, so that an area drawn around the place counts it. The pole of
 * inaccessibility (polylabel, as territory labels use) is inside any polygon with a surface; for a
 * degenerate ring (all its points on a line, or crossing itself) a horizontal line through the
 * middle of the polygon gives the middle of its widest inside stretch; failing that, a vertex.
 */
import type { Position } from '../../basemap/osm/ring-geometry.js';
import { insidePolygon } from '../../countries/country-locator.js';
import { labelPosition } from '../../territories/unit-tiles.js';

/** A point inside the largest of the polygons (each an outer ring then its holes). */
export function pointInsidePolygons(polygons: readonly Position[][][]): Position | null {
  const usable = polygons.filter((polygon) => (polygon[0]?.length ?? 0) >= 4);
  if (usable.length === 0) return polygons[0]?.[0]?.[0] ?? null;
  const [x, y] = labelPosition({ type: 'MultiPolygon', coordinates: usable }) as Position;
  if (usable.some((polygon) => insidePolygon(x, y, polygon))) return [x, y];
  const largest = usable.reduce((best, polygon) => (boxArea(polygon[0]!) > boxArea(best[0]!) ? polygon : best));
  return scanlinePoint(largest) ?? largest[0]![0]!;
}

/** The middle of the widest inside stretch of a horizontal line through the middle of the polygon. */
function scanlinePoint(polygon: Position[][]): Position | null {
  const [south, north] = latitudeRange(polygon[0]!);
  // Off the exact middle, so the line is unlikely to pass through a vertex.
  const y = south + (north - south) * 0.500_137;
  const crossings: number[] = [];
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y) crossings.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
    }
  }
  crossings.sort((a, b) => a - b);
  let best: Position | null = null;
  let widest = 0;
  for (let i = 0; i + 1 < crossings.length; i += 2) {
    const width = crossings[i + 1]! - crossings[i]!;
    if (width > widest) {
      widest = width;
      best = [(crossings[i]! + crossings[i + 1]!) / 2, y];
    }
  }
  return best;
}

function latitudeRange(ring: Position[]): [number, number] {
  let south = Infinity;
  let north = -Infinity;
  for (const [, y] of ring) {
    south = Math.min(south, y);
    north = Math.max(north, y);
  }
  return [south, north];
}

function boxArea(ring: Position[]): number {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) {
    west = Math.min(west, x); east = Math.max(east, x);
    south = Math.min(south, y); north = Math.max(north, y);
  }
  return (east - west) * (north - south);
}
