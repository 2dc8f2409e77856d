import { describe, expect, it } from 'vitest';
import { DEFAULT_MODE_COUNTRIES, modeRefusal, parseModeCountries } from './mode-availability.js';

describe('mode availability by country', () => {
  const spec = parseModeCountries(DEFAULT_MODE_COUNTRIES);

  it('follows the spec by default: car everywhere, truck and transit in France, bike and walk in Europe and North America', () => {
    expect(modeRefusal(spec, 'car', 'jp')).toBeUndefined();
    expect(modeRefusal(spec, 'truck', 'fr')).toBeUndefined();
    expect(modeRefusal(spec, 'truck', 'de')).toBe('errors.truckOnlyFrance');
    expect(modeRefusal(spec, 'heavy_truck', 'us')).toBe('errors.truckOnlyFrance');
    expect(modeRefusal(spec, 'transit', 'be')).toBe('errors.transitOnlyFrance');
    expect(modeRefusal(spec, 'bike', 'de')).toBeUndefined();
    expect(modeRefusal(spec, 'walk', 'mx')).toBeUndefined();
    expect(modeRefusal(spec, 'walk', 'br')).toBe('errors.bikeWalkOnlyEuropeNorthAmerica');
    expect(modeRefusal(spec, 'bike', undefined)).toBe('errors.bikeWalkOnlyEuropeNorthAmerica');
  });

  it('lets an operator widen a mode, with a neutral message outside the new list', () => {
    const widened = parseModeCountries('truck=fr,de,mc;walk=*');
    expect(modeRefusal(widened, 'truck', 'mc')).toBeUndefined();
    expect(modeRefusal(widened, 'truck', 'it')).toBe('errors.modeNotOfferedHere');
    expect(modeRefusal(widened, 'walk', 'br')).toBeUndefined();
    expect(modeRefusal(widened, 'transit', 'it')).toBeUndefined(); // not listed: everywhere
  });

  it('refuses configuration it cannot read, naming the culprit', () => {
    expect(() => parseModeCountries('boat=fr')).toThrow(/unknown transport mode "boat"/);
    expect(() => parseModeCountries('truck=france')).toThrow(/"france" is neither/);
    expect(() => parseModeCountries('truck=')).toThrow(/no country given for truck/);
  });
});
