import { describe, expect, it } from 'vitest';
import { HEADCOUNT_BANDS, headcountBandLabel, normalizeHeadcountBand } from './headcount-bands.js';

describe('SIRENE headcount bands', () => {
  it('lists the 16 bands in order with labels in both languages', () => {
    expect(HEADCOUNT_BANDS.map((band) => band.code)).toEqual(['NN', '00', '01', '02', '03', '11', '12', '21', '22', '31', '32', '41', '42', '51', '52', '53']);
    expect(headcountBandLabel('01', 'fr')).toBe('1 ou 2 salariés');
    expect(headcountBandLabel('01', 'en')).toBe('1 or 2 employees');
    expect(headcountBandLabel('99', 'en')).toBeUndefined();
    const bounded = HEADCOUNT_BANDS.filter((band) => band.minEmployees !== null);
    for (let i = 1; i < bounded.length; i += 1) expect(bounded[i]!.minEmployees).toBe(bounded[i - 1]!.maxEmployees! + 1);
  });

  it('reads the codes as files write them', () => {
    expect(normalizeHeadcountBand('NN')).toBe('NN');
    expect(normalizeHeadcountBand('12')).toBe('12');
    expect(normalizeHeadcountBand('1')).toBe('01');
    expect(normalizeHeadcountBand('')).toBeNull();
    expect(normalizeHeadcountBand('13')).toBeNull();
  });
});
