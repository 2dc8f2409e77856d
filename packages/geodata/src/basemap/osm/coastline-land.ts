/**
 * Land and sea inside an extract's box from its `natural=coastline` ways, so that the sea is where
 * OpenStreetMap says it is rather than where Natural Earth's coarse coasts put it.
 *
 * OpenStreetMap draws coastlines with the land on their left. An extract cuts them, so most chains
 * are open: each is clipped to the box (an end left inside the box, where the extract stopped, is
 * carried straight to the nearest side), and the land is closed by walking the box's sides
 * counter-clockwise from where a chain leaves the box to where the next one enters it. Rings that
 * lie wholly inside the box are islands (counter-clockwise) or pieces of sea enclosed by land
 * (clockwise). Without any coastline the whole box is land.
 */
import { pointInRing, signedArea, type Box, type Position } from './ring-geometry.js';

export interface LandAndSea {
  /** Polygons (outer ring counter-clockwise, holes clockwise) of the land inside the box. */
  land: Position[][][];
  sea: Position[][][];
}

const EPSILON = 1e-9;

/**
 * Land and sea are both built by the walk (the sea from the coast turned around, sea on its left),
 * so that no polygon clipping is needed: a robust clipper took seconds on a few hundred points.
 */
export function coastlineLandAndSea(coastlines: { rings: Position[][]; open: Position[][] }, box: Box): LandAndSea {
  const boxPolygon: Position[][][] = [[boxRing(box)]];
  if (coastlines.rings.length === 0 && coastlines.open.length === 0) return { land: boxPolygon, sea: [] };

  const pieces: Position[][] = [];
  const islands: Position[][] = [];
  const enclosedSeas: Position[][] = [];
  let containingRing: 'land' | 'sea' | undefined;
  for (const ring of coastlines.rings) {
    if (ring.every((point) => inside(point, box))) {
      (signedArea(ring) > 0 ? islands : enclosedSeas).push(ring);
      continue;
    }
    const clipped = clipToBox(ring, box);
    if (clipped.length > 0) {
      // A ring crossing the box is cut like an open chain; start it where it enters so no piece is split in two.
      pieces.push(...mergeWrappedPieces(clipped, ring, box));
    } else if (pointInRing(boxCenter(box), ring)) {
      containingRing = signedArea(ring) > 0 ? 'land' : 'sea';
    }
  }
  for (const chain of coastlines.open) {
    const clipped = clipToBox(extendEndsToBox(chain, box), box);
    pieces.push(...clipped.filter((piece) => piece.length >= 2));
  }

  let land: Position[][][];
  let sea: Position[][][];
  if (pieces.length > 0) {
    land = closeAlongBox(pieces, box).map((ring) => [ring]);
    sea = closeAlongBox(pieces.map((piece) => [...piece].reverse()), box).map((ring) => [ring]);
  } else {
    // Only islands: the box is sea around them; only enclosed seas: it is land around them.
    const boxIsLand = containingRing ? containingRing === 'land' : islands.length === 0;
    land = boxIsLand ? boxPolygon : [];
    sea = boxIsLand ? [] : boxPolygon;
  }
  // Islands are land, and holes in the sea around them; enclosed seas the other way round.
  for (const island of islands) {
    land.push([island]);
    sea.find(([outer]) => pointInRing(island[0]!, outer!))?.push([...island].reverse());
  }
  for (const enclosed of enclosedSeas) {
    sea.push([[...enclosed].reverse()]);
    land.find(([outer]) => pointInRing(enclosed[0]!, outer!))?.push(enclosed);
  }
  return { land, sea };
}

function boxRing([west, south, east, north]: Box): Position[] {
  return [[west, south], [east, south], [east, north], [west, north], [west, south]];
}

const boxCenter = ([west, south, east, north]: Box): Position => [(west + east) / 2, (south + north) / 2];

function inside([x, y]: Position, [west, south, east, north]: Box): boolean {
  return x >= west - EPSILON && x <= east + EPSILON && y >= south - EPSILON && y <= north + EPSILON;
}

function onBoundary([x, y]: Position, [west, south, east, north]: Box): boolean {
  return Math.abs(x - west) < EPSILON || Math.abs(x - east) < EPSILON || Math.abs(y - south) < EPSILON || Math.abs(y - north) < EPSILON;
}

/** The nearest point on the box's sides from a point inside it. */
function nearestOnBoundary([x, y]: Position, [west, south, east, north]: Box): Position {
  const distances: Array<[number, Position]> = [
    [x - west, [west, y]], [east - x, [east, y]], [y - south, [x, south]], [north - y, [x, north]],
  ];
  distances.sort((a, b) => a[0] - b[0]);
  return distances[0]![1];
}

