import { describe, expect, it } from 'vitest';
import { formatFigure } from '../analysis/number-format.js';
import { formatComputeTime, formatMeters } from './where-to-open-format.js';

/** French groups thousands with a narrow no-break space and puts a no-break space before units. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('where-to-open formats', () => {
  it('writes distances in metres below a kilometre, in kilometres with one decimal above', () => {
    expect(formatMeters(150, 'en')).toBe('150 m');
    expect(formatMeters(1_500, 'en')).toBe('1.5 km');
    expect(formatMeters(49_999, 'en')).toBe('50 km');
    expect(plain(formatMeters(5_432, 'fr'))).toBe('5,4 km');
  });

  it('writes people whole, grouped the user\'s way', () => {
    expect(formatFigure(12_345.4, 'people', 'en')).toBe('12,345');
    expect(plain(formatFigure(12_345.4, 'people', 'fr'))).toBe('12 345');
  });

  it('writes compute times in milliseconds below a second, then in seconds with a decimal below ten', () => {
    expect(formatComputeTime(38, 'en')).toBe('38 ms');
    expect(formatComputeTime(1_834, 'en')).toBe('1.8 sec');
    expect(formatComputeTime(12_345, 'en')).toBe('12 sec');
    expect(plain(formatComputeTime(1_834, 'fr'))).toBe('1,8 s');
  });
});
