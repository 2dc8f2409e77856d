import { describe, expect, it } from 'vitest';
import { cityNameKey, houseNumberKey, postcodeKey, streetNameKey } from './address-keys.js';

describe('streetNameKey', () => {
  it('gives one key to the spellings of a German street', () => {
    const spellings = ['Bayreuther Straße', 'Bayreuther Strasse', 'Bayreuther Str.', 'bayreuther str', 'BAYREUTHER-STRASSE', 'Bayreutherstraße', 'Bayreutherstr.'];
    expect(new Set(spellings.map(streetNameKey))).toEqual(new Set(['bayreutherstr']));
  });

  it('reads Sankt, St. and Saint alike, hyphens or not', () => {
    expect(streetNameKey('St.-Georgen-Straße')).toBe('stgeorgenstr');
    expect(streetNameKey('Sankt Georgen Str.')).toBe('stgeorgenstr');
    expect(streetNameKey('St Georgenstrasse')).toBe('stgeorgenstr');
    expect(streetNameKey('Rue Saint-Éloi')).toBe(streetNameKey('rue st eloi'));
  });

  it('brings French and English abbreviations to one form', () => {
    expect(streetNameKey('Avenue du Général de Gaulle')).toBe(streetNameKey('Av. du Gal de Gaulle'));
    expect(streetNameKey('Boulevard Haussmann')).toBe(streetNameKey('bd haussmann'));
    expect(streetNameKey('Baker Street')).toBe(streetNameKey('Baker St'));
    expect(streetNameKey('Abbey Road')).toBe('abbeyrd');
  });

  it('keeps the words that are not abbreviated, and the digits', () => {
    expect(streetNameKey('Rue du 8 Mai 1945')).toBe('ruedu8mai1945');
    expect(streetNameKey('Schloßplatz')).toBe('schlosspl');
    expect(streetNameKey('Am Ängerlein')).toBe('amangerlein');
  });

  it('leaves different streets different', () => {
    expect(streetNameKey('Bahnhofstraße')).not.toBe(streetNameKey('Alte Bahnhofstraße'));
    expect(streetNameKey('Eichenstraße')).not.toBe(streetNameKey('Eichenweg'));
  });
});

describe('houseNumberKey', () => {
  it('joins a number and its letter', () => {
    expect(['12a', '12 a', '12A', ' 12 A ', '12-a'].map(houseNumberKey)).toEqual(['12a', '12a', '12a', '12a', '12a']);
    expect(houseNumberKey('12 bis')).toBe('12bis');
  });

  it('keeps a range or a fraction apart from one long number', () => {
    expect(houseNumberKey('12-14')).toBe('12-14');
    expect(houseNumberKey('12 - 14')).toBe('12-14');
    expect(houseNumberKey('3/1')).toBe('3/1');
  });
});

describe('postcodeKey', () => {
  it('drops spaces and case', () => {
    expect(postcodeKey('sw1a 1aa')).toBe('SW1A1AA');
    expect(postcodeKey(' 95463 ')).toBe('95463');
  });

  it('gives a five-digit postcode its leading zero back in the countries that have them', () => {
    expect(postcodeKey('1000', 'fr')).toBe('01000');
    expect(postcodeKey('1067', 'DE')).toBe('01067');
    expect(postcodeKey('9490', 'li')).toBe('9490');
    expect(postcodeKey('1000')).toBe('1000');
  });
});

describe('cityNameKey', () => {
  it('folds a town name as place names are folded', () => {
    expect(cityNameKey('Heinersreuth-Cottenbach')).toBe('heinersreuth cottenbach');
  });
});
