/**
 * How much of a territorial unit lies inside an area: the area of their intersection, fast enough
 * to apportion thousands of units per request, and robust where the two share edges (an
 * administrative area made of the very units being apportioned).
 *
 * Coordinates are WGS84 lon/lat used as planar coordinates: shares are ratios within one unit, so
 * they equal PostGIS's `ST_Area(ST_Intersection(u, a)) / ST_Area(u)` on SRID 4326 geometries.
 *
 * The area is cut once into convex pieces: itself when it is one convex ring (a circle), else its
 * triangles (earcut, holes included) merged into convex pieces (convex-pieces.ts). A unit's
 * intersection with the area is the sum of its intersections with the pieces its bounding box
 * meets, each computed by Sutherland–Hodgman clipping of the unit's rings against the piece:
 * exact for a concave unit too, and shared or
 * collinear edges only make zero-area slivers. Only the piece's edges whose line crosses the unit's
 * bounding box clip anything; a unit inside all of a piece's edges is wholly inside it. A grid over
 * the area (area-grid.ts) answers at once for units and points away from its boundary, and for units
 * near it that none of its edges meets (a unit inside a concave area straddles several pieces).
 *
 * Areas and units come as nested GeoJSON or flat (flat-polygons.ts: a compute thread's cached units
 * and the areas it is sent); the kernel reads flat arrays, and allocates nothing per unit.
 */
import earcut from 'earcut';
import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { boxState, buildAreaGrid, cellAt, CellState, edgeMeetsBox, type AreaGrid } from './area-grid.js';
import { convexPieces } from './convex-pieces.js';
import { flatBBox, flatPlanarArea, flattenPolygons, isFlat, type FlatPolygons } from './flat-polygons.js';
import { OneBuffer } from './one-buffer.js';

export type BBox = [number, number, number, number];

/**
 * What telling points inside from outside needs (containsPoint): the bounding box, the grid and
 * the rings. Cheaper to build than a PreparedArea (no convex pieces: no triangulation), and the
 * same answers, since prepareArea builds its own from it.
 */
export interface PointArea {
  bbox: BBox;
  /** Inside, outside or boundary for each cell of a grid over the bounding box. */
  grid: AreaGrid;
  /** Every ring's vertices (x, y), ring i from ringStarts[i] to ringStarts[i + 1], for point-in-polygon tests. */
  ringVertices: Float64Array;
  ringStarts: Uint32Array;
}

