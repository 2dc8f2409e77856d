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

export interface ConvexPieces {
  /** Vertex indices of every piece, counter-clockwise, piece i from starts[i] to starts[i + 1]. */
  vertices: Uint32Array;
  starts: Uint32Array;
}

/** Scratch arrays, grown on demand: per half-edge, per triangle, per vertex. */
let next = new Int32Array(0);
let prev = new Int32Array(0);
let twin = new Int32Array(0);
let alive = new Uint8Array(0);
let parent = new Int32Array(0);
let size = new Int32Array(0);
let outgoing = new Int32Array(0);
let firstOutgoing = new Int32Array(0);
let cursor = new Int32Array(0);

/**
 * `triangles`: vertex indices into `xy` (x, y per vertex), three per triangle, each triangle
 * counter-clockwise, as a triangulation of one polygon (its holes included). The pieces come in
 * the order of their first triangle.
 */
export function convexPieces(xy: ArrayLike<number>, triangles: ArrayLike<number>): ConvexPieces {
  const halfEdges = triangles.length;
  const count = halfEdges / 3;
  let vertexCount = 0;
  for (let h = 0; h < halfEdges; h += 1) vertexCount = Math.max(vertexCount, triangles[h]! + 1);
  grow(halfEdges, count, vertexCount);
  for (let h = 0; h < halfEdges; h += 1) {
    next[h] = h % 3 === 2 ? h - 2 : h + 1;
    prev[h] = h % 3 === 0 ? h + 2 : h - 1;
    alive[h] = 1;
  }
  for (let t = 0; t < count; t += 1) {
    parent[t] = t;
    size[t] = 3;
  }
  // Half-edges by their first vertex (a counting sort), to find each one's twin: b → a for a → b.
  firstOutgoing.fill(0, 0, vertexCount + 1);
  for (let h = 0; h < halfEdges; h += 1) firstOutgoing[triangles[h]! + 1]! += 1;
  for (let v = 0; v < vertexCount; v += 1) firstOutgoing[v + 1]! += firstOutgoing[v]!;
  cursor.set(firstOutgoing.subarray(0, vertexCount));
  for (let h = 0; h < halfEdges; h += 1) outgoing[cursor[triangles[h]!]!++] = h;
  for (let h = 0; h < halfEdges; h += 1) {
    twin[h] = -1;
    const a = triangles[h]!;
    const b = endOf(triangles, h);
    for (let k = firstOutgoing[b]!; k < firstOutgoing[b + 1]!; k += 1) {
      if (endOf(triangles, outgoing[k]!) === a) {
        twin[h] = outgoing[k]!;
        break;
      }
    }
  }
  for (let h = 0; h < halfEdges; h += 1) {
    const other = twin[h]!;
    // Each inner edge once, while both sides are still there.
    if (other < h || !alive[h] || !alive[other]) continue;
    const p = root(Math.floor(h / 3));
    const q = root(Math.floor(other / 3));
    if (p === q || size[p]! + size[q]! - 2 > MAX_PIECE_VERTICES) continue;
    // Removing a → b (h, in P) and b → a (other, in Q): at a, P's edge into a goes on with Q's edge out of a; at b, likewise.
    const intoA = prev[h]!;
    const outOfA = next[other]!;
    const intoB = prev[other]!;
    const outOfB = next[h]!;
    if (!turnsLeft(xy, triangles[intoA]!, triangles[h]!, endOf(triangles, outOfA)) || !turnsLeft(xy, triangles[intoB]!, triangles[other]!, endOf(triangles, outOfB))) continue;
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
  const vertices = new Uint32Array(halfEdges);
  const starts: number[] = [0];
  let written = 0;
  for (let h = 0; h < halfEdges; h += 1) {
    if (!alive[h]) continue;
    let edge = h;
    do {
      vertices[written++] = triangles[edge]!;
      alive[edge] = 0;
      edge = next[edge]!;
    } while (edge !== h);
    starts.push(written);
  }
  return { vertices: vertices.subarray(0, written), starts: Uint32Array.from(starts) };
}

/** Where half-edge h ends: the next corner of its triangle. */
function endOf(triangles: ArrayLike<number>, h: number): number {
  return triangles[h % 3 === 2 ? h - 2 : h + 1]!;
}

function root(t: number): number {
  while (parent[t] !== t) {
    parent[t] = parent[parent[t]!]!;
    t = parent[t]!;
  }
  return t;
}

function grow(halfEdges: number, triangles: number, vertices: number): void {
  if (next.length < halfEdges) {
    [next, prev, twin, outgoing] = [new Int32Array(halfEdges * 2), new Int32Array(halfEdges * 2), new Int32Array(halfEdges * 2), new Int32Array(halfEdges * 2)];
    alive = new Uint8Array(halfEdges * 2);
  }
  if (parent.length < triangles) [parent, size] = [new Int32Array(triangles * 2), new Int32Array(triangles * 2)];
  if (firstOutgoing.length < vertices + 1) [firstOutgoing, cursor] = [new Int32Array((vertices + 1) * 2), new Int32Array((vertices + 1) * 2)];
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
