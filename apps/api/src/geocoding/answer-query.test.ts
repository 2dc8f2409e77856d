import { describe, expect, it } from 'vitest';
import { Gazetteer, type PlaceEntry } from '@catchment/geodata';
import { normaliseQuery } from './address-query.js';
import type { AreaOfAddresses, StreetCandidate } from './address-lookup.repository.js';
import { answerQuery, bestStreet } from './answer-query.js';
import { GazetteerPlaces } from './gazetteer-places.js';
import type { AddressQuery } from './geocoder.js';

/** A street of the lookup's answer, in Bindlach unless said otherwise. */
function street(name: string, key: string, overrides: Partial<StreetCandidate> = {}): StreetCandidate {
  return {
    i: 0, country: 'de', street: name, street_key: key, postcode: '95463', postcode_key: '95463', city: 'Bindlach', city_key: 'bindlach',
    addresses: 10, lon: 11.6, lat: 49.98, similarity: 1, housenumber: null, house_lon: null, house_lat: null, ...overrides,
  };
}

function area(overrides: Partial<AreaOfAddresses>): AreaOfAddresses {
  return { query_country: null, key: '95463', country: 'de', postcode: '95463', city: 'Bindlach', addresses: 678, lon: 11.59, lat: 49.99, ...overrides };
}

function place(overrides: Partial<PlaceEntry> & Pick<PlaceEntry, 'id' | 'kind' | 'name' | 'country'>): PlaceEntry {
  return { context: '', lng: 0, lat: 0, population: 0, ...overrides };
}

const gazetteer = new GazetteerPlaces(new Gazetteer([
  place({ id: 'city:1', kind: 'city', name: 'Bindlach', country: 'DE', lng: 11.61389, lat: 49.98167, population: 7_000 }),
  place({ id: 'city:2', kind: 'city', name: 'Paris', country: 'FR', lng: 2.35, lat: 48.85, population: 2_000_000 }),
  place({ id: 'city:3', kind: 'city', name: 'Paris', country: 'US', lng: -95.55, lat: 33.66, population: 25_000 }),
  place({ id: 'zipcode:95463', kind: 'zipcode', name: 'Navarro', code: '95463', country: 'US', lng: -123.53, lat: 39.19 }),
  place({ id: 'postcode:75002:75102', kind: 'postcode', name: 'Paris 2e Arrondissement', code: '75002', country: 'FR', lng: 2.34, lat: 48.87 }),
  place({ id: 'postcode:51300:51649', kind: 'postcode', name: 'Vitry-le-François', code: '51300', country: 'FR', lng: 4.58, lat: 48.72, population: 12_000 }),
  place({ id: 'postcode:51300:51375', kind: 'postcode', name: 'Marolles', code: '51300', country: 'FR', lng: 4.62, lat: 48.72, population: 700 }),
]));

const none = { streets: [], postcodes: [], cities: [] };
const answer = (query: AddressQuery, findings: Partial<Parameters<typeof answerQuery>[1]> = {}) =>
  answerQuery(normaliseQuery(query), { ...none, ...findings }, gazetteer);