export interface PreparedArea extends PointArea {
  /** Planar area in square degrees. */
  area: number;
  /** Convex pieces' vertices (x, y, counter-clockwise), piece i from pieceStarts[i] to pieceStarts[i + 1] (in vertices). */
  pieceVertices: Float64Array;
  pieceStarts: Uint32Array;
  /** Each piece's bounding box: minX, minY, maxX, maxY. */
  pieceBoxes: Float64Array;
  /** The pieces' boxes indexed, when there are many; null: few enough to scan. */
  pieceIndex: Flatbush | null;
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

/**
 * The shoelace formula on coordinates taken from the ring's first point: on raw longitudes and
 * latitudes, products of about 400 square degrees cancel down to an IRIS's 0.0004 and lose a
 * billionth of it (the figures then differed from PostGIS's by up to 2e-9, 5e-13 this way).
 */
function ringSignedArea(ring: Position[]): number {
  if (ring.length === 0) return 0;
  const [x0, y0] = [ring[0]![0]!, ring[0]![1]!];
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += ((ring[j]![0]! - x0) * (ring[i]![1]! - y0)) - ((ring[i]![0]! - x0) * (ring[j]![1]! - y0));
  return sum / 2;
}

/**
 * Pieces scanned one by one up to this count (a circle is one, an isochrone a few dozen);
 * past it, indexed (the triangles of a large administrative area).
 */
const SCANNED_PIECES = 64;

/** The area, nested GeoJSON or flat (as it crosses to a compute thread), prepared for every unit measured against it. */
export function prepareArea(geometry: Polygon | MultiPolygon | FlatPolygons): PreparedArea {
  const flat = isFlat(geometry) ? geometry : flattenPolygons(geometry);
  const { coordinates: xy, ringEnds, polygonEnds } = flat;
  pieceCount = 0;
  pieceLength = 0;
  for (let p = 0, ring = 0; p < polygonEnds.length; p += 1) {
    const firstRing = ring;
    ring = polygonEnds[p]!;
    if (ring === firstRing) continue;
    const start = firstRing === 0 ? 0 : ringEnds[firstRing - 1]!;
    const end = ringEnds[ring - 1]!;
    if (ring - firstRing === 1 && addConvexRing(xy, start, end)) continue;
    const holes: number[] = [];
    for (let r = firstRing + 1; r < ring; r += 1) holes.push(ringEnds[r - 1]! - start);
    const polygon = xy.subarray(start * 2, end * 2);
    const indices = earcut(polygon, holes, 2);
    for (let t = 0; t < indices.length; t += 3) {
      const [a, b, c] = [indices[t]! * 2, indices[t + 1]! * 2, indices[t + 2]! * 2];
      // Counter-clockwise, as the clipper wants.
      if ((polygon[c]! * polygon[a + 1]! - polygon[a]! * polygon[c + 1]!) + (polygon[a]! * polygon[b + 1]! - polygon[b]! * polygon[a + 1]!)
        + (polygon[b]! * polygon[c + 1]! - polygon[c]! * polygon[b + 1]!) < 0) {
        // Swapped as they are (integers: a halved index would make the array one of doubles).
        const second = indices[t + 1]!;
        indices[t + 1] = indices[t + 2]!;
        indices[t + 2] = second;
      }
    }
    const pieces = convexPieces(polygon, indices);
    for (let piece = 0; piece + 1 < pieces.starts.length; piece += 1) addPiece(polygon, pieces.vertices, pieces.starts[piece]!, pieces.starts[piece + 1]!);
  }
  const block = new OneBuffer({ float64: pieceLength * 2 + pieceCount * 4, uint32: pieceCount + 1 });
  const pieceVertices = block.float64(pieceLength * 2);
  const pieceBoxes = block.float64(pieceCount * 4);
  const pieceStarts = block.uint32(pieceCount + 1);
  pieceVertices.set(pieceScratch.subarray(0, pieceLength * 2));
  pieceStarts.set(startScratch.subarray(0, pieceCount + 1));
  for (let i = 0; i < pieceCount; i += 1) {
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let v = pieceStarts[i]!; v < pieceStarts[i + 1]!; v += 1) {
      const x = pieceVertices[v * 2]!;
      const y = pieceVertices[v * 2 + 1]!;
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
    pieceBoxes[i * 4] = minX;
    pieceBoxes[i * 4 + 1] = minY;
    pieceBoxes[i * 4 + 2] = maxX;
    pieceBoxes[i * 4 + 3] = maxY;
  }
  return {
    ...preparePointArea(flat),
    area: flatPlanarArea(flat),
    pieceVertices,
    pieceStarts,
    pieceBoxes,
    pieceIndex: pieceCount > SCANNED_PIECES ? indexBoxes(pieceBoxes) : null,
  };
}

/** The area prepared for containsPoint only (counting points: no clipping, so no convex pieces). */
export function preparePointArea(geometry: Polygon | MultiPolygon | FlatPolygons): PointArea {
  const flat = isFlat(geometry) ? geometry : flattenPolygons(geometry);
  const bbox = flatBBox(flat);
  const ringStarts = new Uint32Array(flat.ringEnds.length + 1);
  ringStarts.set(flat.ringEnds, 1);
  return { bbox, grid: buildAreaGrid(bbox, flat.coordinates, ringStarts), ringVertices: flat.coordinates, ringStarts };
}

/** Pieces as prepareArea builds them: vertices and starts in scratch arrays, grown on demand, copied out once. */
let pieceScratch = new Float64Array(1024);
let startScratch = new Uint32Array(256);
let pieceCount = 0;
let pieceLength = 0;

function ensurePieceRoom(vertices: number): void {
  if ((pieceLength + vertices) * 2 > pieceScratch.length) {
    const grown = new Float64Array(Math.max(pieceScratch.length * 2, (pieceLength + vertices) * 2));
    grown.set(pieceScratch.subarray(0, pieceLength * 2));
    pieceScratch = grown;
  }
  if (pieceCount + 2 > startScratch.length) {
    const grown = new Uint32Array(startScratch.length * 2);
    grown.set(startScratch);
    startScratch = grown;
  }
}

function closePiece(): void {
  pieceCount += 1;
  startScratch[pieceCount] = pieceLength;
}

/** Adds the piece made of vertices[from] to vertices[to - 1] (indices into xy), in order. */
function addPiece(xy: Float64Array, vertices: Uint32Array, from: number, to: number): void {
  ensurePieceRoom(to - from);
  for (let i = from; i < to; i += 1) {
    pieceScratch[pieceLength * 2] = xy[vertices[i]! * 2]!;
    pieceScratch[pieceLength * 2 + 1] = xy[vertices[i]! * 2 + 1]!;
    pieceLength += 1;
  }
  closePiece();
}

/**
 * Adds the ring (points start to end of xy) as one piece, counter-clockwise and without repeated
 * points (the closing one included: they would make zero-length edges), when it is convex;
 * returns false (and adds nothing) when it is not.
 */
function addConvexRing(xy: Float64Array, start: number, end: number): boolean {
  ensurePieceRoom(end - start);
  const at = pieceLength * 2;
  let length = 0;
  for (let i = start; i < end; i += 1) {
    const x = xy[i * 2]!;
    const y = xy[i * 2 + 1]!;
    if (length >= 2 && pieceScratch[at + length - 2] === x && pieceScratch[at + length - 1] === y) continue;
    pieceScratch[at + length++] = x;
    pieceScratch[at + length++] = y;
  }
  if (length >= 4 && pieceScratch[at] === pieceScratch[at + length - 2] && pieceScratch[at + 1] === pieceScratch[at + length - 1]) length -= 2;
  const n = length / 2;
  if (n < 3) return false;
  const v = pieceScratch;
  let sign = 0;
  for (let i = 0; i < n; i += 1) {
    const a = at + i * 2;
    const b = at + ((i + 1) % n) * 2;
    const c = at + ((i + 2) % n) * 2;
    const turn = Math.sign((v[b]! - v[a]!) * (v[c + 1]! - v[b + 1]!) - (v[b + 1]! - v[a + 1]!) * (v[c]! - v[b]!));
    if (turn === 0) continue;
    if (sign === 0) sign = turn;
    else if (turn !== sign) return false;
  }
  if (sign === 0) return false;
  if (sign < 0) {
    for (let i = 0, j = n - 1; i < j; i += 1, j -= 1) {
      const [x, y] = [v[at + i * 2]!, v[at + i * 2 + 1]!];
      v[at + i * 2] = v[at + j * 2]!;
      v[at + i * 2 + 1] = v[at + j * 2 + 1]!;
      v[at + j * 2] = x;
      v[at + j * 2 + 1] = y;
    }
  }
  pieceLength += n;
  closePiece();
  return true;
}

function indexBoxes(boxes: Float64Array): Flatbush {
  const index = new Flatbush(boxes.length / 4);
  for (let i = 0; i < boxes.length; i += 4) index.add(boxes[i]!, boxes[i + 1]!, boxes[i + 2]!, boxes[i + 3]!);
  index.finish();
  return index;
}

export const boxesMeet = (a: BBox, b: BBox) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

/** Whether a point lies inside the area (even–odd over every ring: holes and separate polygons alike). */
export function containsPoint(area: PointArea, x: number, y: number): boolean {
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
/** A nested GeoJSON ring copied flat for the clipper. */
let ringBuffer = new Float64Array(1024);
/** The clipping edges of the current piece (ax, ay, bx, by), reused. */
let cutting = new Float64Array(256);

/**
 * Where a box lies against the area: wholly inside or wholly outside it (no edge of the area meets
 * the box), or across its boundary (Boundary: only clipping what the box holds tells).
 */
export function boxPlacement(area: PointArea, minX: number, minY: number, maxX: number, maxY: number): CellState {
  const { bbox } = area;
  if (minX > bbox[2] || maxX < bbox[0] || minY > bbox[3] || maxY < bbox[1]) return CellState.Outside;
  // No boundary of the area crosses the cells under the box: it is wholly inside or wholly outside.
  const state = boxState(area.grid, minX, minY, maxX, maxY);
  if (state !== CellState.Boundary) return state;
  // No edge of the area meets the box, though its cells hold some: wholly inside or outside
  // (a unit inside a concave area would otherwise be clipped by every piece it straddles).
  if (!edgeMeetsBox(area.grid, area.ringVertices, minX, minY, maxX, maxY)) {
    return insideRings(area.ringVertices, area.ringStarts, minX, minY) ? CellState.Inside : CellState.Outside;
  }
  return CellState.Boundary;
}

/**
 * Area (square degrees) of the part of a unit inside the area. `unitArea` and `unitBBox` are the
 * unit's own. A flat unit is clipped straight from its arrays, a nested one copied flat first.
 */
export function intersectionArea(area: PreparedArea, unit: Polygon | MultiPolygon | FlatPolygons, unitBBox: BBox, unitArea: number): number {
  const placement = boxPlacement(area, unitBBox[0], unitBBox[1], unitBBox[2], unitBBox[3]);
  if (placement !== CellState.Boundary) return placement === CellState.Inside ? unitArea : 0;
  return boundaryIntersectionArea(area, unit, unitBBox, unitArea);
}

/** intersectionArea for a unit whose box boxPlacement finds across the area's boundary: the unit clipped by the pieces its box meets. */
export function boundaryIntersectionArea(area: PreparedArea, unit: Polygon | MultiPolygon | FlatPolygons, unitBBox: BBox, unitArea: number): number {
  const [minX, minY, maxX, maxY] = unitBBox;
  let total = 0;
  if (area.pieceIndex) {
    for (const piece of area.pieceIndex.search(minX, minY, maxX, maxY)) total += pieceOverlap(area, piece, unit, unitBBox, unitArea);
  } else {
    const boxes = area.pieceBoxes;
    for (let piece = 0; piece * 4 < boxes.length; piece += 1) {
      if (boxes[piece * 4]! > maxX || boxes[piece * 4 + 2]! < minX || boxes[piece * 4 + 1]! > maxY || boxes[piece * 4 + 3]! < minY) continue;
      total += pieceOverlap(area, piece, unit, unitBBox, unitArea);
    }
  }
  return Math.min(unitArea, Math.max(0, total));
}

/** Area of the part of a unit inside one piece of the area. */
function pieceOverlap(area: PreparedArea, piece: number, unit: Polygon | MultiPolygon | FlatPolygons, unitBBox: BBox, unitArea: number): number {
  const cuts = cuttingEdges(area, piece, unitBBox);
  if (cuts < 0) return 0;
  if (cuts === 0) return unitArea;
  let total = 0;
  if (isFlat(unit)) {
    const { coordinates, ringEnds, polygonEnds } = unit;
    for (let p = 0, ring = 0; p < polygonEnds.length; p += 1) {
      for (const outer = ring; ring < polygonEnds[p]!; ring += 1) {
        const clipped = clippedRingArea(coordinates, ring === 0 ? 0 : ringEnds[ring - 1]!, ringEnds[ring]!, cuts);
        total += ring === outer ? clipped : -clipped;
      }
    }
    return total;
  }
  for (const polygon of polygonsOf(unit)) {
    for (let r = 0; r < polygon.length; r += 1) {
      const ring = polygon[r]!;
      if (ringBuffer.length < ring.length * 2) ringBuffer = new Float64Array(ring.length * 4);
      for (let i = 0; i < ring.length; i += 1) {
        ringBuffer[i * 2] = ring[i]![0]!;
        ringBuffer[i * 2 + 1] = ring[i]![1]!;
      }
      const clipped = clippedRingArea(ringBuffer, 0, ring.length, cuts);
      total += r === 0 ? clipped : -clipped;
    }
  }
  return total;
}

/**
 * Puts in `cutting` the piece's edges that may cut the unit, and returns how many: -1 when the box
 * is wholly outside one edge's line (nothing of the unit is in the piece), 0 when the unit is
 * wholly inside the piece.
 *
 * An edge may cut the unit when its line crosses the box and the edge itself reaches the box: the
 * piece is convex, so once nothing separates it from the box they meet, and within the box its
 * boundary is made of those edges alone (a point of the box outside the piece is outside one of
 * them); the lines of the piece's other edges cross the box (a circle's neighbouring edges) without
 * cutting anything the first ones leave. None of them reaching the box: it is wholly inside.
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
    // Which side of the edge's line the box is on (inside: left, the pieces turning counter-clockwise):
    // the side is linear, so the box's corners furthest out and furthest in tell.
    if (ex * ((ex >= 0 ? maxY : minY) - ay) - ey * ((ey >= 0 ? minX : maxX) - ax) < 0) return -1;
    if (ex * ((ex >= 0 ? minY : maxY) - ay) - ey * ((ey >= 0 ? maxX : minX) - ax) >= 0) continue;
    const bx = ax + ex;
    const by = ay + ey;
    if ((ax < bx ? ax : bx) > maxX || (ax > bx ? ax : bx) < minX || (ay < by ? ay : by) > maxY || (ay > by ? ay : by) < minY) continue;
    cutting[count * 4] = ax;
    cutting[count * 4 + 1] = ay;
    cutting[count * 4 + 2] = ex;
    cutting[count * 4 + 3] = ey;
    count += 1;
  }
  return count;
}

/**
 * |area| of the ring made of points start to end of `ring` (not a scratch buffer) clipped by the
 * first `edges` edges of `cutting` (Sutherland–Hodgman): the first edge reads the ring where it
 * lies, the next ones go back and forth between the two scratch buffers.
 */
function clippedRingArea(ring: Float64Array, start: number, end: number, edges: number): number {
  let count = end - start;
  let input = ring;
  let offset = start * 2;
  for (let edge = 0; edge < edges && count > 0; edge += 1) {
    const ax = cutting[edge * 4]!;
    const ay = cutting[edge * 4 + 1]!;
    const ex = cutting[edge * 4 + 2]!;
    const ey = cutting[edge * 4 + 3]!;
    // The line crosses the unit's box, yet often not the ring. The points up to the first one
    // outside are read alone: none of them, and the pass is skipped (it would copy the ring as
    // it is); else they are copied as they are, and the pass clips from that point on.
    let first = 0;
    while (first < count && ex * (input[offset + first * 2 + 1]! - ay) - ey * (input[offset + first * 2]! - ax) >= 0) first += 1;
    if (first === count) continue;
    // Each input vertex gives at most two output vertices.
    let output = input === bufferA ? bufferB : bufferA;
    if (output.length < count * 4) {
      output = new Float64Array(count * 4);
      if (input === bufferA) bufferB = output;
      else bufferA = output;
    }
    let written = 0;
    let px = input[offset + (count - 1) * 2]!;
    let py = input[offset + (count - 1) * 2 + 1]!;
    let pSide = ex * (py - ay) - ey * (px - ax);
    if (first > 0) {
      // Inside from the first point: the ring may come in from the last one (outside) before it.
      const cx = input[offset]!;
      const cy = input[offset + 1]!;
      if (pSide < 0) {
        const cSide = ex * (cy - ay) - ey * (cx - ax);
        const t = pSide / (pSide - cSide);
        output[written++] = px + t * (cx - px);
        output[written++] = py + t * (cy - py);
      }
      for (let i = offset; i < offset + first * 2; i += 1) output[written++] = input[i]!;
      px = input[offset + (first - 1) * 2]!;
      py = input[offset + (first - 1) * 2 + 1]!;
      pSide = ex * (py - ay) - ey * (px - ax);
    }
    for (let i = first; i < count; i += 1) {
      const cx = input[offset + i * 2]!;
      const cy = input[offset + i * 2 + 1]!;
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
    input = output;
    offset = 0;
  }
  // From the first point, as ringSignedArea: an unclipped ring gets the very area the unit has.
  const x0 = input[offset]!;
  const y0 = input[offset + 1]!;
  let sum = 0;
  for (let i = 0, j = count - 1; i < count; j = i++) {
    sum += (input[offset + j * 2]! - x0) * (input[offset + i * 2 + 1]! - y0) - (input[offset + i * 2]! - x0) * (input[offset + j * 2 + 1]! - y0);
  }
  return Math.abs(sum / 2);
}
