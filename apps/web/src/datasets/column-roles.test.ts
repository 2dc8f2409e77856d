import { describe, expect, it } from 'vitest';
import { columnRole, foldHeader } from './column-roles.js';

describe('foldHeader', () => {
  it('folds case, accents, ß and separators', () => {
    expect(foldHeader('Straße Nr.')).toBe('strasse nr');
    expect(foldHeader('Code_Postal')).toBe('code postal');
    expect(foldHeader('  Coordonnées GPS ')).toBe('coordonnees gps');
  });
});

describe('columnRole', () => {
  it('knows coordinates in English, French and German', () => {
    for (const header of ['lat', 'Latitude', 'Latitude (WGS84)', 'station_lat', 'Breitengrad', 'Y']) expect(columnRole(header), header).toBe('latitude');
    for (const header of ['lon', 'LNG', 'long', 'Longitude', 'Länge', 'Längengrad', 'x']) expect(columnRole(header), header).toBe('longitude');
    for (const header of ['lat/lng', 'Lat, Lon', 'latlng', 'Coordinates', 'Coordonnées GPS', 'Koordinaten', 'geo_point_2d']) expect(columnRole(header), header).toBe('latLng');
  });
  it('knows the parts of an address in English, French and German', () => {
    expect(columnRole('Street')).toBe('street');
    expect(columnRole('rue')).toBe('street');
    expect(columnRole('Straße')).toBe('street');
    expect(columnRole('Strasse')).toBe('street');
    expect(columnRole('housenumber')).toBe('housenumber');
    expect(columnRole('N°')).toBe('housenumber');
    expect(columnRole('Numéro')).toBe('housenumber');
    expect(columnRole('Hausnummer')).toBe('housenumber');
    for (const header of ['Postcode', 'ZIP code', 'Code postal', 'CP', 'PLZ', 'Postleitzahl', 'code_postal_client']) expect(columnRole(header), header).toBe('postcode');
    for (const header of ['City', 'town', 'Ville', 'Commune', 'Ort', 'Stadt', 'Customer city']) expect(columnRole(header), header).toBe('city');
    for (const header of ['Country', 'Pays', 'Land']) expect(columnRole(header), header).toBe('country');
    for (const header of ['Adresse', 'Address', 'Anschrift']) expect(columnRole(header), header).toBe('address');
    for (const header of ['Full address', 'Adresse complète']) expect(columnRole(header), header).toBe('line');
  });
  it('leaves other headers alone, even when a role hides inside a word', () => {
    for (const header of ['name', 'nbikes', 'Plateau', 'Standort', 'Sales', 'Phone number', '']) expect(columnRole(header), header).toBeNull();
  });
});
