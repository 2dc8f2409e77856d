/**
 * A query as the geocoders compare it: its parts cleaned (from its columns, or read from its one
 * line: address-line.ts), its country as an ISO code, and its keys folded as the imported
 * addresses' are (packages/geodata text/address-keys.ts). Two queries with the same keys are the
 * same question: the cache of recent answers keys on them.
 */
import { cityNameKey, countryCode, houseNumberKey, postcodeKey, streetNameKey } from '@catchment/geodata';
import { parseAddressLine, splitStreetAndNumber } from './address-line.js';
import type { AddressQuery } from './geocoder.js';

export interface NormalisedQuery {
  street: string | null;
  housenumber: string | null;
  postcode: string | null;
  city: string | null;
  /** Lower-case ISO 3166-1 alpha-2; null: not given, or not a country this knows. */
  country: string | null;
  streetKey: string | null;
  housenumberKey: string | null;
  postcodeKey: string | null;
  cityKey: string | null;
}

export function normaliseQuery(query: AddressQuery): NormalisedQuery {
  const clean = (value: string | null | undefined) => value?.trim() || null;
  const fromLine = query.line?.trim() ? parseAddressLine(query.line) : null;
  let street = clean(query.street) ?? fromLine?.street ?? null;
  let housenumber = clean(query.housenumber) ?? (clean(query.street) ? null : fromLine?.housenumber ?? null);
  if (street && !housenumber) ({ street, housenumber } = splitStreetAndNumber(street));
  const postcode = clean(query.postcode) ?? fromLine?.postcode ?? null;
  const city = clean(query.city) ?? fromLine?.city ?? null;
  const countryText = clean(query.country);
  const country = countryText ? countryCode(countryText) : fromLine?.country ?? null;
  const key = (value: string | null, fold: (text: string) => string) => (value ? fold(value) || null : null);
  return {
    street,
    housenumber,
    postcode,
    city,
    country,
    streetKey: key(street, streetNameKey),
    housenumberKey: key(housenumber, houseNumberKey),
    postcodeKey: key(postcode, (text) => postcodeKey(text, country)),
    cityKey: key(city, cityNameKey),
  };
}

/** What the answer to a query depends on. */
export function queryKey(query: NormalisedQuery): string {
  return JSON.stringify([query.country, query.streetKey, query.housenumberKey, query.postcodeKey, query.cityKey]);
}

/** True when the query has nothing to look for. */
export function isEmptyQuery(query: NormalisedQuery): boolean {
  return !query.streetKey && !query.postcodeKey && !query.cityKey;
}
