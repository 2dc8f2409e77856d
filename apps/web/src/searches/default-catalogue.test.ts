import { describe, expect, it } from 'vitest';
import { defaultCatalogue, type CatalogueChoice } from './default-catalogue.js';

const andorra: CatalogueChoice = { name: 'ad_osm_poi', country: 'ad', source: 'osm', bbox: [1.41, 42.43, 1.79, 42.66] };
const monaco: CatalogueChoice = { name: 'mc_osm_poi', country: 'mc', source: 'osm', bbox: [7.40, 43.72, 7.44, 43.76] };
const sirene: CatalogueChoice = { name: 'fr_institutions', country: 'fr', source: 'sirene', bbox: [7.5, 48.1, 8.2, 49.1] };
const franceOsm: CatalogueChoice = { name: 'fr_osm_poi', country: 'fr', source: 'osm', bbox: [7.6, 48.3, 7.9, 48.7] };

describe('defaultCatalogue', () => {
  it('takes the catalogue whose extent holds the area, whatever the analysis country', () => {
    expect(defaultCatalogue([monaco, andorra], [1.52, 42.51], 'ww')?.name).toBe('ad_osm_poi');
  });
  it('prefers OpenStreetMap to SIRENE where both cover the area', () => {
    expect(defaultCatalogue([sirene, franceOsm], [7.75, 48.58], 'fr')?.name).toBe('fr_osm_poi');
  });
  it("falls back to the analysis country's catalogue, then to the first, then to none", () => {
    expect(defaultCatalogue([monaco, sirene], [2.35, 48.85], 'fr')?.name).toBe('fr_institutions');
    expect(defaultCatalogue([monaco, andorra], null, 'us')?.name).toBe('mc_osm_poi');
    expect(defaultCatalogue([], [2.35, 48.85], 'fr')).toBeNull();
  });
});
