import { describe, expect, it } from 'vitest';
import { OneBuffer } from './one-buffer.js';

describe('OneBuffer', () => {
  it('carves arrays of the lengths asked for out of one buffer, side by side and without overlap', () => {
    const block = new OneBuffer({ float64: 3, uint32: 5, uint8: 9 });
    const [a, b, c, d, e] = [block.float64(3), block.float64(0), block.uint32(5), block.uint8(7), block.uint8(2)];
    expect([a.length, b.length, c.length, d.length, e.length]).toEqual([3, 0, 5, 7, 2]);
    expect(new Set([a, b, c, d, e].map((array) => array.buffer)).size).toBe(1);
    expect(a.buffer.byteLength).toBe(3 * 8 + 5 * 4 + 9);
    a.fill(Number.NaN);
    c.fill(0xffffffff);
    d.fill(1);
    e.fill(2);
    expect([...a].every(Number.isNaN)).toBe(true);
    expect([...c]).toEqual([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
    expect([...d, ...e]).toEqual([1, 1, 1, 1, 1, 1, 1, 2, 2]);
  });

  it('refuses an array past the end of the buffer or out of order', () => {
    const block = new OneBuffer({ float64: 1, uint8: 1 });
    block.float64(1);
    expect(() => block.float64(1)).toThrow(RangeError);
    const misaligned = new OneBuffer({ float64: 1, uint8: 1 });
    misaligned.uint8(1);
    expect(() => misaligned.float64(1)).toThrow(RangeError);
  });
});
