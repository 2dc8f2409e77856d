/**
 * Does a ring cross or touch itself? The Shamos–Hoey sweep: O(n log n) whatever the shape, where
 * comparing every pair of edges took minutes on a polygon of 200,000 vertices.
 *
 * A vertical line sweeps the edges from left to right, keeping the edges it crosses in order from
 * bottom to top; two edges that meet are neighbours in that order at some point before the
 * leftmost meeting point, so checking each edge against its neighbours when it enters, and the two
 * edges that become neighbours when one leaves, finds a meeting if there is one. Orientations are
 * exact (robust-predicates), so nearly collinear edges are judged right.
 *
 * Degenerate cases are settled before the sweep, so that inside it every vertex belongs to exactly
 * its two edges: repeated consecutive points are ignored (they change nothing), a vertex visited
 * twice is a touch, and an edge that turns straight back over the previous one is a spike.
 */
import { orient2d } from 'robust-predicates';
import type { Position, Ring } from './types.js';
import { SweepStatus } from './sweep-status.js';

/** > 0 when c is to the left of the directed line a → b, < 0 to the right, 0 on it. */
function orientation(a: Position, b: Position, c: Position): number {
  return -orient2d(a[0], a[1], b[0], b[1], c[0], c[1]);
}

function samePoint(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** Lexicographic order, x then y: the order in which the sweep meets points. */
function comparePoints(a: Position, b: Position): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** Whether c, collinear with a and b, lies on the segment a–b. */
function onSegment(a: Position, b: Position, c: Position): boolean {
  return Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);
}

/** A point where segments a–b and c–d meet, or null when they do not. */
export function segmentsMeet(a: Position, b: Position, c: Position, d: Position): Position | null {
  const o1 = Math.sign(orientation(a, b, c));
  const o2 = Math.sign(orientation(a, b, d));
  const o3 = Math.sign(orientation(c, d, a));
  const o4 = Math.sign(orientation(c, d, b));
  if (o1 * o2 < 0 && o3 * o4 < 0) {
    const t = orientation(c, d, a) / (orientation(c, d, a) - orientation(c, d, b));
    return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
  }
  if (o1 === 0 && onSegment(a, b, c)) return c;
  if (o2 === 0 && onSegment(a, b, d)) return d;
  if (o3 === 0 && onSegment(c, d, a)) return a;
  if (o4 === 0 && onSegment(c, d, b)) return b;
  return null;
}

/** The ring's vertices without the closing point and without consecutive repeats. */
export function distinctVertices(ring: Ring): Position[] {
  const vertices: Position[] = [];
  for (const point of ring) {
    if (vertices.length === 0 || !samePoint(vertices[vertices.length - 1]!, point)) vertices.push(point);
  }
  while (vertices.length > 1 && samePoint(vertices[0]!, vertices[vertices.length - 1]!)) vertices.pop();
  return vertices;
}

interface Edge { index: number; left: Position; right: Position }

/**
 * A point where the ring crosses or touches itself, or null when it is simple. Expects at least
 * three distinct vertices (fewer is a degenerate ring, which the caller reports as such).
 */
export function ringSelfIntersection(ring: Ring): Position | null {
  const vertices = distinctVertices(ring);
  const n = vertices.length;
  if (n < 3) return null;

  const seen = new Set<string>();
  for (const vertex of vertices) {
    const key = `${vertex[0]},${vertex[1]}`;
    if (seen.has(key)) return vertex;
    seen.add(key);
  }
  for (let i = 0; i < n; i++) {
    const a = vertices[(i + n - 1) % n]!;
    const b = vertices[i]!;
    const c = vertices[(i + 1) % n]!;
    const backwards = (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) < 0;
    if (orientation(a, b, c) === 0 && backwards) return b;
  }

  const edges: Edge[] = vertices.map((start, index) => {
    const end = vertices[(index + 1) % n]!;
    return comparePoints(start, end) < 0 ? { index, left: start, right: end } : { index, left: end, right: start };
  });
  // Consecutive edges share a vertex by construction; any other contact is a defect.
  const adjacent = (a: Edge, b: Edge) => {
    const gap = Math.abs(a.index - b.index);
    return gap === 1 || gap === n - 1;
  };

  // Events: 2i = edge i enters (at its left point), 2i + 1 = it leaves. At the same point entries
  // come first, so an edge that ends where a non-adjacent one starts is still there to be met.
  const events = new Uint32Array(2 * n);
  for (let i = 0; i < 2 * n; i++) events[i] = i;
  const eventPoint = (event: number) => (event & 1 ? edges[event >> 1]!.right : edges[event >> 1]!.left);
  events.sort((a, b) => comparePoints(eventPoint(a), eventPoint(b)) || (a & 1) - (b & 1));

  let found: Position | null = null;
  // Where an entering edge goes, relative to an edge already crossed by the sweep line.
  const compare = (entering: Edge, other: Edge): number => {
    const p = entering.left;
    const side = orientation(other.left, other.right, p);
    if (side !== 0) return side > 0 ? 1 : -1;
    // p lies on the other edge: only an adjacent edge whose end p is may be there.
    if (adjacent(entering, other) && samePoint(other.left, p)) {
      const turn = orientation(p, other.right, entering.right);
      if (turn === 0) found ??= p;
      return turn >= 0 ? 1 : -1;
    }
    if (adjacent(entering, other) && samePoint(other.right, p)) return orientation(other.left, p, entering.right) >= 0 ? 1 : -1;
    found ??= p;
    return 1;
  };
  const meet = (a: Edge | undefined, b: Edge | undefined): Position | null =>
    a && b && !adjacent(a, b) ? segmentsMeet(a.left, a.right, b.left, b.right) : null;

  const status = new SweepStatus<Edge>();
  const nodes = new Array<ReturnType<typeof status.insert> | undefined>(n);
  for (const event of events) {
    const edge = edges[event >> 1]!;
    if ((event & 1) === 0) {
      const node = status.insert(edge, compare);
      nodes[edge.index] = node;
      if (found) return found;
      const contact = meet(edge, node.below?.value) ?? meet(edge, node.above?.value);
      if (contact) return contact;
    } else {
      const node = nodes[edge.index]!;
      const below = node.below?.value;
      const above = node.above?.value;
      status.remove(node);
      const contact = meet(below, above);
      if (contact) return contact;
    }
  }
  return null;
}
