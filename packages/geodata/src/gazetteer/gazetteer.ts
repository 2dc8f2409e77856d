/**
 * In-memory place search: accent- and case-insensitive prefix search over names (and over codes
 * for postcodes and zip codes), exact matches first, then by population.
 *
 * The keys are sorted once; a query is a binary search for the first key with its prefix plus a
 * walk over the keys that share it, so a search costs O(log n + matches).
 */
import { placeNameKey } from '../text/place-name-key.js';
import { NearestPlaceIndex, type NearestPlace } from './nearest-place.js';
import { placeSearchText, type PlaceEntry } from './place-entry.js';

export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 50;

const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class Gazetteer {
  private readonly keys: string[];
  private readonly placeIndexOfKey: Int32Array;
  /** Built on the first reverse lookup: most processes never make one. */
  private nearestIndex: NearestPlaceIndex | undefined;

  constructor(readonly places: readonly PlaceEntry[]) {
    const keyOfPlace = places.map((place) => placeNameKey(placeSearchText(place)));
    const order = Array.from(places.keys()).sort((a, b) => compareStrings(keyOfPlace[a]!, keyOfPlace[b]!));
    this.keys = order.map((index) => keyOfPlace[index]!);
    this.placeIndexOfKey = Int32Array.from(order);
  }

  get size(): number {
    return this.places.length;
  }

  /** The best `limit` places whose name (or code) starts with the query; none for a blank query. */
  search(query: string, limit = SEARCH_LIMIT_DEFAULT): PlaceEntry[] {
    const prefix = placeNameKey(query);
    if (!prefix || limit <= 0) return [];
    const matches: { place: PlaceEntry; exact: boolean }[] = [];
    for (let i = this.firstKeyNotBefore(prefix); i < this.keys.length && this.keys[i]!.startsWith(prefix); i++) {
      matches.push({ place: this.places[this.placeIndexOfKey[i]!]!, exact: this.keys[i] === prefix });
    }
    matches.sort((a, b) =>
      Number(b.exact) - Number(a.exact)
      || b.place.population - a.place.population
      || compareStrings(a.place.name, b.place.name));
    return matches.slice(0, limit).map((match) => match.place);
  }

  /** The town (city or commune) nearest [lng, lat] within maxDistanceMeters, or null. */
  nearest(point: readonly [number, number], maxDistanceMeters: number): NearestPlace | null {
    this.nearestIndex ??= new NearestPlaceIndex(this.places);
    return this.nearestIndex.nearest(point, maxDistanceMeters);
  }

  private firstKeyNotBefore(prefix: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.keys[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