describe('answerQuery', () => {
  it('places a house number found on the street, with the address as its source writes it', () => {
    const found = street('St.-Georgen-Straße', 'stgeorgenstr', { housenumber: '14', house_lon: 11.6031539, house_lat: 49.975776 });
    expect(answer({ street: 'St. Georgen Str.', housenumber: '14', postcode: '95463' }, { streets: [found] }))
      .toEqual({ precision: 'housenumber', lng: 11.6031539, lat: 49.975776, score: 1, label: 'St.-Georgen-Straße 14, 95463 Bindlach' });
  });

  it('falls back to the street, at its addresses’ mean, when its house number is not in the data', () => {
    expect(answer({ street: 'Hauptstr.', housenumber: '999', postcode: '95463' }, { streets: [street('Hauptstraße', 'hauptstr', { lon: 11.592, lat: 50.007 })] }))
      .toEqual({ precision: 'street', lng: 11.592, lat: 50.007, score: 1, label: 'Hauptstraße, 95463 Bindlach' });
  });

  it('says how sure a misspelt street is', () => {
    const result = answer({ street: 'Waidmanstrasse', housenumber: '3', city: 'Bindlach' },
      { streets: [street('Waidmannstraße', 'waidmannstr', { similarity: 0.77, housenumber: '3', house_lon: 11.6, house_lat: 49.98 })] });
    expect(result).toMatchObject({ precision: 'housenumber', label: 'Waidmannstraße 3, 95463 Bindlach' });
    expect(result.precision && result.score).toBeGreaterThan(0.9);
    expect(result.precision && result.score).toBeLessThan(1);
  });

  it('takes no neighbouring street for the query’s, and goes on to its postcode', () => {
    expect(answer({ street: 'Eichenweg', housenumber: '7', postcode: '95463' }, {
      streets: [street('Eichenstraße', 'eichenstr', { similarity: 0.43, housenumber: '7', house_lon: 1, house_lat: 1 })],
      postcodes: [area({})],
    })).toEqual({ precision: 'postcode', lng: 11.59, lat: 49.99, label: '95463 Bindlach', score: 1 });
  });

  it('places a German postcode by the imported addresses, not by a US zip code of the same digits', () => {
    expect(answer({ postcode: '95463' }, { postcodes: [area({})] })).toMatchObject({ precision: 'postcode', label: '95463 Bindlach' });
    // Without addresses there, five digits alone say nothing of the country.
    expect(answer({ postcode: '95463' })).toEqual({ precision: null });
    expect(answer({ postcode: '95463', country: 'US' })).toMatchObject({ precision: 'postcode', label: '95463 Navarro' });
  });

  it('places a French postcode by the commune the query names, else by its most populous one', () => {
    expect(answer({ postcode: '51300', city: 'Marolles' })).toMatchObject({ precision: 'postcode', lng: 4.62, label: '51300 Marolles' });
    expect(answer({ postcode: '51300', country: 'France' })).toMatchObject({ precision: 'postcode', label: '51300 Vitry-le-François' });
  });

  it('places a town by the gazetteer, in the country the query or the imported addresses say', () => {
    expect(answer({ city: 'Paris' })).toMatchObject({ precision: 'city', lng: 2.35 });
    expect(answer({ city: 'Paris', country: 'US' })).toMatchObject({ precision: 'city', lng: -95.55 });
    expect(answer({ city: 'BINDLACH' })).toEqual({ precision: 'city', lng: 11.61389, lat: 49.98167, label: 'Bindlach', score: 1 });
    // A village the gazetteer does not know, but the imported addresses do.
    expect(answer({ city: 'Heinersreuth-Cottenbach' }, { cities: [area({ key: 'heinersreuth cottenbach', postcode: null, city: 'Heinersreuth-Cottenbach', lon: 11.55, lat: 49.97 })] }))
      .toEqual({ precision: 'city', lng: 11.55, lat: 49.97, label: 'Heinersreuth-Cottenbach', score: 1 });
  });

  it('finds nothing for an unknown address', () => {
    expect(answer({ street: 'Unbekannte Straße', housenumber: '1', postcode: '99999', city: 'Nirgendwo' })).toEqual({ precision: null });
    expect(answer({})).toEqual({ precision: null });
  });
});

describe('bestStreet', () => {
  const query = normaliseQuery({ street: 'Eichenstraße', housenumber: '7', postcode: '95463', city: 'Bindlach' });

  it('prefers the exact name to a close one, even when only the close one has the number', () => {
    const exact = street('Eichenstraße', 'eichenstr');
    const close = street('Eichestraße', 'eichestr', { similarity: 0.7, housenumber: '7', house_lon: 1, house_lat: 1 });
    expect(bestStreet(query, [close, exact])?.candidate).toBe(exact);
  });

  it('among streets of the same name, prefers the one in the query’s postcode and town', () => {
    const elsewhere = street('Eichenstraße', 'eichenstr', { postcode: '95500', postcode_key: '95500', city: 'Heinersreuth', city_key: 'heinersreuth', addresses: 40 });
    const here = street('Eichenstraße', 'eichenstr', { addresses: 3 });
    expect(bestStreet(query, [elsewhere, here])?.candidate).toBe(here);
  });

  it('among equals, prefers the street holding the number, then the longest', () => {
    const withNumber = street('Eichenstraße', 'eichenstr', { housenumber: '7', house_lon: 1, house_lat: 1, addresses: 2 });
    const longer = street('Eichenstraße', 'eichenstr', { addresses: 30 });
    expect(bestStreet(query, [longer, withNumber])?.candidate).toBe(withNumber);
    const shorter = street('Eichenstraße', 'eichenstr', { addresses: 5 });
    expect(bestStreet(query, [shorter, longer])?.candidate).toBe(longer);
  });

  it('is null without a street in the query, or without a candidate that is its street', () => {
    expect(bestStreet(normaliseQuery({ postcode: '95463' }), [street('Eichenstraße', 'eichenstr')])).toBeNull();
    expect(bestStreet(query, [street('Eichenweg', 'eichenweg', { similarity: 0.43 })])).toBeNull();
  });
});
