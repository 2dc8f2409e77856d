/**
 * The Photon adapter against a local server answering as Photon's documentation says
 * (https://github.com/komoot/photon, "Search": a GeoJSON FeatureCollection, each feature's
 * properties with osm_type, osm_id, osm_key, osm_value, type, name, housenumber, street,
 * postcode, city, countrycode…).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PhotonGeocoder } from './photon.geocoder.js';
import { startLocalService, type LocalService, type ServiceAnswer } from './test-support/local-service.js';

let service: LocalService | undefined;
afterEach(async () => { await service?.close(); service = undefined; });

const feature = (coordinates: [number, number], properties: Record<string, unknown>) => ({ type: 'Feature', geometry: { type: 'Point', coordinates }, properties });
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });

const HOUSE = feature([11.6031539, 49.975776], {
  osm_type: 'W', osm_id: 41769021, osm_key: 'building', osm_value: 'yes', type: 'house',
  housenumber: '14', street: 'St.-Georgen-Straße', postcode: '95463', city: 'Bindlach', county: 'Landkreis Bayreuth', state: 'Bayern', country: 'Deutschland', countrycode: 'DE',
});
const STREET = feature([11.5921902, 50.0071265], {
  osm_type: 'W', osm_id: 104657056, osm_key: 'highway', osm_value: 'residential', type: 'street', name: 'Hauptstraße', postcode: '95463', city: 'Bindlach', countrycode: 'DE',
});
const TOWN = feature([13.3888599, 52.5170365], {
  osm_type: 'R', osm_id: 62422, osm_key: 'place', osm_value: 'city', type: 'city', name: 'Berlin', state: 'Berlin', country: 'Deutschland', countrycode: 'DE', extent: [13.088345, 52.6755087, 13.7611609, 52.3382448],
});
const POSTCODE = feature([11.59, 49.99], { osm_type: 'R', osm_id: 1, osm_key: 'place', osm_value: 'postcode', type: 'other', name: '95463', postcode: '95463', countrycode: 'DE' });
const STATE = feature([11.4, 48.9], { osm_type: 'R', osm_id: 2145268, osm_key: 'place', osm_value: 'state', type: 'state', name: 'Bayern', countrycode: 'DE' });

async function geocoder(answer: (url: URL) => ServiceAnswer) {
  service = await startLocalService((request) => answer(request.url));
  return new PhotonGeocoder({ baseUrl: `${service.baseUrl}/photon`, concurrency: 2 });
}

describe('Photon adapter', () => {
  it('sends the address as one line of text, and places the house found', async () => {
    const photon = await geocoder(() => ({ body: collection(HOUSE) }));
    const [result] = await photon.geocode([{ street: 'St. Georgen Str.', housenumber: '14', postcode: '95463', city: 'Bindlach', country: 'DE' }]);
    expect(service!.received[0]!.url.pathname).toBe('/photon/api');
    expect(Object.fromEntries(service!.received[0]!.url.searchParams)).toEqual({ q: 'St. Georgen Str. 14, 95463 Bindlach', limit: '1' });
    expect(result).toEqual({ precision: 'housenumber', lng: 11.6031539, lat: 49.975776, label: 'St.-Georgen-Straße 14, 95463 Bindlach', score: 1 });
  });

  it('tells a street, a postcode and a town apart by their type; a state or nothing places nothing', async () => {
    const answers: Record<string, unknown> = { street: collection(STREET), postcode: collection(POSTCODE), town: collection(TOWN), state: collection(STATE), none: collection() };
    const photon = await geocoder((url) => ({ body: answers[url.searchParams.get('q')!] }));
    const results = await photon.geocode(['street', 'postcode', 'town', 'state', 'none'].map((line) => ({ line })));
    expect(results.map((result) => result.precision)).toEqual(['street', 'postcode', 'city', null, null]);
    expect(results[0]).toMatchObject({ label: 'Hauptstraße, 95463 Bindlach' });
    expect(results[2]).toMatchObject({ lng: 13.3888599, lat: 52.5170365, label: 'Berlin' });
  });

  it('reports a service failing (5xx) on every row of the batch', async () => {
    const photon = await geocoder(() => ({ status: 503, body: 'Service Unavailable' }));
    const results = await photon.geocode([{ line: 'a' }, { line: 'b' }, { line: 'c' }]);
    expect(results).toEqual(Array.from({ length: 3 }, () => ({ precision: null, failure: { code: 'unavailable', message: 'Photon failed (503): Service Unavailable' } })));
  });
});
