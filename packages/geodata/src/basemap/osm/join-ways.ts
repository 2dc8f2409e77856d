/**
 * Joins ways that share end nodes into longer chains: the outer and inner rings of a multipolygon
 * are usually drawn as several ways, and a coastline always is. A chain that comes back to its first
 * node is a ring; the others stay open (the extract cut them, or the data is broken).
 */
export interface JoinedWays {
  rings: number[][];
  open: number[][];
}

/**
 * `ways` are node id sequences. With `keepDirection` (coastlines, whose direction says where the
 * land is) a way is only appended after one that ends where it starts; otherwise ways may be
 * turned around to fit.
 */
export function joinWays(ways: readonly (readonly number[])[], { keepDirection = false } = {}): JoinedWays {
  const byStart = new Map<number, number[]>();
  const byEnd = new Map<number, number[]>();
  const add = (map: Map<number, number[]>, node: number, way: number) => {
    const list = map.get(node);
    if (list) list.push(way);
    else map.set(node, [way]);
  };
  ways.forEach((way, index) => {
    if (way.length < 2) return;
    add(byStart, way[0]!, index);
    add(byEnd, way.at(-1)!, index);
  });
  const used = new Uint8Array(ways.length);
  const take = (map: Map<number, number[]>, node: number): number | undefined => {
    const list = map.get(node);
    if (!list) return undefined;
    const found = list.find((way) => !used[way]);
    if (found !== undefined) used[found] = 1;
    return found;
  };

  const result: JoinedWays = { rings: [], open: [] };
  ways.forEach((way, index) => {
    if (used[index] || way.length < 2) return;
    used[index] = 1;
    const chain = [...way];
    // Forward from the chain's end, then backward from its start, until it closes or nothing fits.
    for (;;) {
      if (chain[0] === chain.at(-1)) break;
      const end = chain.at(-1)!;
      const next = take(byStart, end);
      if (next !== undefined) {
        chain.push(...ways[next]!.slice(1));
        continue;
      }
      const reversed = keepDirection ? undefined : take(byEnd, end);
      if (reversed !== undefined) {
        chain.push(...[...ways[reversed]!].reverse().slice(1));
        continue;
      }
      break;
    }
    for (;;) {
      if (chain[0] === chain.at(-1)) break;
      const start = chain[0]!;
      const previous = take(byEnd, start);
      if (previous !== undefined) {
        chain.unshift(...ways[previous]!.slice(0, -1));
        continue;
      }
      const reversed = keepDirection ? undefined : take(byStart, start);
      if (reversed !== undefined) {
        chain.unshift(...[...ways[reversed]!].reverse().slice(0, -1));
        continue;
      }
      break;
    }
    if (chain.length >= 4 && chain[0] === chain.at(-1)) result.rings.push(chain);
    else result.open.push(chain);
  });
  return result;
}
