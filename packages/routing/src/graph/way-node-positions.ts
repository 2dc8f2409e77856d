/**
 * The positions of the nodes the routable ways use, and nothing else: the import reads the ways
 * first, then, in a second pass over the extract, keeps a node's position only when a way uses it.
 * Holding every node of an extract (id and position, 24 bytes each) grows with everything mapped
 * (buildings, land use, coastlines); this grows with the road network alone: 24 bytes per node used.
 */
export class WayNodePositions {
  /** The ids the ways use, sorted, each once. */
  readonly ids: Float64Array;
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  /** 1 where the extract had the node (an extract cut at a border lacks some of its ways' nodes). */
  private readonly present: Uint8Array;
  /** Where the previous node was looked up: extracts list nodes by id, so the next one is at or after it. */
  private cursor = 0;

  constructor(wayRefs: Float64Array) {
    this.ids = sortedUnique(wayRefs);
    this.lon = new Float64Array(this.ids.length);
    this.lat = new Float64Array(this.ids.length);
    this.present = new Uint8Array(this.ids.length);
  }

  /** A node of the extract: its position is kept when a way uses it. */
  node(id: number, lon: number, lat: number): void {
    const { ids } = this;
    let i = this.cursor;
    if (i > 0 && ids[i - 1]! >= id) i = lowerBound(ids, id);
    else while (i < ids.length && ids[i]! < id) i++;
    this.cursor = i;
    if (i < ids.length && ids[i] === id) {
      this.lon[i] = lon;
      this.lat[i] = lat;
      this.present[i] = 1;
    }
  }

  /** Each ref's index among the ids, or -1 when the extract lacked the node. */
  resolve(refs: Float64Array): Int32Array {
    const indices = new Int32Array(refs.length);
    for (let r = 0; r < refs.length; r++) {
      const i = lowerBound(this.ids, refs[r]!);
      indices[r] = this.present[i] ? i : -1;
    }
    return indices;
  }

  /**
   * The graph's nodes: those the extract had, numbered in id order (close ids are often close on
   * the ground). `graphIndex` maps an index among the ids to its graph node, -1 for a missing one.
   */
  numbered(): { graphIndex: Int32Array; nodeCount: number; lon: Float64Array; lat: Float64Array } {
    const graphIndex = new Int32Array(this.ids.length);
    let nodeCount = 0;
    for (let i = 0; i < this.ids.length; i++) graphIndex[i] = this.present[i] ? nodeCount++ : -1;
    if (nodeCount === this.ids.length) return { graphIndex, nodeCount, lon: this.lon, lat: this.lat };
    const lon = new Float64Array(nodeCount);
    const lat = new Float64Array(nodeCount);
    for (let i = 0; i < this.ids.length; i++) {
      const g = graphIndex[i]!;
      if (g >= 0) {
        lon[g] = this.lon[i]!;
        lat[g] = this.lat[i]!;
      }
    }
    return { graphIndex, nodeCount, lon, lat };
  }
}

function sortedUnique(values: Float64Array): Float64Array {
  const sorted = values.slice().sort();
  let count = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[count - 1]) sorted[count++] = sorted[i]!;
  return sorted.slice(0, count);
}

/** The first index whose value is not below `value` (the length when all are). */
function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
