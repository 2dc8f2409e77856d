import type { MultiPolygon, Position } from 'geojson';
import { localProjection } from '../geo.js';
import { distanceTransform } from './distance-transform.js';
import { rasterizePiece, type Grid } from './grid.js';
import { PIECE_STRIDE, type ReachedPieces } from '../query/reached-pieces.js';

/** Reached road, as `reachedPieces` gives it. */
export type RoadPieces = ReachedPieces;

/** Even-odd point-in-polygon over every ring of a MultiPolygon (holes excluded). */
export function multiPolygonContains(polygon: MultiPolygon, lon: number, lat: number): boolean {
  let inside = false;
  for (const rings of polygon.coordinates) for (const ring of rings) if (ringCrossings(ring, lon, lat)) inside = !inside;
  return inside;
}

function ringCrossings(ring: Position[], x: number, y: number): boolean {
  let odd = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

/**
 * Point-in-polygon for many points: the polygon's edges are bucketed into horizontal bands, so a
 * point only counts crossings with the edges of its band (a 60-minute drive has thousands of
 * vertices and hundreds of thousands of sample points).
 */
export class PolygonIndex {
  private readonly minY: number;
  private readonly bandHeight: number;
  private readonly bands: Float64Array[];

  constructor(polygon: MultiPolygon, private readonly bandCount = 512) {
    const edges: number[][] = [];
    let minY = Infinity;
    let maxY = -Infinity;
    for (const ring of polygon.coordinates.flat()) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i] as [number, number];
        const [xj, yj] = ring[j] as [number, number];
        edges.push([xi, yi, xj, yj]);
        minY = Math.min(minY, yi);
        maxY = Math.max(maxY, yi);
      }
    }
    this.minY = minY;
    this.bandHeight = edges.length ? Math.max((maxY - minY) / bandCount, 1e-12) : 1;
    const lists: number[][] = Array.from({ length: bandCount }, () => []);
    for (const [x1, y1, x2, y2] of edges) {
      const from = this.band(Math.min(y1!, y2!));
      const to = this.band(Math.max(y1!, y2!));
      for (let b = from; b <= to; b++) lists[b]!.push(x1!, y1!, x2!, y2!);
    }
    this.bands = lists.map((list) => Float64Array.from(list));
  }

  /** The band of a y inside the polygon's extent (its top edge belongs to the last band); -1 outside. */
  private band(y: number): number {
    const b = Math.floor((y - this.minY) / this.bandHeight);
    if (b < 0 || b > this.bandCount) return -1;
    return Math.min(b, this.bandCount - 1);
  }

  /** Even-odd rule over every ring: inside an exterior ring and not inside one of its holes. */
  contains(x: number, y: number): boolean {
    const edges = this.bands[this.band(y)];
    if (!edges) return false;
    let odd = false;
    for (let e = 0; e < edges.length; e += 4) {
      const xi = edges[e]!;
      const yi = edges[e + 1]!;
      const xj = edges[e + 2]!;
      const yj = edges[e + 3]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
    return odd;
  }
}

/** Share (0..1) of the reached road length inside the polygon, sampling every `step` metres. */
export function reachedLengthInside(polygon: MultiPolygon, pieces: RoadPieces, step = 10): number {
  if (pieces.length === 0) return 1;
  const projection = localProjection(pieces[0]!, pieces[1]!);
  const index = new PolygonIndex(polygon);
  let total = 0;
  let inside = 0;
  for (let p = 0; p < pieces.length; p += PIECE_STRIDE) {
    const [lon1, lat1, lon2, lat2] = [pieces[p]!, pieces[p + 1]!, pieces[p + 2]!, pieces[p + 3]!];
    const length = Math.hypot(projection.x(lon2) - projection.x(lon1), projection.y(lat2) - projection.y(lat1));
    if (length === 0) continue;
    const samples = Math.max(1, Math.ceil(length / step));
    for (let s = 0; s < samples; s++) {
      const t = (s + 0.5) / samples;
      total += length / samples;
      if (index.contains(lon1 + (lon2 - lon1) * t, lat1 + (lat2 - lat1) * t)) inside += length / samples;
    }
  }
  return total === 0 ? 1 : inside / total;
}

/**
 * Share (0..1) of the polygon's area farther than `threshold` metres from any reached road,
 * measured on a `cellSize` grid (polygon filled by scanlines, distances by an exact transform).
 */
export function areaFarFromRoads(polygon: MultiPolygon, pieces: RoadPieces, threshold = 300, cellSize = 25): number {
  const rings = polygon.coordinates.flat();
  if (rings.length === 0) return 0;
  const first = rings[0]![0]!;
  const projection = localProjection(first[0]!, first[1]!);
  const metric = rings.map((ring) => ring.map(([lon, lat]) => [projection.x(lon!), projection.y(lat!)] as [number, number]));
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of metric) for (const [x, y] of ring) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const pad = threshold + cellSize;
  const grid: Grid = {
    minX: minX - pad,
    minY: minY - pad,
    cellSize,
    width: Math.ceil((maxX - minX + 2 * pad) / cellSize),
    height: Math.ceil((maxY - minY + 2 * pad) / cellSize),
  };
  const roads = new Uint8Array(grid.width * grid.height);
  for (let p = 0; p < pieces.length; p += PIECE_STRIDE) {
    rasterizePiece(grid, roads, projection.x(pieces[p]!), projection.y(pieces[p + 1]!), projection.x(pieces[p + 2]!), projection.y(pieces[p + 3]!));
  }
  const toRoad = distanceTransform(roads, 1, grid.width, grid.height);
  let inside = 0;
  let far = 0;
  for (let j = 0; j < grid.height; j++) {
    const y = grid.minY + (j + 0.5) * cellSize;
    const crossings: number[] = [];
    for (const ring of metric) {
      for (let i = 0, k = ring.length - 1; i < ring.length; k = i++) {
        const [xi, yi] = ring[i]!;
        const [xk, yk] = ring[k]!;
        if (yi > y !== yk > y) crossings.push(xi + ((y - yi) * (xk - xi)) / (yk - yi));
      }
    }
    crossings.sort((a, b) => a - b);
    for (let c = 0; c + 1 < crossings.length; c += 2) {
      const from = Math.max(0, Math.ceil((crossings[c]! - grid.minX) / cellSize - 0.5));
      const to = Math.min(grid.width - 1, Math.floor((crossings[c + 1]! - grid.minX) / cellSize - 0.5));
      for (let i = from; i <= to; i++) {
        inside++;
        if (toRoad[j * grid.width + i]! * cellSize > threshold) far++;
      }
    }
  }
  return inside === 0 ? 0 : far / inside;
}
