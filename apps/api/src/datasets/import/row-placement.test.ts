import { describe, expect, it } from 'vitest';
import { importDataFileBody, RequestValidationError } from '@catchment/domain';
import { rowPlacement } from './row-placement.js';

const columns = ['id', 'name', 'street', 'housenumber', 'postcode', 'city', 'lon', 'lat', 'where'];
const body = (input: Record<string, unknown>) => importDataFileBody.parse({ name: 'Customers', ...input });

describe('rowPlacement', () => {
  it('places rows by their coordinate columns', () => {
    const placement = rowPlacement(body({ latitudeColumn: 'lat', longitudeColumn: 'lon' }), columns);
    expect(placement.kind).toBe('coordinates');
    if (placement.kind !== 'coordinates') return;
    expect(placement.place(['1', 'a', '', '', '', '', '11.5123309', '49.985173', ''])).toEqual({ lng: 11.5123309, lat: 49.985173 });
    expect(placement.place(['1', 'a', '', '', '', '', '', '49.9', ''])).toBeNull();
  });

  it('places rows by one "latitude, longitude" column', () => {
    const placement = rowPlacement(body({ latLngColumn: 'where' }), columns);
    if (placement.kind !== 'coordinates') throw new Error('coordinates expected');
    expect(placement.place(['1', 'a', '', '', '', '', '', '', '49.985173, 11.5123309'])).toEqual({ lng: 11.5123309, lat: 49.985173 });
  });

  it('gives the geocoder the address parts the columns hold, blanks left out', () => {
    const placement = rowPlacement(body({ address: { street: 'street', housenumber: 'housenumber', postcode: 'postcode', city: 'city' } }), columns);
    if (placement.kind !== 'address') throw new Error('address expected');
    expect(placement.addressOf(['1', 'a', 'Am Ängerlein', '1', ' 95500 ', 'Altenplos', '', '', ''])).toEqual({ street: 'Am Ängerlein', housenumber: '1', postcode: '95500', city: 'Altenplos' });
    expect(placement.addressOf(['1', 'a', 'Hohe Warte', '', '', 'Bayreuth', '', '', ''])).toEqual({ street: 'Hohe Warte', city: 'Bayreuth' });
  });

  it('refuses columns the file does not have, naming each field', () => {
    const refusal = (() => {
      try {
        rowPlacement(body({ latitudeColumn: 'latitude', longitudeColumn: 'lon', operationColumn: 'revenue' }), columns);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(RequestValidationError);
    expect((refusal as RequestValidationError).issues.map((issue) => issue.path.join('.'))).toEqual(['latitudeColumn', 'operationColumn']);
  });
});

describe('the import body', () => {
  it('takes exactly one way to place the rows', () => {
    expect(importDataFileBody.safeParse({ name: 'x' }).success).toBe(false);
    expect(importDataFileBody.safeParse({ name: 'x', latitudeColumn: 'lat' }).success).toBe(false);
    expect(importDataFileBody.safeParse({ name: 'x', latLngColumn: 'p', address: { city: 'c' } }).success).toBe(false);
    expect(importDataFileBody.safeParse({ name: 'x', address: {} }).success).toBe(false);
    expect(importDataFileBody.safeParse({ name: 'x', address: { city: 'c' }, color: '#E11D48' }).data?.color).toBe('#e11d48');
    expect(importDataFileBody.safeParse({ name: 'x', latLngColumn: 'p', color: '#123456' }).success).toBe(false);
  });
});
