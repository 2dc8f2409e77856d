import { describe, expect, it } from 'vitest';
import { defaultDistanceText, distanceReasonText, formatRadius, parseRadius, radiusText } from './radius.js';

describe('parseRadius', () => {
  it('turns kilometres and miles into whole metres', () => {
    expect(parseRadius('12', 'km')).toEqual({ valid: true, distanceMeters: 12_000 });
    expect(parseRadius(' 2,5 ', 'km')).toEqual({ valid: true, distanceMeters: 2_500 });
    expect(parseRadius('10', 'mi')).toEqual({ valid: true, distanceMeters: 16_093 });
  });

  it('refuses what is not a positive number', () => {
    for (const text of ['', 'abc', '-3', '0', '1e3', '12 km', '0.0001']) {
      expect(parseRadius(text, 'km'), text).toEqual({ valid: false, reason: 'validation.invalidDistance' });
    }
  });

  it('refuses more than 300 km, in either unit', () => {
    expect(parseRadius('300', 'km').valid).toBe(true);
    expect(parseRadius('300.5', 'km')).toEqual({ valid: false, reason: 'validation.distanceTooLarge' });
    expect(parseRadius('190', 'mi')).toEqual({ valid: false, reason: 'validation.distanceTooLarge' });
  });
});

describe('radiusText', () => {
  it('shows the distance in the unit with at most two decimals', () => {
    expect(radiusText(60_000, 'km')).toBe('60');
    expect(radiusText(60_000, 'mi')).toBe('37.28');
    expect(radiusText(2_500, 'km')).toBe('2.5');
  });
});

describe('formatRadius', () => {
  it('writes the number as the language does', () => {
    expect(formatRadius(12_500, 'km', 'en')).toBe('12.5 km');
    expect(formatRadius(12_500, 'km', 'fr')).toBe('12,5 km');
    expect(formatRadius(1_500_000 / 10, 'km', 'en')).toBe('150 km');
  });
});

describe('defaultDistanceText', () => {
  it('shows the 60 km default in whole units', () => {
    expect(defaultDistanceText('km')).toBe('60');
    expect(defaultDistanceText('mi')).toBe('37');
  });
});

describe('distanceReasonText', () => {
  const t = (key: string, options?: Record<string, unknown>) => (key.startsWith('units.') ? key.slice(6) : `${key} ${JSON.stringify(options ?? {})}`);

  it('says the 300 km limit in the user\'s unit', () => {
    expect(distanceReasonText('validation.distanceTooLarge', 'km', 'en', t)).toBe('createArea.distanceTooLarge {"max":"300 km"}');
    expect(distanceReasonText('validation.distanceTooLarge', 'mi', 'en', t)).toBe('createArea.distanceTooLarge {"max":"186 mi"}');
  });

  it('leaves other reasons to the catalogue', () => {
    expect(distanceReasonText('validation.invalidDistance', 'mi', 'en', t)).toBe('validation.invalidDistance {}');
  });
});
