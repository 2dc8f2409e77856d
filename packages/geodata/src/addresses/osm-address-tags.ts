/**
 * What an OpenStreetMap object says as a postal address: its `addr:housenumber` on its
 * `addr:street`, with `addr:postcode`, `addr:city` and `addr:country` when it has them. An object
 * without a house number or without a street (a village addressed by `addr:place`) is no address
 * here. `addr:housenumber=12;14` is two addresses at the same place.
 */
import type { OsmTags } from '../poi/osm/osm-poi-tags.js';

export interface OsmAddressFields {
  street: string;
  /** One or more numbers (OpenStreetMap separates several by semicolons). */
  houseNumbers: string[];
  postcode: string | null;
  city: string | null;
  /** `addr:country` as a lower-case ISO code, when the object gives a valid one. */
  country: string | null;
}

export function osmAddressFields(tags: OsmTags): OsmAddressFields | null {
  const text = (key: string) => tags[key]?.trim() || null;
  const street = text('addr:street');
  const houseNumbers = (text('addr:housenumber') ?? '').split(';').map((number) => number.trim()).filter(Boolean);
  if (!street || houseNumbers.length === 0) return null;
  const country = text('addr:country');
  return {
    street,
    houseNumbers: [...new Set(houseNumbers)],
    postcode: text('addr:postcode'),
    city: text('addr:city'),
    country: country && /^[a-z]{2}$/i.test(country) ? country.toLowerCase() : null,
  };
}
