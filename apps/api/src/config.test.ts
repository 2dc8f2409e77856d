import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('POI_TAB_COUNTRIES', () => {
  it("defaults to the spec's countries of the points-of-interest tab", () => {
    expect(loadConfig({}).poiTabCountries).toEqual(['us', 'fr', 'gb', 'be', 'ca']);
  });
  it('takes data countries separated by commas, in any case and spacing', () => {
    expect(loadConfig({ POI_TAB_COUNTRIES: 'FR, ww,fr' }).poiTabCountries).toEqual(['fr', 'ww']);
  });
  it('refuses a code that is not a data country of the analysis panel', () => {
    expect(() => loadConfig({ POI_TAB_COUNTRIES: 'fr,ad' })).toThrow(/POI_TAB_COUNTRIES.*"ad"/);
  });
});