/** An open chain whose end lies inside the box (where the extract stopped) is carried to the nearest side. */
function extendEndsToBox(chain: Position[], box: Box): Position[] {
  const result = [...chain];
  const first = result[0]!;
  const last = result.at(-1)!;
  if (inside(first, box) && !onBoundary(first, box)) result.unshift(nearestOnBoundary(first, box));
  if (inside(last, box) && !onBoundary(last, box)) result.push(nearestOnBoundary(last, box));
  return result;
}

/** Liang–Barsky: the part of segment a→b inside the box, as fractions along it, or null. */
function clipSegment(a: Position, b: Position, [west, south, east, north]: Box): [number, number] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [[-dx, a[0] - west], [dx, east - a[0]], [-dy, a[1] - south], [dy, north - a[1]]];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return null;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return null;
      if (r < t1) t1 = r;
    }
  }
  return [t0, t1];
}

const lerp = (a: Position, b: Position, t: number): Position => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** The runs of a line inside the box; each run starts and ends on a side unless the line itself does inside. */
export function clipToBox(line: readonly Position[], box: Box): Position[][] {
  const pieces: Position[][] = [];
  let current: Position[] | null = null;
  for (let i = 0; i < line.length - 1; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const clipped = clipSegment(a, b, box);
    if (!clipped) {
      if (current) pieces.push(current);
      current = null;
      continue;
    }
    const [t0, t1] = clipped;
    const start = t0 > 0 ? lerp(a, b, t0) : a;
    const end = t1 < 1 ? lerp(a, b, t1) : b;
    if (!current) current = [start];
    else if (t0 > 0) {
      // Left and came back within one segment: a new run.
      pieces.push(current);
      current = [start];
    }
    current.push(end);
    if (t1 < 1) {
      pieces.push(current);
      current = null;
    }
  }
  if (current) pieces.push(current);
  return pieces.filter((piece) => piece.length >= 2);
}

/** A closed ring clipped to the box may be cut at its first node: join its last run to its first. */
function mergeWrappedPieces(pieces: Position[][], ring: readonly Position[], box: Box): Position[][] {
  if (pieces.length < 2 || !inside(ring[0]!, box) || onBoundary(ring[0]!, box)) return pieces;
  const first = pieces[0]!;
  const last = pieces.at(-1)!;
  return [[...last, ...first.slice(1)], ...pieces.slice(1, -1)];
}

/** Position along the box's sides, counter-clockwise from the south-west corner: 0–1 south, 1–2 east, 2–3 north, 3–4 west. */
function boundaryParameter([x, y]: Position, [west, south, east, north]: Box): number {
  const width = east - west;
  const height = north - south;
  if (Math.abs(y - south) < EPSILON && x < east - EPSILON) return (x - west) / width;
  if (Math.abs(x - east) < EPSILON && y < north - EPSILON) return 1 + (y - south) / height;
  if (Math.abs(y - north) < EPSILON && x > west + EPSILON) return 2 + (east - x) / width;
  return 3 + (north - y) / height;
}

const CORNERS = (box: Box): Position[] => [[box[0], box[1]], [box[2], box[1]], [box[2], box[3]], [box[0], box[3]]];

/**
 * Closes the clipped coastline pieces into land rings: after a piece leaves the box, follow the
 * sides counter-clockwise (land on the left) to the next piece that enters it. Pieces that data
 * errors leave out of any closed walk are dropped.
 */
function closeAlongBox(pieces: Position[][], box: Box): Position[][] {
  const entries = pieces.map((piece) => boundaryParameter(piece[0]!, box));
  const exits = pieces.map((piece) => boundaryParameter(piece.at(-1)!, box));
  const corners = CORNERS(box);
  const nextPiece = (exit: number): number => {
    let best = 0;
    let bestDistance = Infinity;
    entries.forEach((entry, index) => {
      const distance = (((entry - exit) % 4) + 4) % 4;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = index;
      }
    });
    return best;
  };
  const used = new Uint8Array(pieces.length);
  const rings: Position[][] = [];
  for (let start = 0; start < pieces.length; start++) {
    if (used[start]) continue;
    const ring: Position[] = [];
    const visited = new Set<number>();
    let index = start;
    let closed = false;
    for (let step = 0; step <= pieces.length; step++) {
      visited.add(index);
      ring.push(...pieces[index]!);
      const exit = exits[index]!;
      const next = nextPiece(exit);
      const distance = (((entries[next]! - exit) % 4) + 4) % 4;
      // Corners passed between this exit and the next entry.
      for (let corner = Math.floor(exit) + 1; corner < exit + distance; corner++) ring.push(corners[corner % 4]!);
      if (next === start) {
        closed = true;
        break;
      }
      if (visited.has(next) || used[next]) break;
      index = next;
    }
    for (const piece of visited) used[piece] = 1;
    if (!closed) continue;
    ring.push(ring[0]!);
    if (ring.length >= 4) rings.push(ring);
  }
  return rings;
}
