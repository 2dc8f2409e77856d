import { describe, expect, it } from 'vitest';
import { formatFigure, formatIndicatorValue, formatShare } from './number-format.js';

describe('analysis number formats', () => {
  it('writes people counts whole, grouped the way each language does', () => {
    expect(formatFigure(357_737.4, 'people', 'en')).toBe('357,737');
    expect(formatFigure(357_737.4, 'people', 'fr')).toBe('357\u202f737');
  });

  it('writes incomes as money and shares as percentages', () => {
    expect(formatFigure(61_000, 'currency', 'en')).toBe('$61,000');
    expect(formatShare(0.6789, 'en')).toBe('68%');
    expect(formatShare(0.0123, 'fr')).toBe('1,2\u00a0%');
  });

  it('writes indicator values with the precision their size calls for', () => {
    expect(formatIndicatorValue(412.37, 'en')).toBe('412');
    expect(formatIndicatorValue(12_345.6, 'fr')).toBe('12\u202f346');
    expect(formatIndicatorValue(3.14159, 'en')).toBe('3.14');
    expect(formatIndicatorValue(0.012345, 'fr')).toBe('0,0123');
    expect(formatIndicatorValue(-0.5, 'en')).toBe('-0.5');
    expect(formatIndicatorValue(0, 'en')).toBe('0');
  });
});
