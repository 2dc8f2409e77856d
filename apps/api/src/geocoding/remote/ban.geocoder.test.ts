/**
 * The French address API adapter against a local server answering as the API's documentation says
 * (https://adresse.data.gouv.fr/api-doc/adresse): `/search/` a GeoJSON FeatureCollection whose
 * features' properties carry label, score, housenumber, id, type, name, postcode, citycode, x, y,
 * city, context, importance, street; `/search/csv/` the CSV sent (field `data`, the columns to
 * read named by `columns`) with latitude, longitude and the result_* columns added, empty for a
 * row not found (addok-csv).
 */
import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { BanGeocoder } from './ban.geocoder.js';
import { startLocalService, type LocalService, type ReceivedRequest, type ServiceAnswer } from './test-support/local-service.js';

let service: LocalService | undefined;
afterEach(async () => { await service?.close(); service = undefined; });

/** What the service knows, by query: the documentation's example and two more. */
const KNOWN: Record<string, { coordinates: [number, number]; properties: Record<string, unknown> }> = {
  '8 bd du Port, 80000 Amiens': {
    coordinates: [2.290084, 49.897443],
    properties: {
      label: '8 Boulevard du Port 80000 Amiens', score: 0.49159121588068583, housenumber: '8', id: '80021_6590_00008', type: 'housenumber',
      name: '8 Boulevard du Port', postcode: '80000', citycode: '80021', x: 648952.58, y: 6977867.25, city: 'Amiens', context: '80, Somme, Hauts-de-France',
      importance: 0.6706612694243868, street: 'Boulevard du Port',
    },
  },
  '75002 Paris': {
    coordinates: [2.341, 48.8677],
    properties: { label: 'Paris 2e Arrondissement', score: 0.87, id: '75102', type: 'municipality', name: 'Paris 2e Arrondissement', postcode: '75002', citycode: '75102', city: 'Paris', context: '75, Paris, Île-de-France', importance: 0.9 },
  },
  'rue de la Paix, 75002 Paris': {
    coordinates: [2.3316, 48.8693],
    properties: { label: 'Rue de la Paix 75002 Paris', score: 0.93, id: '75102_7114', type: 'street', name: 'Rue de la Paix', postcode: '75002', citycode: '75102', city: 'Paris', context: '75, Paris, Île-de-France', importance: 0.8 },
  },
};

const CSV_RESULT_COLUMNS = ['latitude', 'longitude', 'result_label', 'result_score', 'result_score_next', 'result_type', 'result_id', 'result_housenumber',
  'result_name', 'result_street', 'result_postcode', 'result_city', 'result_context', 'result_citycode', 'result_oldcitycode', 'result_oldcity', 'result_district', 'result_status'];

/** The service: /search/ and /search/csv/ as documented (the CSV's score rounded to 2 decimals, as addok-csv writes it), over KNOWN. */
async function answerAsBan(request: ReceivedRequest): Promise<ServiceAnswer> {
  if (request.method === 'GET' && request.url.pathname === '/search/') {
    const found = KNOWN[request.url.searchParams.get('q') ?? ''];
    return { body: { type: 'FeatureCollection', version: 'draft', features: found ? [{ type: 'Feature', geometry: { type: 'Point', coordinates: found.coordinates }, properties: found.properties }] : [], attribution: 'BAN', licence: 'ETALAB-2.0', query: request.url.searchParams.get('q'), limit: 1 } };
  }
  if (request.method === 'POST' && request.url.pathname === '/search/csv/') {
    const file = request.form!.get('data') as File;
    const columns = request.form!.getAll('columns') as string[];
    const input = Papa.parse<Record<string, string>>(await file.text(), { header: true, skipEmptyLines: true });
    const rows = input.data.map((row) => {
      const found = KNOWN[columns.map((column) => row[column]).join(' ')];
      const p = found?.properties ?? {};
      return {
        ...row,
        latitude: found?.coordinates[1] ?? '', longitude: found?.coordinates[0] ?? '', result_label: p.label ?? '', result_score: typeof p.score === 'number' ? Math.round(p.score * 100) / 100 : '', result_score_next: '',
        result_type: p.type ?? '', result_id: p.id ?? '', result_housenumber: p.housenumber ?? '', result_name: p.name ?? '', result_street: p.street ?? '',
        result_postcode: p.postcode ?? '', result_city: p.city ?? '', result_context: p.context ?? '', result_citycode: p.citycode ?? '', result_oldcitycode: '',
        result_oldcity: '', result_district: '', result_status: found ? 'ok' : 'not-found',
      };
    });
    return { headers: { 'content-type': 'text/csv; charset=utf-8' }, body: Papa.unparse({ fields: [...input.meta.fields!, ...CSV_RESULT_COLUMNS], data: rows.map((row) => [...input.meta.fields!, ...CSV_RESULT_COLUMNS].map((field) => String(row[field as keyof typeof row] ?? ''))) }) };
  }
  return { status: 404, body: 'Not Found' };
}

