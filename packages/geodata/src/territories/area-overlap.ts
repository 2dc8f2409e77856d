/**
 * How much of a territorial unit lies inside an area: the area of their intersection, fast enough
 * to apportion thousands of units per request, and robust where the two share edges (an
 * administrative area made of the very units being apportioned).
 *
 * Coordinates are WGS84 lon/lat used as planar coordinates: shares are ratios within one unit, so
 * they equal PostGIS's `ST_Area(ST_Intersection(u, a)) / ST_Area(u)` on SRID 4326 geometries.
 *
 * The area is cut once into convex pieces: itself when it is one convex ring (a circle), else its
 * triangles (earcut, holes included). A unit's intersection with the area is the sum of its
 * intersections with the pieces its bounding box meets, each computed by Sutherland–Hodgman
 * clipping of the unit's rings against the piece: exact for a concave unit too, and shared or
 * collinear edges only make zero-area slivers. Only the piece's edges whose line crosses the unit's
 * bounding box clip anything; a unit inside all of a piece's edges is wholly inside it. A grid over
 * the area (area-grid.ts) answers at once for units and points away from its boundary.
 */
import earcut from 'earcut';
import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { boxState, buildAreaGrid, cellAt, CellState, type AreaGrid } from './area-grid.js';

export type BBox = [number, number, number, number];

export interface PreparedArea {
  bbox: BBox;
  /** Planar area in square degrees. */
  area: number;
  /** Convex pieces' vertices (x, y, counter-clockwise), piece i from pieceStarts[i] to pieceStarts[i + 1] (in vertices). */
  pieceVertices: Float64Array;
  pieceStarts: Uint32Array;
  pieceIndex: Flatbush;
  /** Inside, outside or boundary for each cell of a grid over the bounding box. */
  grid: AreaGrid;
  /** Every ring's vertices (x, y), ring i from ringStarts[i] to ringStarts[i + 1], for point-in-polygon tests. */
  ringVertices: Float64Array;
  ringStarts: Uint32Array;
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
  const vertices: number[] = [];
  const starts: number[] = [0];
  const ringXY: number[] = [];
  const ringStarts: number[] = [0];
  const addPiece = (xy: number[]) => {
    vertices.push(...xy);
    starts.push(vertices.length / 2);
  };
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (const [x, y] of ring) ringXY.push(x!, y!);
      ringStarts.push(ringXY.length / 2);
    }
    const convex = polygon.length === 1 ? convexRing(polygon[0]!) : null;
    if (convex) {
      addPiece(convex);
      continue;
    }
    const flat: number[] = [];
    const holes: number[] = [];
    polygon.forEach((ring, r) => {
      if (r > 0) holes.push(flat.length / 2);
      for (const [x, y] of ring) flat.push(x!, y!);
    });
    const indices = earcut(flat, holes, 2);
    for (let t = 0; t < indices.length; t += 3) {
      const [a, b, c] = [indices[t]! * 2, indices[t + 1]! * 2, indices[t + 2]! * 2];
      const triangle = [flat[a]!, flat[a + 1]!, flat[b]!, flat[b + 1]!, flat[c]!, flat[c + 1]!];
      addPiece(signedAreaOf(triangle) >= 0 ? triangle : [triangle[0]!, triangle[1]!, triangle[4]!, triangle[5]!, triangle[2]!, triangle[3]!]);
    }
  }
  const pieceVertices = Float64Array.from(vertices);
  const pieceStarts = Uint32Array.from(starts);
  const bbox = geometryBBox(geometry);
  const ringVertices = Float64Array.from(ringXY);
  const ringStartArray = Uint32Array.from(ringStarts);
  return {
    bbox,
    area: planarArea(geometry),
    pieceVertices,
    pieceStarts,
    pieceIndex: indexBoxes(pieceStarts.length - 1, (i, add) => {
      let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let v = pieceStarts[i]!; v < pieceStarts[i + 1]!; v += 1) {
        const x = pieceVertices[v * 2]!;
        const y = pieceVertices[v * 2 + 1]!;
        if (x < minX) minX = x;
        if (y < minY) minY = y;
        if (x > maxX) maxX = x;
        if (y > maxY) maxY = y;
      }
      add(minX, minY, maxX, maxY);
    }),
    ringVertices,
    ringStarts: ringStartArray,
    grid: buildAreaGrid(bbox, ringVertices, ringStartArray),
  };
}

