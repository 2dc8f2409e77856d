import { describe, expect, it } from 'vitest';
import { circlePolygon, type PolygonGeometry } from '@catchment/domain';
import { areaIsoCountry, areaRadiusMeters, coveredCountry, isTooLargeToAnalyse } from './area-extent.js';

describe('area extent', () => {
  it('measures how far a circle reaches from its centre', () => {
    expect(areaRadiusMeters(circlePolygon([7.26, 43.7], 10_000))).toBeCloseTo(10_000, -2);
  });

  it('refuses to analyse beyond 300 km from the centre, not at 299 km', () => {
    expect(isTooLargeToAnalyse(circlePolygon([2.35, 46.5], 299_000))).toBe(false);
    expect(isTooLargeToAnalyse(circlePolygon([2.35, 46.5], 302_000))).toBe(true);
  });

  it('maps ISO codes to the covered countries, the rest to ww', () => {
    expect(coveredCountry('FR')).toBe('fr');
    expect(coveredCountry('gb')).toBe('gb');
    expect(coveredCountry('jp')).toBe('ww');
    expect(coveredCountry(undefined)).toBe('ww');
  });

  it('takes the country where the outline starts when the centre is at sea', () => {
    const bay: PolygonGeometry = { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 2], [0, 2], [0, 0]]] };
    const countryAt = ([lng]: [number, number]) => (lng === 0 ? 'fr' : undefined);
    expect(areaIsoCountry(bay, countryAt)).toBe('fr');
  });
});
