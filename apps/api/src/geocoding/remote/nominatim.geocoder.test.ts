/**
 * The Nominatim adapter against a local server answering as Nominatim's documentation says
 * (https://nominatim.org/release-docs/latest/api/Search/ and …/api/Output/: format jsonv2, a list
 * of places with lat and lon as strings, category, type, place_rank, display_name and, with
 * addressdetails=1, address).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { NominatimGeocoder } from './nominatim.geocoder.js';
import { startLocalService, type LocalService, type ServiceAnswer } from './test-support/local-service.js';

let service: LocalService | undefined;
afterEach(async () => { await service?.close(); service = undefined; });

/** The documentation's example of a house found: 135 Pilkington Avenue, Birmingham. */
const HOUSE = {
  place_id: 12345678, licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright', osm_type: 'node', osm_id: 240109189,
  boundingbox: ['52.5487229', '52.5488229', '-1.8160710', '-1.8159710'], lat: '52.5487429714954', lon: '-1.81602098644987',
  display_name: '135, Pilkington Avenue, Wylde Green, Sutton Coldfield, Birmingham, West Midlands Combined Authority, England, B72 1LH, United Kingdom',
  category: 'place', type: 'house', place_rank: 30, importance: 0.62100895764854, addresstype: 'place', name: '',
  address: { house_number: '135', road: 'Pilkington Avenue', suburb: 'Wylde Green', town: 'Sutton Coldfield', city: 'Birmingham', postcode: 'B72 1LH', country: 'United Kingdom', country_code: 'gb' },
};
const place = (fields: Record<string, unknown>) => ({ ...HOUSE, address: { country: 'United Kingdom', country_code: 'gb' }, ...fields });

async function geocoder(answer: (url: URL) => ServiceAnswer, concurrency = 4) {
  service = await startLocalService((request) => answer(request.url));
  return new NominatimGeocoder({ baseUrl: service.baseUrl, concurrency, userAgent: 'Catchment geocoding (http://localhost:3000)' });
}

describe('Nominatim adapter', () => {
  it('sends the parts as a structured jsonv2 search, and places the house found', async () => {
    const nominatim = await geocoder(() => ({ body: [HOUSE] }));
    const [result] = await nominatim.geocode([{ street: 'Pilkington Avenue', housenumber: '135', postcode: 'B72 1LH', city: 'Birmingham', country: 'United Kingdom' }]);
    const sent = service!.received[0]!;
    expect(sent.url.pathname).toBe('/search');
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({
      street: '135 Pilkington Avenue', city: 'Birmingham', postalcode: 'B72 1LH', countrycodes: 'gb', format: 'jsonv2', limit: '1', addressdetails: '1',
    });
    expect(sent.headers['user-agent']).toBe('Catchment geocoding (http://localhost:3000)');
    expect(result).toEqual({ precision: 'housenumber', lng: -1.81602098644987, lat: 52.5487429714954, label: HOUSE.display_name, score: 1 });
  });

  it('sends a one-line address as q', async () => {
    const nominatim = await geocoder(() => ({ body: [HOUSE] }));
    await nominatim.geocode([{ line: '135 pilkington avenue, birmingham' }]);
    expect(Object.fromEntries(service!.received[0]!.url.searchParams)).toEqual({ q: '135 pilkington avenue, birmingham', format: 'jsonv2', limit: '1', addressdetails: '1' });
  });

  it('tells a street, a postcode and a town apart by their rank and type; a county or nothing places nothing', async () => {
    const answers: Record<string, unknown[]> = {
      street: [place({ category: 'highway', type: 'residential', place_rank: 26, addresstype: 'road', lat: '52.55', lon: '-1.81', display_name: 'Pilkington Avenue, Birmingham' })],
      postcode: [place({ osm_type: undefined, osm_id: undefined, category: 'place', type: 'postcode', place_rank: 21, lat: '52.54', lon: '-1.82', display_name: 'B72 1LH, United Kingdom' })],
      town: [place({ category: 'place', type: 'village', place_rank: 19, lat: '49.98', lon: '11.61', display_name: 'Bindlach, Landkreis Bayreuth, Bayern, Deutschland' })],
      county: [place({ category: 'boundary', type: 'administrative', place_rank: 8, lat: '52.4', lon: '-1.8', display_name: 'West Midlands' })],
      none: [],
    };
    const nominatim = await geocoder((url) => ({ body: answers[url.searchParams.get('city') ?? ''] }));
    const results = await nominatim.geocode(['street', 'postcode', 'town', 'county', 'none'].map((city) => ({ street: 'x', city })));
    expect(results.map((result) => result.precision)).toEqual(['street', 'postcode', 'city', null, null]);
    expect(results[2]).toMatchObject({ lng: 11.61, lat: 49.98, label: 'Bindlach, Landkreis Bayreuth, Bayern, Deutschland' });
  });

  it('stops at a 429: the rows answered keep their answer, the others carry the wait asked for', async () => {
    const nominatim = await geocoder(() => (service!.received.length === 1 ? { body: [HOUSE] } : { status: 429, headers: { 'retry-after': '30' }, body: 'Too Many Requests' }), 1);
    const progress: number[] = [];
    const results = await nominatim.geocode(Array.from({ length: 5 }, () => ({ line: '135 Pilkington Avenue, Birmingham' })), { onProgress: (done) => progress.push(done) });
    expect(results[0]!.precision).toBe('housenumber');
    for (const result of results.slice(1)) {
      expect(result).toEqual({ precision: null, failure: { code: 'rate_limited', message: 'Nominatim refused more requests for now (429): Too Many Requests', retryAfterSeconds: 30 } });
    }
    expect(service!.received).toHaveLength(2);
    expect(progress).toEqual([1]);
  });

  it('reports an answer that is not a list of places as a bad response', async () => {
    const nominatim = await geocoder(() => ({ body: { error: 'Unable to geocode' } }));
    expect(await nominatim.geocode([{ line: 'x' }])).toEqual([{ precision: null, failure: { code: 'bad_response', message: 'Nominatim answered JSON that is not a list of places' } }]);
  });
});