function signedAreaOf(xy: number[]): number {
  let sum = 0;
  const n = xy.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) sum += xy[j * 2]! * xy[i * 2 + 1]! - xy[i * 2]! * xy[j * 2 + 1]!;
  return sum / 2;
}

/** The ring's vertices counter-clockwise (without the closing repeat) when it is convex, else null. */
function convexRing(ring: Position[]): number[] | null {
  const xy: number[] = [];
  for (const [x, y] of ring) {
    const n = xy.length;
    // Repeated points (the closing one included) would make zero-length edges.
    if (n >= 2 && xy[n - 2] === x && xy[n - 1] === y) continue;
    xy.push(x!, y!);
  }
  if (xy.length >= 4 && xy[0] === xy[xy.length - 2] && xy[1] === xy[xy.length - 1]) xy.splice(-2);
  const n = xy.length / 2;
  if (n < 3) return null;
  let sign = 0;
  for (let i = 0; i < n; i += 1) {
    const [ax, ay] = [xy[i * 2]!, xy[i * 2 + 1]!];
    const [bx, by] = [xy[((i + 1) % n) * 2]!, xy[((i + 1) % n) * 2 + 1]!];
    const [cx, cy] = [xy[((i + 2) % n) * 2]!, xy[((i + 2) % n) * 2 + 1]!];
    const turn = Math.sign((bx - ax) * (cy - by) - (by - ay) * (cx - bx));
    if (turn === 0) continue;
    if (sign === 0) sign = turn;
    else if (turn !== sign) return null;
  }
  if (sign === 0) return null;
  if (sign > 0) return xy;
  const reversed: number[] = [];
  for (let i = n - 1; i >= 0; i -= 1) reversed.push(xy[i * 2]!, xy[i * 2 + 1]!);
  return reversed;
}

function indexBoxes(count: number, each: (i: number, add: (minX: number, minY: number, maxX: number, maxY: number) => void) => void): Flatbush {
  const index = new Flatbush(Math.max(1, count));
  for (let i = 0; i < count; i += 1) each(i, (minX, minY, maxX, maxY) => index.add(minX, minY, maxX, maxY));
  // Flatbush needs at least one box; an empty area gets one that nothing can meet.
  if (count === 0) index.add(Infinity, Infinity, Infinity, Infinity);
  index.finish();
  return index;
}

export const boxesMeet = (a: BBox, b: BBox) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

/** Whether a point lies inside the area (even–odd over every ring: holes and separate polygons alike). */
export function containsPoint(area: PreparedArea, x: number, y: number): boolean {
  if (x < area.bbox[0] || x > area.bbox[2] || y < area.bbox[1] || y > area.bbox[3]) return false;
  const cell = cellAt(area.grid, x, y);
  if (cell !== CellState.Boundary) return cell === CellState.Inside;
  return insideRings(area.ringVertices, area.ringStarts, x, y);
}

