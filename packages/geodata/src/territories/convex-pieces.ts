/**
 * A triangulation merged into convex pieces (Hertel–Mehlhorn: every inner edge removed when the
 * two pieces it separates make a convex one). A concave area (an isochrone: about one triangle per
 * vertex) then makes about three times fewer pieces, and a unit on its boundary is clipped against
 * a few pieces instead of a fan of thin triangles (whose rounding is also worse).
 *
 * The pieces are kept as half-edges (each triangle's three directed edges, linked to the next and
 * previous edge of their piece): removing an inner edge relinks four of them, so merging copies
 * nothing, and the arrays are reused from call to call. Pieces stay within MAX_PIECE_VERTICES.
 */

const MAX_PIECE_VERTICES = 64;

/** Views of scratch arrays, valid until the next call (the caller copies what it keeps). */
export interface ConvexPieces {
  /** Vertex indices of every piece, counter-clockwise, piece i from starts[i] to starts[i + 1]. */
  vertices: Uint32Array;
  starts: Uint32Array;
}

/** Scratch arrays, grown on demand: per half-edge, per triangle, per vertex. */
let nextScratch = new Int32Array(0);
let prevScratch = new Int32Array(0);
/** Where each half-edge ends (the next corner of its triangle). */
let endScratch = new Int32Array(0);
let twinScratch = new Int32Array(0);
let aliveScratch = new Uint8Array(0);
let outgoingScratch = new Int32Array(0);
let parentScratch = new Int32Array(0);
let sizeScratch = new Int32Array(0);
let firstOutgoingScratch = new Int32Array(0);
/** The result: at most one piece per triangle, three vertices each. */
let vertexScratch = new Uint32Array(0);
let startScratch = new Uint32Array(0);

/**
 * `triangles`: vertex indices into `xy` (x, y per vertex), three per triangle, each triangle
 * counter-clockwise, as a triangulation of one polygon (its holes included). The pieces come in
 * the order of their first triangle.
 */
