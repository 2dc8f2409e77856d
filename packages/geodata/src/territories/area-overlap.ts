/**
 * How much of a territorial unit lies inside an area: the area of their intersection, fast enough
 * to apportion thousands of units per request, and robust where the two share edges (an
 * administrative area made of the very units being apportioned).
 *
 * Coordinates are WGS84 lon/lat used as planar coordinates: shares are ratios within one unit, so
 * they equal PostGIS's `ST_Area(ST_Intersection(u, a)) / ST_Area(u)` on SRID 4326 geometries.
 *
 * The area is triangulated once (earcut, holes included). A unit's intersection with the area is
 * the sum of its intersections with the triangles its bounding box meets, each computed by
 * Sutherland–Hodgman clipping of the unit's rings against the (convex) triangle: that gives the
 * exact area even for a concave unit, and shared or collinear edges only make zero-area slivers.
 * A unit whose bounding box meets none of the area's edges is wholly inside or wholly outside: one
 * point-in-polygon test decides, without clipping.
 */
import earcut from 'earcut';
import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon, Position } from 'geojson';

export type BBox = [number, number, number, number];

export interface PreparedArea {
  bbox: BBox;
  /** Planar area in square degrees. */
  area: number;
  /** Triangles as x0,y0,x1,y1,x2,y2 (counter-clockwise), indexed by their bounding boxes. */
  triangles: Float64Array;
  triangleIndex: Flatbush;
  /** Boundary edges as x0,y0,x1,y1, indexed by their bounding boxes. */
  edges: Float64Array;
  edgeIndex: Flatbush;
  polygons: Position[][][];
}

export const polygonsOf = (geometry: Polygon | MultiPolygon): Position[][][] =>
  geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;

export function geometryBBox(geometry: Polygon | MultiPolygon | { type: 'Point'; coordinates: Position }): BBox {
  if (geometry.type === 'Point') {
    const [x, y] = geometry.coordinates as [number, number];
    return [x, y, x, y];
  }
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygonsOf(geometry)) {
    for (const [x, y] of polygon[0] ?? []) {
      if (x! < box[0]) box[0] = x!;
      if (y! < box[1]) box[1] = y!;
      if (x! > box[2]) box[2] = x!;
      if (y! > box[3]) box[3] = y!;
    }
  }
  return box;
}

/** Planar area (square degrees) of a polygon or multipolygon: outer rings minus holes. */
export function planarArea(geometry: Polygon | MultiPolygon): number {
  let total = 0;
  for (const polygon of polygonsOf(geometry)) {
    polygon.forEach((ring, i) => { total += (i === 0 ? 1 : -1) * Math.abs(ringSignedArea(ring)); });
  }
  return Math.max(0, total);
}

function ringSignedArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![0]! * ring[i]![1]!) - (ring[i]![0]! * ring[j]![1]!);
  return sum / 2;
}