function insideRings(v: Float64Array, ringStarts: Uint32Array, x: number, y: number): boolean {
  let inside = false;
  for (let r = 0; r + 1 < ringStarts.length; r += 1) {
    const start = ringStarts[r]!;
    const end = ringStarts[r + 1]!;
    for (let i = start, j = end - 1; i < end; j = i++) {
      const yi = v[i * 2 + 1]!;
      const yj = v[j * 2 + 1]!;
      if ((yi > y) !== (yj > y)) {
        const xi = v[i * 2]!;
        if (x < ((v[j * 2]! - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
  }
  return inside;
}

/** Scratch buffers of the clipper, grown on demand and reused (never the same array twice): no allocation per unit. */
let bufferA = new Float64Array(1024);
let bufferB = new Float64Array(1024);
/** The clipping edges of the current piece (ax, ay, bx, by), reused. */
let cutting = new Float64Array(256);

/** Area (square degrees) of the part of a unit inside the area. `unitArea` and `unitBBox` are the unit's own. */
export function intersectionArea(area: PreparedArea, unit: Polygon | MultiPolygon, unitBBox: BBox, unitArea: number): number {
  if (!boxesMeet(area.bbox, unitBBox)) return 0;
  const [minX, minY, maxX, maxY] = unitBBox;
  // No boundary of the area crosses the cells under the unit's box: it is wholly inside or wholly outside.
  const state = boxState(area.grid, minX, minY, maxX, maxY);
  if (state !== CellState.Boundary) return state === CellState.Inside ? unitArea : 0;
  const polygons = polygonsOf(unit);
  let total = 0;
  for (const piece of area.pieceIndex.search(minX, minY, maxX, maxY)) {
    const cuts = cuttingEdges(area, piece, unitBBox);
    if (cuts < 0) continue;
    if (cuts === 0) {
      total += unitArea;
      continue;
    }
    for (const polygon of polygons) {
      polygon.forEach((ring, r) => { total += (r === 0 ? 1 : -1) * clippedRingArea(ring, cuts); });
    }
  }
  return Math.min(unitArea, Math.max(0, total));
}

/**
 * Puts in `cutting` the piece's edges whose line crosses the box, and returns how many: -1 when the
 * box is wholly outside one edge (nothing of the unit is in the piece), 0 when it is inside them all.
 */
function cuttingEdges(area: PreparedArea, piece: number, [minX, minY, maxX, maxY]: BBox): number {
  const { pieceVertices: v, pieceStarts } = area;
  const start = pieceStarts[piece]!;
  const end = pieceStarts[piece + 1]!;
  if (cutting.length < (end - start) * 4) cutting = new Float64Array((end - start) * 8);
  let count = 0;
  for (let i = start; i < end; i += 1) {
    const j = i + 1 < end ? i + 1 : start;
    const ax = v[i * 2]!;
    const ay = v[i * 2 + 1]!;
    const ex = v[j * 2]! - ax;
    const ey = v[j * 2 + 1]! - ay;
    // Which side of the edge's line each corner of the box is on (inside: left, the pieces turning counter-clockwise).
    let inside = 0;
    if (ex * (minY - ay) - ey * (minX - ax) >= 0) inside += 1;
    if (ex * (minY - ay) - ey * (maxX - ax) >= 0) inside += 1;
    if (ex * (maxY - ay) - ey * (minX - ax) >= 0) inside += 1;
    if (ex * (maxY - ay) - ey * (maxX - ax) >= 0) inside += 1;
    if (inside === 0) return -1;
    if (inside === 4) continue;
    cutting[count * 4] = ax;
    cutting[count * 4 + 1] = ay;
    cutting[count * 4 + 2] = ex;
    cutting[count * 4 + 3] = ey;
    count += 1;
  }
  return count;
}

/** |area| of a ring clipped by the first `edges` edges of `cutting` (Sutherland–Hodgman). */
function clippedRingArea(ring: Position[], edges: number): number {
  let count = ring.length;
  if (bufferA.length < count * 4) bufferA = new Float64Array(count * 4);
  let input = bufferA;
  let output = bufferB;
  for (let i = 0; i < count; i += 1) {
    input[i * 2] = ring[i]![0]!;
    input[i * 2 + 1] = ring[i]![1]!;
  }
  for (let edge = 0; edge < edges && count > 0; edge += 1) {
    const ax = cutting[edge * 4]!;
    const ay = cutting[edge * 4 + 1]!;
    const ex = cutting[edge * 4 + 2]!;
    const ey = cutting[edge * 4 + 3]!;
    // Each input vertex gives at most two output vertices.
    if (output.length < count * 4) output = new Float64Array(count * 4);
    let written = 0;
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
  // Two distinct arrays, each at least as large as before: kept for the next call.
  bufferA = input;
  bufferB = output;
  let sum = 0;
  for (let i = 0, j = count - 1; i < count; j = i++) sum += input[j * 2]! * input[i * 2 + 1]! - input[i * 2]! * input[j * 2 + 1]!;
  return Math.abs(sum / 2);
}
