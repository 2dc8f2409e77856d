import { describe, expect, it } from 'vitest';
import { parseAddressLine, splitStreetAndNumber } from './address-line.js';

describe('parseAddressLine', () => {
  it('reads a German address, number after the street', () => {
    expect(parseAddressLine('Hauptstraße 11, 95463 Bindlach')).toEqual({ street: 'Hauptstraße', housenumber: '11', postcode: '95463', city: 'Bindlach', country: null });
    expect(parseAddressLine('Hauptstraße 11 95463 Bindlach')).toEqual({ street: 'Hauptstraße', housenumber: '11', postcode: '95463', city: 'Bindlach', country: null });
    expect(parseAddressLine('St.-Georgen-Straße 14a, 95463 Bindlach, Deutschland'))
      .toEqual({ street: 'St.-Georgen-Straße', housenumber: '14a', postcode: '95463', city: 'Bindlach', country: 'de' });
  });

  it('reads a French address, number before the street, and a country ending the town', () => {
    expect(parseAddressLine('12 bis rue de la Paix, 75002 Paris')).toEqual({ street: 'rue de la Paix', housenumber: '12 bis', postcode: '75002', city: 'Paris', country: null });
    expect(parseAddressLine('8 bd du Port 80000 Amiens France')).toEqual({ street: 'bd du Port', housenumber: '8', postcode: '80000', city: 'Amiens', country: 'fr' });
  });

  it('reads a British address, the town before the postcode', () => {
    expect(parseAddressLine('221B Baker Street, London NW1 6XE')).toEqual({ street: 'Baker Street', housenumber: '221B', postcode: 'NW1 6XE', city: 'London', country: null });
  });

  it('takes the last postcode-like token, not a four-digit house number before it', () => {
    expect(parseAddressLine('1600 Pennsylvania Avenue NW, Washington, DC 20500')).toEqual({ street: 'Pennsylvania Avenue NW', housenumber: '1600', postcode: '20500', city: 'Washington', country: null });
  });

  it('reads a postcode alone, or a street and a town without one', () => {
    expect(parseAddressLine('95463')).toEqual({ street: null, housenumber: null, postcode: '95463', city: null, country: null });
    expect(parseAddressLine('Am Rain 5, Bindlach')).toEqual({ street: 'Am Rain', housenumber: '5', postcode: null, city: 'Bindlach', country: null });
  });
});

describe('splitStreetAndNumber', () => {
  it('finds the number before or after the street', () => {
    expect(splitStreetAndNumber('Hauptstraße 11a')).toEqual({ street: 'Hauptstraße', housenumber: '11a' });
    expect(splitStreetAndNumber('Hauptstraße 11 a')).toEqual({ street: 'Hauptstraße', housenumber: '11 a' });
    expect(splitStreetAndNumber('12, rue de la Paix')).toEqual({ street: 'rue de la Paix', housenumber: '12' });
    expect(splitStreetAndNumber('Am Rain 12-14')).toEqual({ street: 'Am Rain', housenumber: '12-14' });
  });

  it('leaves a street without a number whole', () => {
    expect(splitStreetAndNumber('Schupfenschlag')).toEqual({ street: 'Schupfenschlag', housenumber: null });
    expect(splitStreetAndNumber('An der Autobahn')).toEqual({ street: 'An der Autobahn', housenumber: null });
  });
});
