import { describe, expect, it } from 'vitest';
import { pointsOfWkb } from './wkb-points.js';

function wkbPoint(view: DataView, offset: number, x: number, y: number, little: boolean): number {
  view.setUint8(offset, little ? 1 : 0);
  view.setUint32(offset + 1, 1, little);
  view.setFloat64(offset + 5, x, little);
  view.setFloat64(offset + 13, y, little);
  return offset + 21;
}

describe('pointsOfWkb', () => {
  it('reads a multipoint in either byte order, to the last bit', () => {
    const points = [[7.752111, 48.573405], [-0.1, 51.5], [1.534123456789123, 42.50779]];
    for (const little of [true, false]) {
      const bytes = new Uint8Array(9 + 21 * points.length);
      const view = new DataView(bytes.buffer);
      view.setUint8(0, little ? 1 : 0);
      view.setUint32(1, 4, little);
      view.setUint32(5, points.length, little);
      let offset = 9;
      for (const [x, y] of points) offset = wkbPoint(view, offset, x!, y!, little);
      expect(Array.from(pointsOfWkb(bytes))).toEqual(points.flat());
    }
  });

  it('reads a single point', () => {
    const bytes = new Uint8Array(21);
    wkbPoint(new DataView(bytes.buffer), 0, 1.5, 42.5, true);
    expect(Array.from(pointsOfWkb(bytes))).toEqual([1.5, 42.5]);
  });

  it('refuses another geometry', () => {
    const bytes = new Uint8Array(9);
    new DataView(bytes.buffer).setUint32(1, 3, true);
    bytes[0] = 1;
    expect(() => pointsOfWkb(bytes)).toThrow(/type 3/);
  });
});
