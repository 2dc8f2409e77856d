/**
 * The French national address API (Base Adresse Nationale: api-adresse.data.gouv.fr, or an
 * operator's own addok instance of it): a batch of several rows in one request to `/search/csv/`
 * (the rows as a CSV file, `columns=q`; the same rows come back with `latitude`, `longitude`,
 * `result_label`, `result_score`, `result_type` added), a single row to `/search/` (GeoJSON
 * features with `properties.label`, `score`, `type`, `housenumber`, `street`, `postcode`, `city`).
 * The address goes as one line of text, number first as French addresses write it. Rows of another
 * country than France (and its overseas départements and collectivités) are not sent: the BAN
 * knows French addresses only.
 *
 * Precision from the result's type: `housenumber` → 'housenumber'; `street`, and `locality` (a
 * lieu-dit, which rural French addresses use as their street) → 'street'; `municipality` → 'city'.
 * The score is the BAN's own (0–1), worth a look below 0.8 or so.
 */
import Papa from 'papaparse';
import { normaliseQuery } from '../address-query.js';
import { NOT_FOUND, type AddressQuery, type GeocodeOptions, type GeocodePrecision, type GeocodeResult, type Geocoder } from '../geocoder.js';
import { queryText } from './query-text.js';
import {
  failedBatch, fetchFromService, geocodeRowByRow, position, readJson, RemoteGeocodeError, type RemoteGeocoderOptions,
} from './remote-request.js';

const SERVICE = 'The French address API';
/** France and the overseas territories the BAN covers (lower-case ISO codes). */
const BAN_COUNTRIES = new Set(['fr', 'gp', 'mq', 'gf', 're', 'yt', 'pm', 'bl', 'mf']);

export class BanGeocoder implements Geocoder {
  readonly name = 'ban';

  constructor(private readonly options: RemoteGeocoderOptions) {}

  async geocode(batch: readonly AddressQuery[], options: GeocodeOptions = {}): Promise<GeocodeResult[]> {
    const texts = batch.map((query) => {
      const parts = normaliseQuery(query);
      return parts.country && !BAN_COUNTRIES.has(parts.country) ? '' : queryText(query, parts, { numberFirst: true });
    });
    const sent = texts.flatMap((text, i) => (text ? [i] : []));
    if (sent.length <= 1) {
      return geocodeRowByRow(batch, this.options, options, async (_query, signal, i) => (texts[i] ? this.searchOne(texts[i], signal) : NOT_FOUND));
    }
    const results: GeocodeResult[] = batch.map(() => NOT_FOUND);
    try {
      const answers = await this.searchCsv(sent.map((i) => texts[i]!), options.signal);
      sent.forEach((i, row) => { results[i] = answers[row]!; });
    } catch (error) {
      if (!(error instanceof RemoteGeocodeError)) throw error;
      const failed = failedBatch(sent.length, error);
      sent.forEach((i, row) => { results[i] = failed[row]!; });
    }
    options.onProgress?.(batch.length, batch.length);
    return results;
  }

  private url(path: string): URL {
    return new URL(path, this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`);
  }

  private async searchOne(text: string, signal: AbortSignal | undefined): Promise<GeocodeResult> {
    const url = this.url('search/');
    url.searchParams.set('q', text);
    url.searchParams.set('limit', '1');
    url.searchParams.set('autocomplete', '0');
    const body = await readJson(SERVICE, await fetchFromService(SERVICE, url, { headers: { accept: 'application/json' } }, this.options, signal));
    const features = (body as { features?: unknown } | null)?.features;
    if (!Array.isArray(features)) throw new RemoteGeocodeError({ code: 'bad_response', message: `${SERVICE} answered JSON that is not a FeatureCollection` });
    const feature = features[0] as { geometry?: { coordinates?: unknown[] }; properties?: { label?: string; score?: number; type?: string } } | undefined;
    if (!feature) return NOT_FOUND;
    const [lng, lat] = feature.geometry?.coordinates ?? [];
    return banResult(position(lng, lat), feature.properties?.type, feature.properties?.label, feature.properties?.score);
  }

  /** One request for the rows: their answers, in their order. */
  private async searchCsv(texts: string[], signal: AbortSignal | undefined): Promise<GeocodeResult[]> {
    const form = new FormData();
    const csv = Papa.unparse({ fields: ['row', 'q'], data: texts.map((text, row) => [String(row), text]) });
    form.append('data', new Blob([csv], { type: 'text/csv' }), 'addresses.csv');
    form.append('columns', 'q');
    const response = await fetchFromService(SERVICE, this.url('search/csv/'), { method: 'POST', body: form }, this.options, signal);
    const parsed = Papa.parse<Record<string, string>>((await response.text()).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    const answers = new Map<number, Record<string, string>>();
    for (const line of parsed.data) answers.set(Number(line.row), line);
    if (!parsed.meta.fields?.includes('result_type') || answers.size !== texts.length) {
      throw new RemoteGeocodeError({ code: 'bad_response', message: `${SERVICE} answered a CSV without the ${texts.length} rows it was sent and their results` });
    }
    return texts.map((_, row) => {
      const answer = answers.get(row);
      if (!answer) return NOT_FOUND;
      const score = answer.result_score ? Number(answer.result_score) : undefined;
      return banResult(position(answer.longitude, answer.latitude), answer.result_type, answer.result_label, score);
    });
  }
}

function banResult(at: [number, number] | null, type: string | undefined, label: string | undefined, score: number | undefined): GeocodeResult {
  const precision = banPrecision(type);
  if (!at || !precision) return NOT_FOUND;
  return { precision, lng: at[0], lat: at[1], label: label ?? '', score: score !== undefined && Number.isFinite(score) ? score : 1 };
}

export function banPrecision(type: string | undefined): GeocodePrecision | null {
  switch (type) {
    case 'housenumber': return 'housenumber';
    case 'street': case 'locality': return 'street';
    case 'municipality': return 'city';
    default: return null;
  }
}
