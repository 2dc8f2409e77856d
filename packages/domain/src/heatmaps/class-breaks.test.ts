import { describe, expect, it } from 'vitest';
import { classBreaks, classIndexOf } from './class-breaks.js';

const ascending = (edges: number[]) => edges.every((edge, i) => i === 0 || edge > edges[i - 1]!);

describe('classBreaks', () => {
  const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100, 200, 1000];

  it('gives n + 1 ascending edges from the minimum to the maximum, by quantiles', () => {
    const breaks = classBreaks(values, 4, 'quantile');
    expect(breaks).toHaveLength(5);
    expect(breaks[0]).toBe(1);
    expect(breaks.at(-1)).toBe(1000);
    expect(ascending(breaks)).toBe(true);
    // About a quarter of the 13 values in each class.
    const counts = [0, 0, 0, 0];
    for (const value of values) counts[classIndexOf(value, breaks)]!++;
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(2);
  });

  it('puts natural breaks between the groups of values (jenks)', () => {
    const grouped = [1, 2, 3, 50, 52, 55, 900, 950, 1000];
    expect(classBreaks(grouped, 3, 'jenks')).toEqual([1, 50, 900, 1000]);
  });

  it('gives one class of no width when every value is the same', () => {
    expect(classBreaks([7, 7, 7], 5, 'quantile')).toEqual([7, 7]);
    expect(classBreaks([7, 7, 7], 5, 'jenks')).toEqual([7, 7]);
  });

  it('gives fewer classes than asked when there are fewer distinct values', () => {
    expect(classBreaks([1, 1, 2, 2, 3], 5, 'jenks')).toEqual([1, 2, 3]);
    const quantiles = classBreaks([1, 1, 2, 2, 3], 5, 'quantile');
    expect(quantiles[0]).toBe(1);
    expect(quantiles.at(-1)).toBe(3);
    expect(ascending(quantiles)).toBe(true);
    expect(quantiles.length).toBeLessThanOrEqual(4);
  });

  it('merges quantiles that fall on the same value (a skewed distribution)', () => {
    const skewed = [1, 2, ...Array<number>(90).fill(5), 6, 7, 8, 9, 10, 11, 12, 13];
    const breaks = classBreaks(skewed, 5, 'quantile');
    expect(breaks[0]).toBe(1);
    expect(breaks.at(-1)).toBe(13);
    expect(ascending(breaks)).toBe(true);
    expect(breaks.length).toBeLessThan(6);
  });

  it('gives the minimum a class of its own when quantiles fall on it, and cuts the values above it by quantiles', () => {
    // Ninety communes without a restaurant, ten with some: the ten are not lumped in with the zeros.
    const sparse = [...Array<number>(90).fill(0), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const breaks = classBreaks(sparse, 5, 'quantile');
    expect(breaks).toEqual([0, 1, 3.25, 5.5, 7.75, 10]);
    expect(classIndexOf(0, breaks)).toBe(0);
    expect(classIndexOf(1, breaks)).toBe(1);
    expect(classIndexOf(10, breaks)).toBe(4);
    // One value above the zeros: two classes, the second of no width.
    const two = classBreaks([0, 0, 0, 0, 0, 0.22, 0.22], 5, 'quantile');
    expect(two).toEqual([0, 0.22, 0.22]);
    expect([classIndexOf(0, two), classIndexOf(0.22, two)]).toEqual([0, 1]);
  });

  it('gives no edges for no values, and ignores values that are not numbers', () => {
    expect(classBreaks([], 5, 'quantile')).toEqual([]);
    expect(classBreaks([Number.NaN, Infinity], 5, 'jenks')).toEqual([]);
    expect(classBreaks([Number.NaN, 1, 3], 5, 'quantile')).toEqual([1, 2, 3]);
  });

  it('leaves the values it is given in their order', () => {
    const given = [3, 1, 2];
    classBreaks(given, 3, 'quantile');
    expect(given).toEqual([3, 1, 2]);
  });
});

describe('classIndexOf', () => {
  const breaks = [0, 10, 20, 30];
  it('finds the class whose lower edge the value reaches; the maximum is in the last class', () => {
    expect(classIndexOf(0, breaks)).toBe(0);
    expect(classIndexOf(9.9, breaks)).toBe(0);
    expect(classIndexOf(10, breaks)).toBe(1);
    expect(classIndexOf(30, breaks)).toBe(2);
  });
  it('answers -1 outside the edges or without classes', () => {
    expect(classIndexOf(-1, breaks)).toBe(-1);
    expect(classIndexOf(31, breaks)).toBe(-1);
    expect(classIndexOf(Number.NaN, breaks)).toBe(-1);
    expect(classIndexOf(1, [])).toBe(-1);
  });
});
