import { describe, expect, it } from 'vitest';
import { frenchCommuneEntries } from './french-communes.source.js';
import type { WorldCity } from './world-cities.source.js';

const town = (name: string, muniSub: string, lng: number, lat: number, population = 5000): WorldCity => ({
  cityId: Number(muniSub), name, country: 'FR', featureCode: 'PPL', adminCode: '24', muniSub, population, loc: { coordinates: [lng, lat] },
});

describe('frenchCommuneEntries', () => {
  const result = frenchCommuneEntries({
    communes: [
      { code: '45234', nom: 'Orléans', type: 'commune-actuelle', departement: '45', region: '24', population: 116_000 },
      { code: '45999', nom: 'Petit-Village', type: 'commune-actuelle', departement: '45', region: '24', population: 80 },
      { code: '45998', nom: 'Nulle-Part', type: 'commune-actuelle', departement: '45', region: '24', population: 12 },
      { code: '45100', nom: 'Ville-Nommée', type: 'commune-actuelle', departement: '45', region: '24', population: 2000 },
      { code: '75056', nom: 'Paris', type: 'commune-actuelle', departement: '75', region: '11', population: 2_100_000 },
      { code: '75111', nom: 'Paris 11e Arrondissement', type: 'arrondissement-municipal', commune: '75056', departement: '75', region: '11', population: 138_000 },
    ],
    departements: new Map([['45', 'Loiret'], ['75', 'Paris']]),
    postcodeRows: [
      { codePostal: '45000', codeCommune: '45234', nomCommune: 'Orléans' },
      { codePostal: '45000', codeCommune: '45999', nomCommune: 'Petit-Village' },
      { codePostal: '45999', codeCommune: '45998', nomCommune: 'Nulle-Part' },
      { codePostal: '75011', codeCommune: '75111', nomCommune: 'Paris 11e Arrondissement' },
    ],
    worldCities: [
      town('Orléans', '45234', 1.9, 47.9),
      town('Ville Nommee', '', 2.1, 47.7),
      town('Paris', '75056', 2.35, 48.85),
      { ...town('Orléans', '45234', 9, 9), featureCode: 'PPLX', population: 999_999 },
    ],
  });
  const entry = (id: string) => result.entries.find((e) => e.id === id);

  it('locates communes by their INSEE code in GeoNames, ignoring city districts', () => {
    expect(entry('commune:45234')).toMatchObject({ name: 'Orléans', context: 'Loiret (45)', lng: 1.9, lat: 47.9, population: 116_000 });
  });

  it('falls back to the name within the region', () => {
    expect(entry('commune:45100')).toMatchObject({ lng: 2.1, lat: 47.7 });
  });

  it('places an arrondissement at its city and a village at its postcode neighbours', () => {
    expect(entry('commune:75111')).toMatchObject({ lng: 2.35, lat: 48.85 });
    expect(entry('commune:45999')).toMatchObject({ lng: 1.9, lat: 47.9 });
  });

  it('leaves out a commune with no way to locate it, and says so', () => {
    expect(entry('commune:45998')).toBeUndefined();
    expect(entry('postcode:45999:45998')).toBeUndefined();
    expect(result.stats).toEqual({ communes: 6, locatedByGeoNames: 3, locatedByNeighbour: 2, leftOut: 1, postcodes: 3 });
  });

  it('makes one postcode entry per postcode and commune', () => {
    expect(entry('postcode:75011:75111')).toMatchObject({ kind: 'postcode', code: '75011', name: 'Paris 11e Arrondissement', context: 'Paris (75)' });
    expect(entry('postcode:45000:45999')).toMatchObject({ code: '45000', name: 'Petit-Village' });
  });
});

describe('frenchCommuneEntries and namesakes', () => {
  const inRegion93 = (code: string, nom: string, departement: string, population = 300) =>
    ({ code, nom, type: 'commune-actuelle' as const, departement, region: '93', population });
  const result = frenchCommuneEntries({
    communes: [
      inRegion93('06006', 'Aspremont', '06', 2346),
      inRegion93('05008', 'Aspremont', '05', 364),
      inRegion93('05009', 'Aspres-sur-Buëch', '05', 800),
      inRegion93('04061', 'Colmars', '04'),
      inRegion93('06043', 'Colmars', '06'),
      inRegion93('05200', 'Village-Frontière', '05'),
      inRegion93('04100', 'Village-de-Part', '04'),
      inRegion93('84001', 'Commune-Nouvelle', '84'),
    ],
    formerCommunes: [{ code: '84002', nom: 'Ancien-Village', type: 'commune-deleguee', chefLieu: '84001', departement: '84', region: '93' }],
    departements: new Map([['04', 'Alpes-de-Haute-Provence'], ['05', 'Hautes-Alpes'], ['06', 'Alpes-Maritimes'], ['84', 'Vaucluse']]),
    postcodeRows: [
      { codePostal: '05140', codeCommune: '05008', nomCommune: 'Aspremont' },
      { codePostal: '05140', codeCommune: '05009', nomCommune: 'Aspres-sur-Buëch' },
      { codePostal: '05110', codeCommune: '05200', nomCommune: 'Village-Frontière' },
      { codePostal: '05110', codeCommune: '04100', nomCommune: 'Village-de-Part' },
    ],
    worldCities: [
      { ...town('Aspremont', '06006', 7.244, 43.783), adminCode: '93', muni: '062' },
      { ...town('Colmars', '', 6.63, 44.18), adminCode: '93', muni: '041' },
      { ...town('Village Frontiere', '05200', 6.0, 44.4), adminCode: '93', muni: '051' },
      { ...town('Ancien Village', '84002', 5.0, 44.0), adminCode: '93', muni: '841' },
    ],
  });
  const entry = (id: string) => result.entries.find((e) => e.id === id);

  it('never places a commune at the town GeoNames files under its namesake of another département', () => {
    expect(entry('commune:06006')).toMatchObject({ lng: 7.244, lat: 43.783 });
    expect(entry('commune:05008')).toBeUndefined();
    // Nor its postcode neighbours, which would follow it to Nice.
    expect(entry('commune:05009')).toBeUndefined();
    expect(entry('postcode:05140:05008')).toBeUndefined();
  });

  it('matches a town GeoNames files under no commune by its name within its own département only', () => {
    expect(entry('commune:04061')).toMatchObject({ lng: 6.63, lat: 44.18 });
    expect(entry('commune:06043')).toBeUndefined();
  });

  it('takes postcode neighbours from the commune\'s own département only', () => {
    expect(entry('commune:05200')).toMatchObject({ lng: 6.0, lat: 44.4 });
    expect(entry('commune:04100')).toBeUndefined();
  });

  it('places a commune nouvelle at a town GeoNames still files under one of its former communes', () => {
    expect(entry('commune:84001')).toMatchObject({ lng: 5.0, lat: 44.0 });
  });
});
