/**
 * A bounded cache that forgets the least recently used entries first. A Map keeps insertion order,
 * so moving an entry to the end on every read makes the first key the least recent one. Entries
 * may weigh more than one (a large geometry): the bound is on the total weight.
 */
export class RecentCache<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;

  constructor(private readonly maxWeight: number, private readonly weigh: (value: V) => number = () => 1) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    // Larger than the whole cache: keeping it would only flush everything else.
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.total += weight;
    while (this.total > this.maxWeight) this.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The total weight of the entries held. */
  get weight(): number {
    return this.total;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }
}