export function convexPieces(xy: ArrayLike<number>, triangles: ArrayLike<number>): ConvexPieces {
  const halfEdges = triangles.length;
  const count = halfEdges / 3;
  let vertexCount = 0;
  for (let h = 0; h < halfEdges; h += 1) if (triangles[h]! >= vertexCount) vertexCount = triangles[h]! + 1;
  grow(halfEdges, count, vertexCount);
  // Read through locals: the module's bindings are reassigned when they grow, so a loop reading
  // them would load each one again on every turn.
  const next = nextScratch;
  const prev = prevScratch;
  const ends = endScratch;
  const twin = twinScratch;
  const alive = aliveScratch;
  const outgoing = outgoingScratch;
  const parent = parentScratch;
  const size = sizeScratch;
  const firstOutgoing = firstOutgoingScratch;
  firstOutgoing.fill(0, 0, vertexCount + 1);
  for (let t = 0, h = 0; t < count; t += 1, h += 3) {
    const a = triangles[h]!;
    const b = triangles[h + 1]!;
    const c = triangles[h + 2]!;
    ends[h] = b;
    ends[h + 1] = c;
    ends[h + 2] = a;
    next[h] = h + 1;
    next[h + 1] = h + 2;
    next[h + 2] = h;
    prev[h] = h + 2;
    prev[h + 1] = h;
    prev[h + 2] = h + 1;
    alive[h] = 1;
    alive[h + 1] = 1;
    alive[h + 2] = 1;
    twin[h] = -1;
    twin[h + 1] = -1;
    twin[h + 2] = -1;
    parent[t] = t;
    size[t] = 3;
    firstOutgoing[a + 1]! += 1;
    firstOutgoing[b + 1]! += 1;
    firstOutgoing[c + 1]! += 1;
  }
  // Half-edges by their first vertex (a counting sort), to find each one's twin: b → a for a → b.
  for (let v = 0; v < vertexCount; v += 1) firstOutgoing[v + 1]! += firstOutgoing[v]!;
  firstOutgoing[vertexCount + 1] = halfEdges;
  for (let h = halfEdges - 1; h >= 0; h -= 1) outgoing[--firstOutgoing[triangles[h]! + 1]!] = h;
  // firstOutgoing[v + 1] is now where v's half-edges start, firstOutgoing[v + 2] where they end.
  for (let h = 0; h < halfEdges; h += 1) {
    if (twin[h] !== -1) continue;
    const a = triangles[h]!;
    const b = ends[h]!;
    const last = firstOutgoing[b + 2]!;
    for (let k = firstOutgoing[b + 1]!; k < last; k += 1) {
      const other = outgoing[k]!;
      if (ends[other] === a) {
        twin[h] = other;
        twin[other] = h;
        break;
      }
    }
  }
  for (let h = 0; h < halfEdges; h += 1) {
    const other = twin[h]!;
    // Each inner edge once, while both sides are still there.
    if (other < h || !alive[h] || !alive[other]) continue;
    const p = root(parent, (h / 3) | 0);
    const q = root(parent, (other / 3) | 0);
    if (p === q || size[p]! + size[q]! - 2 > MAX_PIECE_VERTICES) continue;
    // Removing a → b (h, in P) and b → a (other, in Q): at a, P's edge into a goes on with Q's edge out of a; at b, likewise.
    const intoA = prev[h]!;
    const outOfA = next[other]!;
    const intoB = prev[other]!;
    const outOfB = next[h]!;
    if (!turnsLeft(xy, triangles[intoA]!, triangles[h]!, ends[outOfA]!) || !turnsLeft(xy, triangles[intoB]!, triangles[other]!, ends[outOfB]!)) continue;
    next[intoA] = outOfA;
    prev[outOfA] = intoA;
    next[intoB] = outOfB;
    prev[outOfB] = intoB;
    alive[h] = 0;
    alive[other] = 0;
    parent[q] = p;
    size[p] = size[p]! + size[q]! - 2;
  }
  // Each piece walked once from its first half-edge still there.
  const vertices = vertexScratch;
  const starts = startScratch;
  let pieces = 0;
  let written = 0;
  for (let h = 0; h < halfEdges; h += 1) {
    if (!alive[h]) continue;
    let edge = h;
    do {
      vertices[written++] = triangles[edge]!;
      alive[edge] = 0;
      edge = next[edge]!;
    } while (edge !== h);
    starts[++pieces] = written;
  }
  return { vertices: vertices.subarray(0, written), starts: starts.subarray(0, pieces + 1) };
}

function root(parent: Int32Array, t: number): number {
  while (parent[t] !== t) {
    parent[t] = parent[parent[t]!]!;
    t = parent[t]!;
  }
  return t;
}

function grow(halfEdges: number, triangles: number, vertices: number): void {
  if (nextScratch.length < halfEdges) {
    nextScratch = new Int32Array(halfEdges * 2);
    prevScratch = new Int32Array(halfEdges * 2);
    endScratch = new Int32Array(halfEdges * 2);
    twinScratch = new Int32Array(halfEdges * 2);
    outgoingScratch = new Int32Array(halfEdges * 2);
    aliveScratch = new Uint8Array(halfEdges * 2);
  }
  if (parentScratch.length < triangles) [parentScratch, sizeScratch] = [new Int32Array(triangles * 2), new Int32Array(triangles * 2)];
  if (firstOutgoingScratch.length < vertices + 2) firstOutgoingScratch = new Int32Array((vertices + 2) * 2);
  if (vertexScratch.length < halfEdges) [vertexScratch, startScratch] = [new Uint32Array(halfEdges * 2), new Uint32Array(triangles * 2 + 1)];
}

/**
 * Whether u → v → w turns left by more than rounding could explain: a straight or nearly straight
 * corner keeps the pieces apart (a piece wrongly believed convex would clip a sliver of area).
 */
function turnsLeft(xy: ArrayLike<number>, u: number, v: number, w: number): boolean {
  const ex = xy[v * 2]! - xy[u * 2]!;
  const ey = xy[v * 2 + 1]! - xy[u * 2 + 1]!;
  const fx = xy[w * 2]! - xy[v * 2]!;
  const fy = xy[w * 2 + 1]! - xy[v * 2 + 1]!;
  return ex * fy - ey * fx > 1e-9 * Math.sqrt((ex * ex + ey * ey) * (fx * fx + fy * fy));
}
