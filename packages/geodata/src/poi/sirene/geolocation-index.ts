/**
 * The positions (and IRIS) of INSEE's geolocation file, by SIRET, in flat typed arrays: about
 * 24 bytes an establishment where objects in a Map would take ten times that (the file for all
 * of France lists some 15 million active establishments). A SIRET has 14 digits: it fits a
 * float64 exactly. Positions are kept as float32 (better than half a metre, where the geocoding
 * itself is good to some metres).
 */
export class GeolocationIndex {
  private sirets = new Float64Array(1 << 14);
  private lons = new Float32Array(1 << 14);
  private lats = new Float32Array(1 << 14);
  private irises = new Float64Array(1 << 14);
  private count = 0;
  private sorted = true;

  get size(): number {
    return this.count;
  }

  add(siret: string, lon: number, lat: number, iris: string | null): void {
    const key = Number(siret);
    if (this.count === this.sirets.length) this.grow();
    if (this.count > 0 && key < this.sirets[this.count - 1]!) this.sorted = false;
    this.sirets[this.count] = key;
    this.lons[this.count] = lon;
    this.lats[this.count] = lat;
    this.irises[this.count] = encodeIris(iris);
    this.count += 1;
  }

  get(siret: string): { position: [number, number]; iris: string | null } | undefined {
    if (!this.sorted) this.sort();
    const key = Number(siret);
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.sirets[middle]!;
      if (value === key) return { position: [this.lons[middle]!, this.lats[middle]!], iris: decodeIris(this.irises[middle]!) };
      if (value < key) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  private grow(): void {
    const size = this.sirets.length * 2;
    const grown = <T extends Float64Array | Float32Array>(array: T, make: (length: number) => T): T => {
      const next = make(size);
      next.set(array);
      return next;
    };
    this.sirets = grown(this.sirets, (length) => new Float64Array(length));
    this.lons = grown(this.lons, (length) => new Float32Array(length));
    this.lats = grown(this.lats, (length) => new Float32Array(length));
    this.irises = grown(this.irises, (length) => new Float64Array(length));
  }

  private sort(): void {
    const order = new Uint32Array(this.count);
    for (let i = 0; i < this.count; i++) order[i] = i;
    order.sort((a, b) => this.sirets[a]! - this.sirets[b]!);
    const permute = <T extends Float64Array | Float32Array>(array: T, make: (length: number) => T): T => {
      const next = make(array.length);
      for (let i = 0; i < this.count; i++) next[i] = array[order[i]!]!;
      return next;
    };
    this.sirets = permute(this.sirets, (length) => new Float64Array(length));
    this.lons = permute(this.lons, (length) => new Float32Array(length));
    this.lats = permute(this.lats, (length) => new Float32Array(length));
    this.irises = permute(this.irises, (length) => new Float64Array(length));
    this.sorted = true;
  }
}

/** `674820701` → 674820701; Corsica's `2A0040101` → 1000040101 (2A → 100, 2B → 101 before the 7 other digits). */
function encodeIris(iris: string | null): number {
  if (!iris || !/^(\d{2}|2A|2B)\d{7}$/.test(iris)) return 0;
  const department = iris.slice(0, 2);
  const prefix = department === '2A' ? 100 : department === '2B' ? 101 : Number(department);
  return prefix * 1e7 + Number(iris.slice(2));
}

function decodeIris(value: number): string | null {
  if (value === 0) return null;
  const prefix = Math.floor(value / 1e7);
  const rest = String(value % 1e7).padStart(7, '0');
  return `${prefix === 100 ? '2A' : prefix === 101 ? '2B' : String(prefix).padStart(2, '0')}${rest}`;
}
