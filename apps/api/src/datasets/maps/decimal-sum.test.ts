import { describe, expect, it } from 'vitest';
import { DecimalSum } from './decimal-sum.js';

/** A sum of integer parts at the given scales. */
function sumOf(...parts: [number, number][]): DecimalSum {
  const sum = new DecimalSum();
  for (const [part, decimals] of parts) sum.add(part, decimals);
  return sum;
}

describe('DecimalSum', () => {
  it('adds parts at different scales exactly, and gives the double nearest the exact total', () => {
    // 0.1 + 0.2 + 0.30 in doubles is 0.6000000000000001; the exact total is 0.6.
    const sum = sumOf([1, 1], [2, 1], [30, 2]);
    expect(sum.value()).toBe(0.6);
    sum.add(4, 0);
    expect(sum.value()).toBe(4.6);
  });

  // Each expected mean is PostgreSQL 15's avg(numeric)::float8 of the same numbers (its text first).
  it("gives the mean as PostgreSQL's numeric avg does: the quotient at the scale its division keeps, then the nearest double", () => {
    // 234496 / 26926 is 8.708905890217633514…, whose nearest double ends in 634; numeric keeps 16
    // decimals, 8.7089058902176335, whose nearest double ends in 633.
    expect(sumOf([234_496, 0]).mean(26_926, 0)).toBe(Number('8.7089058902176335'));
    expect(sumOf([234_496, 0]).mean(26_926, 0)).toBe(8.708905890217633);
    expect(sumOf([1, 0]).mean(3, 0)).toBe(Number('0.33333333333333333333'));
    expect(sumOf([123_456_789_012, 0]).mean(7, 0)).toBe(Number('17636684144.57142857'));
    expect(sumOf([1, 3]).mean(7, 3)).toBe(Number('0.00014285714285714286'));
    expect(sumOf([-5, 0]).mean(2, 0)).toBe(-2.5);
    expect(sumOf([350, 2]).mean(2, 3)).toBe(1.75);
  });

  it('answers 0 and no mean for no numbers', () => {
    const empty = new DecimalSum();
    expect(empty.value()).toBe(0);
    expect(empty.mean(0, 0)).toBeNull();
    expect(sumOf([0, 0]).mean(3, 0)).toBe(0);
  });

  it('adds parts kept as doubles with compensation', () => {
    const sum = sumOf([1e16, -1], [1, -1], [-1e16, -1], [5, 0]);
    expect(sum.value()).toBe(6);
    expect(sum.mean(2, 0)).toBe(3);
  });
});
