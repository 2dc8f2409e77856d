import { describe, expect, it } from 'vitest';
import { defaultDistanceUnit, formatDistance, fromMeters, toMeters } from './units.js';

describe('distance units', () => {
  it('defaults to miles in the US and the UK, km elsewhere', () => {
    expect(defaultDistanceUnit('US')).toBe('mi');
    expect(defaultDistanceUnit('gb')).toBe('mi');
    expect(defaultDistanceUnit('PR')).toBe('mi');
    expect(defaultDistanceUnit('FR')).toBe('km');
    expect(defaultDistanceUnit(undefined)).toBe('km');
  });
  it('converts with 1.60934 km per mile', () => {
    expect(toMeters(10, 'mi')).toBe(16093);
    expect(toMeters(2.5, 'km')).toBe(2500);
    expect(fromMeters(1609.34, 'mi')).toBeCloseTo(1, 6);
    expect(formatDistance(16093.4, 'mi')).toBe('10 mi');
    expect(formatDistance(2500, 'km')).toBe('2.5 km');
  });
});
