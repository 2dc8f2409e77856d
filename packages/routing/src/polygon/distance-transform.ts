/**
 * Exact Euclidean distance transform (Felzenszwalb & Huttenlocher, "Distance Transforms of Sampled
 * Functions", 2012) on a width × height grid: for every cell, the distance in cells to the nearest
 * cell where `sources` is `sourceValue`. Linear in the number of cells, so morphology with any
 * radius costs the same. The scratch rows are kept between calls: a polygon runs several transforms
 * on the same grid, and fresh arrays each time cost more in garbage collection than in arithmetic.
 * The grids are Float32 (squared distances in cells are exact integers below 2²⁴, far beyond any grid
 * here): half the memory to sweep of Float64; the rows being scanned stay Float64.
 */
export class DistanceTransform {
  /** Squared distances at least this large mean "no source at all". */
  static readonly FAR = 1e20;
  private readonly f: Float64Array;
  private readonly d: Float64Array;
  private readonly v: Int32Array;
  private readonly z: Float64Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const size = Math.max(width, height);
    this.f = new Float64Array(size);
    this.d = new Float64Array(size);
    this.v = new Int32Array(size);
    this.z = new Float64Array(size + 1);
  }

  /** Squared distances in cells (≥ FAR / 2 where there is no source), written into `out`. */
  squared(sources: Uint8Array, sourceValue: 0 | 1, out = new Float32Array(this.width * this.height)): Float32Array {
    const far = DistanceTransform.FAR;
    for (let i = 0; i < out.length; i++) out[i] = sources[i] === sourceValue ? 0 : far;
    return this.envelope(out);
  }

  /**
   * In place, each cell's value becomes the smallest, over all cells p, of p's value plus the squared
   * distance to p: with 0 at sources and FAR elsewhere, the squared distance to the nearest source;
   * with R² − r² at a source whose disc has radius r (R the largest), a value ≤ R² tells a cell
   * inside some source's own disc, so one transform dilates by several radii at once.
   */
  envelope(values: Float32Array): Float32Array {
    const { width, height, f, d, v, z } = this;
    for (let x = 0; x < width; x++) {
      for (let y = 0, i = x; y < height; y++, i += width) f[y] = values[i]!;
      lowerEnvelope(f, d, v, z, height);
      for (let y = 0, i = x; y < height; y++, i += width) values[i] = d[y]!;
    }
    for (let y = 0; y < height; y++) {
      const row = y * width;
      for (let x = 0; x < width; x++) f[x] = values[row + x]!;
      lowerEnvelope(f, d, v, z, width);
      for (let x = 0; x < width; x++) values[row + x] = d[x]!;
    }
    return values;
  }
}

/** Distances in cells to the nearest source cell (Infinity when there is none). */
export function distanceTransform(sources: Uint8Array, sourceValue: 0 | 1, width: number, height: number): Float32Array {
  const squared = new DistanceTransform(width, height).squared(sources, sourceValue);
  const distances = new Float32Array(width * height);
  for (let i = 0; i < distances.length; i++) distances[i] = squared[i]! >= DistanceTransform.FAR / 2 ? Infinity : Math.sqrt(squared[i]!);
  return distances;
}

/** One-dimensional squared distance transform of `f` (length n) into `d`, as the lower envelope of parabolas. */
export function lowerEnvelope(f: Float64Array, d: Float64Array, v: Int32Array, z: Float64Array, n: number): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    const fq = f[q]! + q * q;
    let p = v[k]!;
    let s = (fq - (f[p]! + p * p)) / (2 * (q - p));
    while (s <= z[k]!) {
      k--;
      p = v[k]!;
      s = (fq - (f[p]! + p * p)) / (2 * (q - p));
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1]! < q) k++;
    const p = v[k]!;
    d[q] = (q - p) * (q - p) + f[p]!;
  }
}
