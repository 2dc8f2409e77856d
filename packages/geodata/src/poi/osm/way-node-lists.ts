/**
 * The node lists of an extract's ways, kept for the relations read after them (multipolygons,
 * borders), in flat typed arrays: 8 bytes a node reference and 16 a way, where a Map of arrays
 * costs over a hundred bytes a way. Extracts list ways by id, so lookups are a binary search.
 */
export class WayNodeLists {
  private ids: Float64Array = new Float64Array(1 << 12);
  private starts: Float64Array = new Float64Array(1 << 12);
  private refs: Float64Array = new Float64Array(1 << 16);
  private ways = 0;
  private used = 0;
  private sorted = true;

  add(id: number, refs: readonly number[]): void {
    if (this.ways + 1 >= this.ids.length) {
      this.ids = grown(this.ids, this.ids.length * 2);
      this.starts = grown(this.starts, this.starts.length * 2);
    }
    if (this.used + refs.length > this.refs.length) this.refs = grown(this.refs, Math.max(this.refs.length * 2, this.used + refs.length));
    if (this.ways > 0 && id < this.ids[this.ways - 1]!) this.sorted = false;
    this.ids[this.ways] = id;
    this.starts[this.ways] = this.used;
    this.refs.set(refs, this.used);
    this.used += refs.length;
    this.ways += 1;
    this.starts[this.ways] = this.used;
  }

  /** The way's node ids, or undefined when the extract does not hold it. */
  get(id: number): number[] | undefined {
    const index = this.indexOf(id);
    return index === undefined ? undefined : Array.from(this.refs.subarray(this.starts[index]!, this.starts[index + 1]!));
  }

  private indexOf(id: number): number | undefined {
    if (!this.sorted) {
      // Rare (hand-made or merged files): a linear scan rather than a second copy to sort.
      for (let i = 0; i < this.ways; i++) if (this.ids[i] === id) return i;
      return undefined;
    }
    let low = 0;
    let high = this.ways - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.ids[middle]!;
      if (value === id) return middle;
      if (value < id) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }
}

function grown(array: Float64Array, length: number): Float64Array {
  const next = new Float64Array(length);
  next.set(array);
  return next;
}
