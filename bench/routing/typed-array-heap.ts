/**
 * The routing engine's earlier queue, kept as heap.bench.ts's baseline (the engine now uses
 * flatqueue, faster on the same searches): a binary min-heap of (key, node) pairs over typed arrays. Keys are never decreased in place:
 * Dijkstra pushes a node again when it finds a shorter way and skips stale entries when popping,
 * which is simpler and, on road graphs, as fast as an indexed heap.
 */
export class MinHeap {
  private keys = new Float64Array(1024);
  private nodes = new Uint32Array(1024);
  size = 0;

  clear(): void {
    this.size = 0;
  }

  push(key: number, node: number): void {
    if (this.size === this.keys.length) this.grow();
    let i = this.size++;
    const keys = this.keys;
    const nodes = this.nodes;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const parentKey = keys[parent]!;
      if (parentKey <= key) break;
      keys[i] = parentKey;
      nodes[i] = nodes[parent]!;
      i = parent;
    }
    keys[i] = key;
    nodes[i] = node;
  }

  peekKey(): number {
    return this.keys[0]!;
  }

  peekNode(): number {
    return this.nodes[0]!;
  }

  /** Removes the top; read it first with peekKey/peekNode. */
  pop(): void {
    const keys = this.keys;
    const nodes = this.nodes;
    const last = --this.size;
    if (last === 0) return;
    const key = keys[last]!;
    const node = nodes[last]!;
    let i = 0;
    const half = last >> 1;
    while (i < half) {
      let child = 2 * i + 1;
      const right = child + 1;
      if (right < last && keys[right]! < keys[child]!) child = right;
      if (keys[child]! >= key) break;
      keys[i] = keys[child]!;
      nodes[i] = nodes[child]!;
      i = child;
    }
    keys[i] = key;
    nodes[i] = node;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    const nodes = new Uint32Array(this.nodes.length * 2);
    nodes.set(this.nodes);
    this.keys = keys;
    this.nodes = nodes;
  }
}
