import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DistanceTransform, distanceTransform } from './distance-transform.js';

/** The definition itself: the smallest Euclidean distance to a source cell, by brute force. */
function bruteForce(sources: Uint8Array, width: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < sources.length; c++) {
    let best = Infinity;
    for (let s = 0; s < sources.length; s++) {
      if (sources[s] !== 1) continue;
      best = Math.min(best, Math.hypot((c % width) - (s % width), Math.floor(c / width) - Math.floor(s / width)));
    }
    out.push(best);
  }
  return out;
}

describe('distanceTransform', () => {
  it('equals the brute-force distance to the nearest source on random grids', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.array(fc.boolean(), { minLength: 144, maxLength: 144 }), (width, height, bits) => {
        const sources = Uint8Array.from(bits.slice(0, width * height), (b) => (b ? 1 : 0));
        const expected = bruteForce(sources, width);
        const actual = Array.from(distanceTransform(sources, 1, width, height));
        actual.forEach((value, i) => (expected[i] === Infinity ? expect(value).toBe(Infinity) : expect(value).toBeCloseTo(expected[i]!, 4)));
      }),
      { numRuns: 60 },
    );
  });

  it('dilates by a radius per source in one pass: a cell is within reach when it lies in some source\'s own disc', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 144, maxLength: 144 }), (width, height, kinds) => {
        // 0: no source, 1: a source of radius 1.5, 2: of radius 3.
        const radii = [0, 1.5, 3];
        const values = Float32Array.from(kinds.slice(0, width * height), (kind) => (kind ? 9 - radii[kind]! ** 2 : DistanceTransform.FAR));
        new DistanceTransform(width, height).envelope(values);
        for (let c = 0; c < width * height; c++) {
          let covered = false;
          for (let s = 0; s < width * height; s++) {
            if (kinds[s]! > 0 && Math.hypot((c % width) - (s % width), Math.floor(c / width) - Math.floor(s / width)) <= radii[kinds[s]!]!) covered = true;
          }
          expect(values[c]! <= 9).toBe(covered);
        }
      }),
      { numRuns: 60 },
    );
  });
});
