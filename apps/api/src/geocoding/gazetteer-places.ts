/**
 * The postcodes and towns of the gazetteer (packages/geodata gazetteer/: French postcodes and
 * communes, US zip codes, the world's towns of 1,000 inhabitants or more from GeoNames) as the
 * geocoder's fallback for rows whose street it cannot place. Exact names only (accents, case and
 * hyphens aside).
 */
import { placeNameKey, type Gazetteer, type PlaceEntry } from '@catchment/geodata';
import type { NormalisedQuery } from './address-query.js';

/** Enough for every commune of a French postcode (the most share one: about fifty). */
const MATCHES = 200;

export class GazetteerPlaces {
  constructor(private readonly gazetteer: Gazetteer) {}

  /**
   * The postcode's place (with a town, the one of that town). Without a country, only a postcode
   * whose town is the query's: five digits alone are a French or German postcode as much as a US
   * zip code, and the gazetteer has no German postcodes to say so.
   */
  postcode(query: NormalisedQuery): PlaceEntry | null {
    if (!query.postcodeKey) return null;
    const code = placeNameKey(query.postcodeKey);
    const matches = this.gazetteer.search(query.postcodeKey, MATCHES).filter((place) =>
      (place.kind === 'postcode' || place.kind === 'zipcode') && placeNameKey(place.code ?? '') === code && inCountry(place, query.country));
    const ofTown = query.cityKey ? matches.find((place) => placeNameKey(place.name) === query.cityKey) : undefined;
    return ofTown ?? (query.country ? matches[0] ?? null : null);
  }

  /** The town of that name (in the query's country, if it names one), the most populous first. */
  city(query: NormalisedQuery): PlaceEntry | null {
    if (!query.cityKey) return null;
    const matches = this.gazetteer.search(query.city ?? query.cityKey, MATCHES);
    return matches.find((place) => (place.kind === 'city' || place.kind === 'commune') && placeNameKey(place.name) === query.cityKey && inCountry(place, query.country)) ?? null;
  }
}

function inCountry(place: PlaceEntry, country: string | null): boolean {
  return !country || place.country.toLowerCase() === country;
}