async function ban(answer: (request: ReceivedRequest) => ServiceAnswer | Promise<ServiceAnswer> = answerAsBan, timeoutMs?: number) {
  service = await startLocalService(answer);
  return new BanGeocoder({ baseUrl: service.baseUrl, ...(timeoutMs ? { timeoutMs } : {}) });
}

describe('French address API adapter', () => {
  it('sends one row to /search/, number first, and keeps the BAN’s score', async () => {
    const geocoder = await ban();
    const [result] = await geocoder.geocode([{ street: 'bd du Port', housenumber: '8', postcode: '80000', city: 'Amiens' }]);
    expect(service!.received[0]!.url.pathname).toBe('/search/');
    expect(Object.fromEntries(service!.received[0]!.url.searchParams)).toEqual({ q: '8 bd du Port, 80000 Amiens', limit: '1', autocomplete: '0' });
    expect(result).toEqual({ precision: 'housenumber', lng: 2.290084, lat: 49.897443, label: '8 Boulevard du Port 80000 Amiens', score: 0.49159121588068583 });
  });

  it('sends a batch as one CSV to /search/csv/ and reads each row’s result in order; rows of another country are not sent', async () => {
    const geocoder = await ban();
    const progress: Array<[number, number]> = [];
    const results = await geocoder.geocode([
      { line: '8 bd du Port, 80000 Amiens' },
      { street: 'Hauptstraße', housenumber: '11', postcode: '95463', city: 'Bindlach', country: 'DE' },
      { street: 'rue de la Paix', postcode: '75002', city: 'Paris', country: 'France' },
      { postcode: '75002', city: 'Paris' },
      { street: 'Rue Inconnue', housenumber: '1', postcode: '99999', city: 'Nulle-Part' },
    ], { onProgress: (done, total) => progress.push([done, total]) });
    expect(service!.received).toHaveLength(1);
    const sent = service!.received[0]!;
    expect(sent.url.pathname).toBe('/search/csv/');
    expect(sent.form!.getAll('columns')).toEqual(['q']);
    expect(Papa.parse(await (sent.form!.get('data') as File).text(), { header: true }).data).toEqual([
      { row: '0', q: '8 bd du Port, 80000 Amiens' }, { row: '1', q: 'rue de la Paix, 75002 Paris' }, { row: '2', q: '75002 Paris' }, { row: '3', q: '1 Rue Inconnue, 99999 Nulle-Part' },
    ]);
    expect(results).toEqual([
      { precision: 'housenumber', lng: 2.290084, lat: 49.897443, label: '8 Boulevard du Port 80000 Amiens', score: 0.49 },
      { precision: null },
      { precision: 'street', lng: 2.3316, lat: 48.8693, label: 'Rue de la Paix 75002 Paris', score: 0.93 },
      { precision: 'city', lng: 2.341, lat: 48.8677, label: 'Paris 2e Arrondissement', score: 0.87 },
      { precision: null },
    ]);
    expect(progress.at(-1)).toEqual([5, 5]);
  });

  it('reports a batch the service did not answer in time, and one it answered with something else than its CSV', async () => {
    const slow = await ban(() => ({ delayMs: 500, body: 'late' }), 100);
    const timedOut = await slow.geocode([{ line: '8 bd du Port, 80000 Amiens' }, { line: '75002 Paris' }]);
    expect(timedOut).toEqual(Array.from({ length: 2 }, () => ({ precision: null, failure: { code: 'timeout', message: 'The French address API did not answer within 0.1 s' } })));
    await service!.close();
    const garbled = await ban(() => ({ body: 'latitude,longitude\n' }));
    expect((await garbled.geocode([{ line: 'a' }, { line: 'b' }]))[0]).toEqual({
      precision: null, failure: { code: 'bad_response', message: 'The French address API answered a CSV without the 2 rows it was sent and their results' },
    });
  });
});
