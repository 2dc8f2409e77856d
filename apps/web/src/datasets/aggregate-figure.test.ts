import { describe, expect, it } from 'vitest';
import { formatAggregate } from './aggregate-figure.js';

describe('formatAggregate', () => {
  it('writes a count whole and a sum or an average with two decimals at most, in the language', () => {
    expect(formatAggregate(1234, 'count', 'en')).toBe('1,234');
    expect(formatAggregate(1234.5678, 'sum', 'en')).toBe('1,234.57');
    expect(formatAggregate(2.5, 'average', 'fr')).toBe('2,5');
  });
  it('writes an average of no numbers as a dash', () => {
    expect(formatAggregate(null, 'average', 'en')).toBe('–');
  });
});
