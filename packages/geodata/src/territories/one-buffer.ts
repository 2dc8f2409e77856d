/**
 * Typed arrays carved one after another out of a single ArrayBuffer. A typed array of more than a
 * few dozen bytes gets memory of its own outside V8's heap, and that costs 2 to 4 µs each on the
 * machines we measure on (more than the arithmetic of preparing a circle); a prepared area made of
 * eight such arrays paid for eight. Carved out of one buffer, they cost one.
 *
 * The buffer holds the float64 elements asked for, then the uint32 ones, then the uint8 ones: carve
 * them in that order, and each array starts aligned without padding (a view out of that order, or
 * past the end, is a RangeError).
 */
export class OneBuffer {
  private readonly buffer: ArrayBuffer;
  private offset = 0;

  constructor(elements: { float64?: number; uint32?: number; uint8?: number }) {
    this.buffer = new ArrayBuffer((elements.float64 ?? 0) * 8 + (elements.uint32 ?? 0) * 4 + (elements.uint8 ?? 0));
  }

  float64(length: number): Float64Array {
    const array = new Float64Array(this.buffer, this.offset, length);
    this.offset += length * 8;
    return array;
  }

  uint32(length: number): Uint32Array {
    const array = new Uint32Array(this.buffer, this.offset, length);
    this.offset += length * 4;
    return array;
  }

  uint8(length: number): Uint8Array {
    const array = new Uint8Array(this.buffer, this.offset, length);
    this.offset += length;
    return array;
  }
}
