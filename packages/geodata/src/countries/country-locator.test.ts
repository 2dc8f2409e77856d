import { describe, expect, it } from 'vitest';
import { CountryLocator, insidePolygon, worldCountryLocator } from './country-locator.js';

describe('worldCountryLocator', () => {
  const locator = worldCountryLocator();

  it('finds the country of points inland, in microstates and across the Atlantic', () => {
    expect(locator.countryAt([2.3522, 48.8566])).toBe('fr'); // Paris
    expect(locator.countryAt([7.4246, 43.7384])).toBe('mc'); // Monaco
    expect(locator.countryAt([1.5218, 42.5063])).toBe('ad'); // Andorra la Vella
    expect(locator.countryAt([8.4660, 49.4875])).toBe('de'); // Mannheim
    expect(locator.countryAt([-74.006, 40.7128])).toBe('us'); // New York
    expect(locator.countryAt([-73.5673, 45.5017])).toBe('ca'); // Montreal
    expect(locator.countryAt([-0.1276, 51.5072])).toBe('gb'); // London
  });

  it('matches a harbour just off a coarse coastline to its country, and the open sea to none', () => {
    expect(locator.countryAt([7.2750, 43.6950])).toBe('fr'); // the port of Nice
    expect(locator.countryAt([-30, 40])).toBeUndefined(); // mid-Atlantic
  });

  it('says how far a point is from land: none inland, kilometres off Monaco, unbounded mid-sea', () => {
    expect(locator.landDistanceMeters([2.3522, 48.8566])).toBe(0);
    const offMonaco = locator.landDistanceMeters([7.4500, 43.7100]);
    expect(offMonaco).toBeGreaterThan(3_000);
    expect(offMonaco).toBeLessThan(5_000);
    expect(locator.landDistanceMeters([-30, 40])).toBe(Infinity);
  });
});

describe('insidePolygon', () => {
  const square = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]];
  const hole = [[4, 4], [6, 4], [6, 6], [4, 6], [4, 4]];

  it('counts holes out', () => {
    expect(insidePolygon(2, 2, [square])).toBe(true);
    expect(insidePolygon(5, 5, [square, hole])).toBe(false);
    expect(insidePolygon(11, 5, [square])).toBe(false);
  });

  it('answers nothing when it holds no country', () => {
    expect(new CountryLocator([]).countryAt([0, 0])).toBeUndefined();
  });
});
