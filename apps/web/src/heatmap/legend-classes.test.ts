import { describe, expect, it } from 'vitest';
import { fractionDigitsFor, legendClasses } from './legend-classes.js';

describe('legendClasses', () => {
  it('lists each colour with its range, grouped the English way', () => {
    const classes = legendClasses({ breaks: [120, 1_500, 12_000, 348_085], colors: ['#ffffcc', '#fd8d3c', '#800026'], unit: 'people' }, 'en');
    expect(classes.map((entry) => entry.label)).toEqual(['120 – 1,500', '1,500 – 12,000', '12,000 – 348,085']);
    expect(classes.map((entry) => entry.color)).toEqual(['#ffffcc', '#fd8d3c', '#800026']);
    expect(classes[2]).toMatchObject({ from: 12_000, to: 348_085 });
  });

  it('writes the ranges the French way', () => {
    const [first] = legendClasses({ breaks: [1_234.5, 4_800.25], colors: ['#ffffcc'], unit: 'people' }, 'fr');
    expect(first!.label).toBe('1\u202f235 – 4\u202f800');
  });

  it('keeps the decimals that tell close edges apart (small densities)', () => {
    const classes = legendClasses({ breaks: [0.42, 1.05, 2.5], colors: ['#ffffcc', '#800026'], unit: 'people' }, 'fr');
    expect(classes.map((entry) => entry.label)).toEqual(['0,42 – 1,05', '1,05 – 2,5']);
  });

  it('writes edges from 100 on whole, whatever the decimals the small ones need', () => {
    const classes = legendClasses({ breaks: [1.2, 6.8, 16, 137.7, 5_470.2], colors: ['#ffffcc', '#fed976', '#fd8d3c', '#800026'], unit: 'people' }, 'en');
    expect(classes.map((entry) => entry.label)).toEqual(['1.2 – 6.8', '6.8 – 16', '16 – 138', '138 – 5,470']);
  });

  it('writes incomes as money', () => {
    const [first] = legendClasses({ breaks: [31_000, 58_500], colors: ['#ffffcc'], unit: 'currency' }, 'en');
    expect(first!.label).toBe('$31,000 – $58,500');
  });

  it('has no class without both edges (a legend of no values)', () => {
    expect(legendClasses({ breaks: [], colors: [], unit: null }, 'en')).toEqual([]);
  });
});

describe('fractionDigitsFor', () => {
  it('needs no decimals for edges 10 or more apart, more as they come closer', () => {
    expect(fractionDigitsFor([0, 10, 250])).toBe(0);
    expect(fractionDigitsFor([0, 3, 9])).toBe(1);
    expect(fractionDigitsFor([0, 0.5, 1])).toBe(2);
    expect(fractionDigitsFor([0, 0.0001])).toBe(3);
  });
});
