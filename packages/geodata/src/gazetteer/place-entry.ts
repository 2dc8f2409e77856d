/** One searchable place of the gazetteer. */
export const PLACE_KINDS = ['city', 'commune', 'postcode', 'zipcode'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export interface PlaceEntry {
  /** Stable across builds: kind and source identifier, e.g. `commune:45234`, `zipcode:10001`. */
  id: string;
  kind: PlaceKind;
  /** The place's own name (for postcodes and zip codes: the name of the town they serve). */
  name: string;
  /** Postcode or zip code; searched instead of the name for those kinds. */
  code?: string;
  /** Where it is within its country, e.g. "Loiret (45)" or "NY"; may be empty. */
  context: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lng: number;
  lat: number;
  /** Inhabitants, 0 when unknown; ranks equally good matches. */
  population: number;
}

/** What a place is searched by: its code for postcodes and zip codes, its name otherwise. */
export function placeSearchText(place: PlaceEntry): string {
  return place.code ?? place.name;
}

/** What a user reads first in a list of results. */
export function placeLabel(place: PlaceEntry): string {
  return place.code ? `${place.code} ${place.name}` : place.name;
}
