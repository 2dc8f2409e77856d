/**
 * An operator's Photon (https://github.com/komoot/photon): `/api?q=…&limit=1`, the address as one
 * line of text, answered as a GeoJSON FeatureCollection whose feature's properties say what was
 * found (`type`: house, street, locality, district, city, county, state, country, other; with
 * `housenumber`, `street`, `postcode`, `city`, `countrycode`). One request per row (Photon has no
 * batch call), a few at a time.
 *
 * Precision from `type`: a house → 'housenumber'; a street → 'street'; a postcode (osm_value
 * postcode) → 'postcode'; a town, locality or district → 'city'; a point of interest ('other')
 * by its house number or street; anything coarser places nothing. Photon gives no confidence in
 * its match: the score is 1.
 */
import { formatAddress } from '@catchment/geodata';
import { normaliseQuery } from '../address-query.js';
import { NOT_FOUND, type AddressQuery, type GeocodeOptions, type GeocodePrecision, type GeocodeResult, type Geocoder } from '../geocoder.js';
import { queryText } from './query-text.js';
import { fetchFromService, geocodeRowByRow, position, readJson, RemoteGeocodeError, type RemoteGeocoderOptions } from './remote-request.js';

const SERVICE = 'Photon';

/** The properties of a Photon feature read here. */
interface PhotonProperties {
  type?: string;
  osm_key?: string;
  osm_value?: string;
  name?: string;
  housenumber?: string;
  street?: string;
  postcode?: string;
  city?: string;
  countrycode?: string;
}

export class PhotonGeocoder implements Geocoder {
  readonly name = 'photon';

  constructor(private readonly options: RemoteGeocoderOptions) {}

  geocode(batch: readonly AddressQuery[], options: GeocodeOptions = {}): Promise<GeocodeResult[]> {
    return geocodeRowByRow(batch, this.options, options, (query, signal) => this.geocodeRow(query, signal));
  }

  private async geocodeRow(query: AddressQuery, signal: AbortSignal | undefined): Promise<GeocodeResult> {
    const parts = normaliseQuery(query);
    const text = queryText(query, parts);
    if (!text) return NOT_FOUND;
    const url = new URL('api', this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`);
    url.searchParams.set('q', text);
    url.searchParams.set('limit', '1');
    const body = await readJson(SERVICE, await fetchFromService(SERVICE, url, { headers: { accept: 'application/json' } }, this.options, signal));
    const features = (body as { features?: unknown } | null)?.features;
    if (!Array.isArray(features)) throw new RemoteGeocodeError({ code: 'bad_response', message: `${SERVICE} answered JSON that is not a FeatureCollection` });
    const feature = features[0] as { geometry?: { coordinates?: unknown[] }; properties?: PhotonProperties } | undefined;
    if (!feature) return NOT_FOUND;
    const properties = feature.properties ?? {};
    const [lng, lat] = feature.geometry?.coordinates ?? [];
    const at = position(lng, lat);
    const precision = photonPrecision(properties);
    if (!at || !precision) return NOT_FOUND;
    return { precision, lng: at[0], lat: at[1], label: photonLabel(properties, precision), score: 1 };
  }
}

export function photonPrecision(properties: PhotonProperties): GeocodePrecision | null {
  if (properties.osm_value === 'postcode') return 'postcode';
  switch (properties.type) {
    case 'house': return 'housenumber';
    case 'street': return 'street';
    case 'city': case 'locality': case 'district': return 'city';
    case 'other': return properties.housenumber ? 'housenumber' : properties.street ? 'street' : null;
    default: return null;
  }
}

function photonLabel(properties: PhotonProperties, precision: GeocodePrecision): string {
  if (precision === 'city') return properties.name ?? properties.city ?? '';
  if (precision === 'postcode') return [properties.postcode ?? properties.name, properties.city].filter(Boolean).join(' ');
  // A street's own name is its `name`; a house's street is its `street`.
  const street = properties.street ?? (precision === 'street' ? properties.name : undefined);
  const address = formatAddress({ houseNumber: properties.housenumber, street, postcode: properties.postcode, city: properties.city }, properties.countrycode?.toLowerCase() ?? '');
  // A point of interest goes by its name first.
  const name = properties.type === 'other' ? properties.name : undefined;
  return [name, address].filter(Boolean).join(', ');
}
