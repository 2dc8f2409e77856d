/**
 * The built-in geocoder's answer to one query, from what its batch's lookup found
 * (address-lookup.repository.ts) and the gazetteer, finest first:
 * 1. the street that fits the query's best (street-similarity.ts; among equals, the one in the
 *    query's postcode and town, then the one holding its house number, then the longest), with
 *    the house number on it → 'housenumber', at the address; without → 'street', at the mean of
 *    the street's addresses (nothing is interpolated between numbers);
 * 2. the postcode: the gazetteer's, else the mean of the imported addresses of that postcode → 'postcode';
 * 3. the town: the gazetteer's, else the mean of the imported addresses of that town → 'city';
 * (a query without a country is looked for in the gazetteer in the country where the imported
 * addresses have its postcode or town);
 * 4. nothing → null.
 */
import { formatAddress, placeLabel } from '@catchment/geodata';
import type { NormalisedQuery } from './address-query.js';
import type { AreaOfAddresses, StreetCandidate } from './address-lookup.repository.js';
import type { GazetteerPlaces } from './gazetteer-places.js';
import { NOT_FOUND, type GeocodeResult } from './geocoder.js';
import { streetSimilarity } from './street-similarity.js';

export interface QueryFindings {
  streets: readonly StreetCandidate[];
  /** The addresses of the query's postcode and of its town, per country they are in. */
  postcodes: readonly AreaOfAddresses[];
  cities: readonly AreaOfAddresses[];
}

export function answerQuery(query: NormalisedQuery, findings: QueryFindings, places: GazetteerPlaces | undefined): GeocodeResult {
  const best = bestStreet(query, findings.streets);
  if (best) {
    const { candidate, score } = best;
    const place = { postcode: candidate.postcode ?? undefined, city: candidate.city ?? undefined };
    if (candidate.housenumber !== null && candidate.house_lon !== null && candidate.house_lat !== null) {
      return {
        precision: 'housenumber', lng: candidate.house_lon, lat: candidate.house_lat, score,
        label: formatAddress({ houseNumber: candidate.housenumber, street: candidate.street, ...place }, candidate.country)!,
      };
    }
    return { precision: 'street', lng: candidate.lon, lat: candidate.lat, score, label: formatAddress({ street: candidate.street, ...place }, candidate.country)! };
  }
  // A query without a country is taken to be in the country where the imported addresses know its
  // postcode or town (a five-digit code alone is a German postcode and a US zip code).
  const country = query.country ?? largest(findings.postcodes)?.country ?? largest(findings.cities)?.country ?? null;
  const located = country === query.country ? query : { ...query, country };
  const postcode = places?.postcode(located);
  if (postcode) return { precision: 'postcode', lng: postcode.lng, lat: postcode.lat, label: placeLabel(postcode), score: 1 };
  const postcodeArea = largest(findings.postcodes);
  if (postcodeArea) {
    return { precision: 'postcode', lng: postcodeArea.lon, lat: postcodeArea.lat, label: [postcodeArea.postcode, postcodeArea.city].filter(Boolean).join(' '), score: 1 };
  }
  const city = places?.city(located);
  if (city) return { precision: 'city', lng: city.lng, lat: city.lat, label: placeLabel(city), score: 1 };
  const cityArea = largest(findings.cities);
  if (cityArea) return { precision: 'city', lng: cityArea.lon, lat: cityArea.lat, label: cityArea.city ?? query.city ?? '', score: 1 };
  return NOT_FOUND;
}

export interface RankedStreet { candidate: StreetCandidate; score: number }

/** The candidate street that fits the query best, or null when none is the query's street. */
export function bestStreet(query: NormalisedQuery, candidates: readonly StreetCandidate[]): RankedStreet | null {
  if (!query.street || !query.streetKey) return null;
  const wanted = { name: query.street, key: query.streetKey };
  let best: RankedStreet | null = null;
  for (const candidate of candidates) {
    const score = streetSimilarity(wanted, { name: candidate.street, key: candidate.street_key }, candidate.similarity);
    if (score === 0) continue;
    const ranked = { candidate, score };
    if (!best || compareStreets(ranked, best, query) < 0) best = ranked;
  }
  return best;
}

/** Negative when `a` is the better answer. */
function compareStreets(a: RankedStreet, b: RankedStreet, query: NormalisedQuery): number {
  const locality = (candidate: StreetCandidate) => (candidate.postcode_key === query.postcodeKey ? 2 : 0) + (candidate.city_key === query.cityKey ? 1 : 0);
  const hasHouse = (candidate: StreetCandidate) => (candidate.housenumber !== null ? 1 : 0);
  return b.score - a.score
    || locality(b.candidate) - locality(a.candidate)
    || hasHouse(b.candidate) - hasHouse(a.candidate)
    || b.candidate.addresses - a.candidate.addresses
    || a.candidate.street_key.localeCompare(b.candidate.street_key)
    || (a.candidate.postcode_key ?? '').localeCompare(b.candidate.postcode_key ?? '');
}

/** Where the query's country is unknown and the area spans countries, the country with the most addresses. */
function largest(areas: readonly AreaOfAddresses[]): AreaOfAddresses | undefined {
  return areas.reduce<AreaOfAddresses | undefined>((best, area) => (!best || area.addresses > best.addresses ? area : best), undefined);
}