export function prepareArea(geometry: Polygon | MultiPolygon): PreparedArea {
  const polygons = polygonsOf(geometry);
  const triangles: number[] = [];
  const edges: number[] = [];
  for (const polygon of polygons) {
    const flat: number[] = [];
    const holes: number[] = [];
    polygon.forEach((ring, r) => {
      if (r > 0) holes.push(flat.length / 2);
      for (const [x, y] of ring) flat.push(x!, y!);
      for (let i = 1; i < ring.length; i += 1) edges.push(ring[i - 1]![0]!, ring[i - 1]![1]!, ring[i]![0]!, ring[i]![1]!);
    });
    const indices = earcut(flat, holes, 2);
    for (let t = 0; t < indices.length; t += 3) {
      const [a, b, c] = [indices[t]!, indices[t + 1]!, indices[t + 2]!];
      const [ax, ay, bx, by, cx, cy] = [flat[a * 2]!, flat[a * 2 + 1]!, flat[b * 2]!, flat[b * 2 + 1]!, flat[c * 2]!, flat[c * 2 + 1]!];
      // Sutherland–Hodgman keeps what is left of each edge: the triangle must turn counter-clockwise.
      if ((bx - ax) * (cy - ay) - (by - ay) * (cx - ax) >= 0) triangles.push(ax, ay, bx, by, cx, cy);
      else triangles.push(ax, ay, cx, cy, bx, by);
    }
  }
  const triangleArray = Float64Array.from(triangles);
  const edgeArray = Float64Array.from(edges);
  return {
    bbox: geometryBBox(geometry),
    area: planarArea(geometry),
    triangles: triangleArray,
    triangleIndex: indexBoxes(triangleArray.length / 6, (i, add) => {
      const o = i * 6;
      const xs = [triangleArray[o]!, triangleArray[o + 2]!, triangleArray[o + 4]!];
      const ys = [triangleArray[o + 1]!, triangleArray[o + 3]!, triangleArray[o + 5]!];
      add(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
    }),
    edges: edgeArray,
    edgeIndex: indexBoxes(edgeArray.length / 4, (i, add) => {
      const o = i * 4;
      add(Math.min(edgeArray[o]!, edgeArray[o + 2]!), Math.min(edgeArray[o + 1]!, edgeArray[o + 3]!),
        Math.max(edgeArray[o]!, edgeArray[o + 2]!), Math.max(edgeArray[o + 1]!, edgeArray[o + 3]!));
    }),
    polygons,
  };
}

function indexBoxes(count: number, each: (i: number, add: (minX: number, minY: number, maxX: number, maxY: number) => void) => void): Flatbush {
  const index = new Flatbush(Math.max(1, count));
  for (let i = 0; i < count; i += 1) each(i, (minX, minY, maxX, maxY) => index.add(minX, minY, maxX, maxY));
  // Flatbush needs at least one box; an empty area gets one that nothing can meet.
  if (count === 0) index.add(Infinity, Infinity, Infinity, Infinity);
  index.finish();
  return index;
}

const boxesMeet = (a: BBox, b: BBox) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

/** Whether a point lies inside the area (even–odd over every ring). */
export function containsPoint(area: PreparedArea, x: number, y: number): boolean {
  if (x < area.bbox[0] || x > area.bbox[2] || y < area.bbox[1] || y > area.bbox[3]) return false;
  for (const polygon of area.polygons) if (insideRings(x, y, polygon)) return true;
  return false;
}

function insideRings(x: number, y: number, rings: Position[][]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Scratch buffers of the clipper, grown on demand and reused: no allocation per unit. */
let bufferA = new Float64Array(1024);
let bufferB = new Float64Array(1024);

/** Area (square degrees) of the part of a unit inside the area. `unitArea` and `unitBBox` are the unit's own. */
export function intersectionArea(area: PreparedArea, unit: Polygon | MultiPolygon, unitBBox: BBox, unitArea: number): number {
  if (!boxesMeet(area.bbox, unitBBox)) return 0;
  const [minX, minY, maxX, maxY] = unitBBox;
  if (area.edgeIndex.search(minX, minY, maxX, maxY).length === 0) {
    // No boundary of the area crosses the unit's box: the unit is wholly inside or wholly outside.
    const [x, y] = polygonsOf(unit)[0]![0]![0] as [number, number];
    return containsPoint(area, x, y) ? unitArea : 0;
  }
  const triangles = area.triangleIndex.search(minX, minY, maxX, maxY);
  let total = 0;
  for (const polygon of polygonsOf(unit)) {
    polygon.forEach((ring, r) => {
      const sign = r === 0 ? 1 : -1;
      for (const t of triangles) total += sign * clippedRingArea(ring, area.triangles, t * 6);
    });
  }
  return Math.min(unitArea, Math.max(0, total));
}

/** |area| of a ring clipped by one counter-clockwise triangle (Sutherland–Hodgman). */
function clippedRingArea(ring: Position[], triangles: Float64Array, offset: number): number {
  let count = ring.length;
  if (bufferA.length < count * 4) {
    bufferA = new Float64Array(count * 4);
    bufferB = new Float64Array(count * 4);
  }
  let input = bufferA;
  let output = bufferB;
  for (let i = 0; i < count; i += 1) {
    input[i * 2] = ring[i]![0]!;
    input[i * 2 + 1] = ring[i]![1]!;
  }
  for (let edge = 0; edge < 3 && count > 0; edge += 1) {
    const ax = triangles[offset + edge * 2]!;
    const ay = triangles[offset + edge * 2 + 1]!;
    const next = (edge + 1) % 3;
    const bx = triangles[offset + next * 2]!;
    const by = triangles[offset + next * 2 + 1]!;
    const ex = bx - ax;
    const ey = by - ay;
    let written = 0;
    if (output.length < count * 4) output = new Float64Array(count * 4);
    let px = input[(count - 1) * 2]!;
    let py = input[(count - 1) * 2 + 1]!;
    let pSide = ex * (py - ay) - ey * (px - ax);
    for (let i = 0; i < count; i += 1) {
      const cx = input[i * 2]!;
      const cy = input[i * 2 + 1]!;
      const cSide = ex * (cy - ay) - ey * (cx - ax);
      if (cSide >= 0) {
        if (pSide < 0) {
          const t = pSide / (pSide - cSide);
          output[written++] = px + t * (cx - px);
          output[written++] = py + t * (cy - py);
        }
        output[written++] = cx;
        output[written++] = cy;
      } else if (pSide >= 0) {
        const t = pSide / (pSide - cSide);
        output[written++] = px + t * (cx - px);
        output[written++] = py + t * (cy - py);
      }
      px = cx;
      py = cy;
      pSide = cSide;
    }
    count = written / 2;
    [input, output] = [output, input];
  }
  // Keep the larger buffers for the next call.
  if (input.length > bufferA.length) bufferA = input;
  if (output.length > bufferB.length) bufferB = output;
  let sum = 0;
  for (let i = 0, j = count - 1; i < count; j = i++) sum += input[j * 2]! * input[i * 2 + 1]! - input[i * 2]! * input[j * 2 + 1]!;
  return Math.abs(sum / 2);
}
