/**
 * What an OpenStreetMap object says as a point of interest: the keys that make it one (amenity,
 * shop, office, tourism, leisure, healthcare, craft) as `key=value` tags, and the fields of the
 * catalogue (name, brand, address parts, opening hours, website, and a few details shown with it).
 */
import type { AddressParts } from '../postal-address.js';

export type OsmTags = Readonly<Record<string, string>>;

export const OSM_POI_KEYS = ['amenity', 'shop', 'office', 'tourism', 'leisure', 'healthcare', 'craft'] as const;

/** Tags shown in an item's detail, under the same name (contact:* variants are folded in). */
const DETAIL_KEYS = [
  'cuisine', 'phone', 'email', 'operator', 'wheelchair', 'takeaway', 'delivery', 'outdoor_seating', 'drive_through',
  'stars', 'rooms', 'beds', 'capacity', 'dispensing', 'healthcare:speciality', 'sport', 'religion', 'denomination',
  'diet:vegetarian', 'diet:vegan', 'internet_access', 'payment:cards', 'level', 'description', 'brand:wikidata', 'wikidata',
] as const;

export interface OsmPoiFields {
  /** `amenity=restaurant`, … in the order of OSM_POI_KEYS. */
  tags: string[];
  name: string | null;
  brand: string | null;
  address: AddressParts;
  openingHours: string | null;
  website: string | null;
  details: Record<string, string>;
}

/** The POI fields of an object, or null when none of its keys makes it a point of interest. */
export function osmPoiFields(tags: OsmTags): OsmPoiFields | null {
  const poiTags: string[] = [];
  for (const key of OSM_POI_KEYS) {
    const value = tags[key]?.trim();
    // `shop=no` says there is none; the other values (`vacant`, `yes`) are kept as mapped.
    if (value && value !== 'no') poiTags.push(`${key}=${value}`);
  }
  if (poiTags.length === 0) return null;
  const text = (...keys: string[]) => {
    for (const key of keys) {
      const value = tags[key]?.trim();
      if (value) return value;
    }
    return null;
  };
  const details: Record<string, string> = {};
  for (const key of DETAIL_KEYS) {
    const value = text(key, `contact:${key}`);
    if (value) details[key] = value;
  }
  return {
    tags: poiTags,
    name: text('name'),
    brand: text('brand'),
    address: {
      houseNumber: text('addr:housenumber') ?? undefined,
      street: text('addr:street', 'addr:place') ?? undefined,
      postcode: text('addr:postcode') ?? undefined,
      city: text('addr:city') ?? undefined,
    },
    openingHours: text('opening_hours'),
    website: text('website', 'contact:website', 'url'),
    details,
  };
}
