type NumericArray = Float64Array | Float32Array | Int32Array | Uint32Array;
type NumericArrayConstructor<T extends NumericArray> = new (length: number) => T;

/** An append-only typed array that doubles its capacity, so importing does not hold boxed JS numbers. */
export class Growable<T extends NumericArray> {
  private data: T;
  length = 0;

  constructor(private readonly ArrayType: NumericArrayConstructor<T>, capacity = 1024) {
    this.data = new ArrayType(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new this.ArrayType(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  /** The filled part, without copying. */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}
