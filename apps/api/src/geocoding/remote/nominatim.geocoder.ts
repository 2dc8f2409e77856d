/**
 * An operator's Nominatim (https://nominatim.org/release-docs/latest/api/Search/): `/search` with
 * the parts of the address as a structured query (street = "<number> <street>", city, postalcode,
 * countrycodes), or `q` for a query given as one line; format jsonv2, one result, with its
 * address details. One request per row (Nominatim has no batch call), a few at a time; the public
 * nominatim.openstreetmap.org forbids bulk geocoding, so this is for an operator's own instance.
 *
 * Precision from the result's place_rank (Nominatim's search rank: 30 a house or a point of
 * interest, 26–27 a street, 12–25 a town, village or part of one) and type (`postcode`); a result
 * coarser than a town (county, state, country) places nothing. Nominatim gives no confidence in
 * its match: the score is 1.
 */
import { normaliseQuery } from '../address-query.js';
import { NOT_FOUND, type AddressQuery, type GeocodeOptions, type GeocodePrecision, type GeocodeResult, type Geocoder } from '../geocoder.js';
import { fetchFromService, geocodeRowByRow, position, readJson, RemoteGeocodeError, type RemoteGeocoderOptions } from './remote-request.js';

const SERVICE = 'Nominatim';

/** One place of a jsonv2 answer (the fields read here). */
interface NominatimPlace {
  lat?: string;
  lon?: string;
  display_name?: string;
  category?: string;
  type?: string;
  place_rank?: number;
  address?: Record<string, string>;
}

export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim';

  constructor(private readonly options: RemoteGeocoderOptions) {}

  geocode(batch: readonly AddressQuery[], options: GeocodeOptions = {}): Promise<GeocodeResult[]> {
    return geocodeRowByRow(batch, this.options, options, (query, signal) => this.geocodeRow(query, signal));
  }

  private async geocodeRow(query: AddressQuery, signal: AbortSignal | undefined): Promise<GeocodeResult> {
    const url = new URL('search', this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`);
    const parts = normaliseQuery(query);
    const structured = [query.street, query.housenumber, query.postcode, query.city].some((value) => value?.trim());
    if (structured) {
      const street = [parts.housenumber, parts.street].filter(Boolean).join(' ');
      if (street) url.searchParams.set('street', street);
      if (parts.city) url.searchParams.set('city', parts.city);
      if (parts.postcode) url.searchParams.set('postalcode', parts.postcode);
    } else if (query.line?.trim()) {
      url.searchParams.set('q', query.line.trim());
    } else {
      return NOT_FOUND;
    }
    if (parts.country) url.searchParams.set('countrycodes', parts.country);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('limit', '1');
    url.searchParams.set('addressdetails', '1');
    const body = await readJson(SERVICE, await fetchFromService(SERVICE, url, { headers: { accept: 'application/json' } }, this.options, signal));
    if (!Array.isArray(body)) throw new RemoteGeocodeError({ code: 'bad_response', message: `${SERVICE} answered JSON that is not a list of places` });
    const place = body[0] as NominatimPlace | undefined;
    if (!place) return NOT_FOUND;
    const at = position(place.lon, place.lat);
    const precision = nominatimPrecision(place);
    if (!at || !precision) return NOT_FOUND;
    return { precision, lng: at[0], lat: at[1], label: place.display_name ?? '', score: 1 };
  }
}

export function nominatimPrecision(place: NominatimPlace): GeocodePrecision | null {
  if (place.type === 'postcode') return 'postcode';
  const rank = place.place_rank ?? 0;
  if (rank >= 28 && place.address?.house_number) return 'housenumber';
  if (rank >= 26) return 'street';
  if (rank >= 12) return 'city';
  return null;
}
