import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { distanceTransform } from './distance-transform.js';

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
});
