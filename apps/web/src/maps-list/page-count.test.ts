import { describe, expect, it } from 'vitest';
import { pageCount } from './page-count.js';

describe('pageCount', () => {
  it('rounds up partial pages and never gives zero', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 20)).toBe(5);
    expect(pageCount(5, 0)).toBe(5);
  });
});
