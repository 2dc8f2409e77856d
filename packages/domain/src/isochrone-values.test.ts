import { describe, expect, it } from 'vitest';
import { normalizeIsochroneValues } from './isochrone-values.js';

describe('normalizeIsochroneValues', () => {
  it('keeps whole values, sorted and without repeats', () => {
    expect(normalizeIsochroneValues('isochrone', [1800, 600, 600])).toEqual({ ok: true, values: [600, 1800], defaultsApplied: false });
  });

  it('replaces a value that is not a whole number by the default of its mode', () => {
    expect(normalizeIsochroneValues('isochrone', [600.5])).toEqual({ ok: true, values: [3600], defaultsApplied: true });
    expect(normalizeIsochroneValues('isodistance', [1000, 2500.25])).toEqual({ ok: true, values: [1000, 60000], defaultsApplied: true });
  });

  it('refuses values that are not positive, or beyond 3 hours / 300 km, with the panel messages', () => {
    expect(normalizeIsochroneValues('isochrone', [0])).toMatchObject({ ok: false, messageKey: 'validation.invalidTime' });
    expect(normalizeIsochroneValues('isodistance', [-5])).toMatchObject({ ok: false, messageKey: 'validation.invalidDistance' });
    expect(normalizeIsochroneValues('isochrone', [10_801])).toMatchObject({ ok: false, messageKey: 'validation.timeTooLarge' });
    expect(normalizeIsochroneValues('isodistance', [300_001])).toMatchObject({ ok: false, messageKey: 'validation.distanceTooLarge' });
    expect(normalizeIsochroneValues('isodistance', [Number.NaN])).toMatchObject({ ok: false, messageKey: 'validation.invalidDistance' });
  });
});
