/** A query as one line of text, for services that take a free-form query (Photon, the French address API). */
import { formatAddress } from '@catchment/geodata';
import type { NormalisedQuery } from '../address-query.js';
import type { AddressQuery } from '../geocoder.js';

/**
 * The query's own line when it has one and no separate columns, else its parts in the order of
 * its country (`numberFirst`: as in France, whatever the country says).
 */
export function queryText(query: AddressQuery, parts: NormalisedQuery, options: { numberFirst?: boolean } = {}): string {
  const hasColumns = [query.street, query.housenumber, query.postcode, query.city].some((value) => value?.trim());
  if (query.line?.trim() && !hasColumns) return query.line.trim();
  const order = options.numberFirst ? 'fr' : parts.country ?? '';
  return formatAddress({ houseNumber: parts.housenumber ?? undefined, street: parts.street ?? undefined, postcode: parts.postcode ?? undefined, city: parts.city ?? undefined }, order) ?? '';
}
