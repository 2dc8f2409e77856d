/**
 * Node positions of an extract in flat typed arrays (id, lon, lat: 24 bytes a node, where a Map
 * costs several times that), looked up by binary search. Extracts list nodes by id, so sorting is
 * usually a check.
 */
import type { Position } from './ring-geometry.js';

export class NodePositions {
  private ids = new Float64Array(1 << 14);
  private lons = new Float64Array(1 << 14);
  private lats = new Float64Array(1 << 14);
  private count = 0;
  private sorted = true;

  add(id: number, lon: number, lat: number): void {
    if (this.count === this.ids.length) this.grow();
    if (this.count > 0 && id < this.ids[this.count - 1]!) this.sorted = false;
    this.ids[this.count] = id;
    this.lons[this.count] = lon;
    this.lats[this.count] = lat;
    this.count++;
  }

  get size(): number {
    return this.count;
  }

  /** [lon, lat] of a node, or undefined when the extract does not hold it. */
  get(id: number): [number, number] | undefined {
    if (!this.sorted) this.sort();
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.ids[middle]!;
      if (value === id) return [this.lons[middle]!, this.lats[middle]!];
      if (value < id) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  /** Positions of a way's nodes that the extract holds, in order (a way cut by the extract keeps its known part). */
  line(refs: readonly number[]): Position[] {
    const line: Position[] = [];
    for (const ref of refs) {
      const position = this.get(ref);
      if (position) line.push(position);
    }
    return line;
  }

  /** West, south, east, north of every node, or undefined for an extract without nodes. */
  extent(): [number, number, number, number] | undefined {
    if (this.count === 0) return undefined;
    let west = Infinity;
    let south = Infinity;
    let east = -Infinity;
    let north = -Infinity;
    for (let i = 0; i < this.count; i++) {
      const lon = this.lons[i]!;
      const lat = this.lats[i]!;
      if (lon < west) west = lon;
      if (lon > east) east = lon;
      if (lat < south) south = lat;
      if (lat > north) north = lat;
    }
    return [west, south, east, north];
  }

  private grow(): void {
    const resize = (array: Float64Array) => {
      const bigger = new Float64Array(array.length * 2);
      bigger.set(array);
      return bigger;
    };
    this.ids = resize(this.ids);
    this.lons = resize(this.lons);
    this.lats = resize(this.lats);
  }

  private sort(): void {
    const order = Array.from({ length: this.count }, (_, i) => i).sort((a, b) => this.ids[a]! - this.ids[b]!);
    const permute = (array: Float64Array) => {
      const result = new Float64Array(array.length);
      order.forEach((from, to) => { result[to] = array[from]!; });
      return result;
    };
    this.ids = permute(this.ids);
    this.lons = permute(this.lons);
    this.lats = permute(this.lats);
    this.sorted = true;
  }
}
