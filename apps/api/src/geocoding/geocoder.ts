/**
 * Geocoding: postal addresses to positions, in batches (a dataset import hands over its rows a
 * batch at a time). One interface, whoever answers: the built-in geocoder over the imported
 * OpenStreetMap addresses and the gazetteer (offline-geocoder.ts), or an operator's Nominatim,
 * Photon or French address API (remote/). Chosen by GEOCODER (geocoder.setup.ts).
 */

/** How closely a result places its query, finest first. */
export const GEOCODE_PRECISIONS = ['housenumber', 'street', 'postcode', 'city'] as const;
export type GeocodePrecision = (typeof GEOCODE_PRECISIONS)[number];

/** One address to place: its parts as a customer file has them, or the whole of it on one line. */
export interface AddressQuery {
  street?: string | null | undefined;
  /** When absent, a number leading or ending the street ("Hauptstraße 11", "12 rue de la Paix") is taken as it. */
  housenumber?: string | null | undefined;
  postcode?: string | null | undefined;
  city?: string | null | undefined;
  /** An ISO code or a name in English, French or German; unknown: any country. */
  country?: string | null | undefined;
  /**
   * The whole address in one text ("Hauptstraße 11, 95463 Bindlach"), for files without separate
   * columns; the parts above, when given, win over what is read from it.
   */
  line?: string | null | undefined;
}

/** A query placed. */
export interface GeocodeMatch {
  precision: GeocodePrecision;
  lng: number;
  lat: number;
  /** The address or place found, as its source writes it ("Hauptstraße 11, 95463 Bindlach"). */
  label: string;
  /**
   * How well what was found fits the query, 0–1: 1 for an exact match (spelling aside), less for a
   * street found by a fuzzy match or a service's own lower confidence; worth a look below 0.8.
   */
  score: number;
}

/** A query not placed: nothing found (no failure), or the service could not answer (failure). */
export interface GeocodeMiss {
  precision: null;
  failure?: GeocodeFailure;
}

export type GeocodeResult = GeocodeMatch | GeocodeMiss;

/**
 * Why a remote service left rows unanswered: the rows can be sent again later. `rate_limited`
 * carries the wait the service asked for, when it said.
 */
export interface GeocodeFailure {
  code: 'timeout' | 'rate_limited' | 'unavailable' | 'bad_response';
  message: string;
  retryAfterSeconds?: number;
}

export interface GeocodeOptions {
  /** Rows answered so far out of the batch's, as they are answered. */
  onProgress?: (done: number, total: number) => void;
  /** Stops the batch: rows not answered yet are not sent (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
}

export interface Geocoder {
  /** `builtin`, `nominatim`, `photon`, `ban`. */
  readonly name: string;
  /**
   * One result per query, in the same order. Never rejects for a failing remote service: its
   * rows come back as misses with the failure.
   */
  geocode(batch: readonly AddressQuery[], options?: GeocodeOptions): Promise<GeocodeResult[]>;
}

export const NOT_FOUND: GeocodeMiss = Object.freeze({ precision: null });
