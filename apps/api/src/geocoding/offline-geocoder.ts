/**
 * The built-in geocoder: the addresses imported from OpenStreetMap (`npm run data -- import
 * osm-addresses`, migration 014) and the gazetteer, with no service to call. A batch costs one SQL
 * statement (address-lookup.repository.ts; a batch of more than MAX_ROWS distinct queries one per
 * MAX_ROWS), whatever its size; each answer is then chosen in memory (answer-query.ts). Recent
 * answers are kept (RecentCache, by the query's keys) until the address data changes: the data
 * version comes back with every lookup, and a batch the cache answered whole asks for it alone.
 */
import type { Kysely } from 'kysely';
import type { Gazetteer } from '@catchment/geodata';
import { RecentCache } from '../cache/recent-cache.js';
import type { Database } from '../db/schema.js';
import { addressDataVersion } from './data/address-loader.js';
import { lookupAddresses, type AddressLookup } from './address-lookup.repository.js';
import { isEmptyQuery, normaliseQuery, queryKey, type NormalisedQuery } from './address-query.js';
import { answerQuery, type QueryFindings } from './answer-query.js';
import { GazetteerPlaces } from './gazetteer-places.js';
import { NOT_FOUND, type AddressQuery, type GeocodeOptions, type GeocodeResult, type Geocoder } from './geocoder.js';

/** Distinct queries of one SQL statement: its JSON stays under a megabyte, its run under a second. */
const MAX_ROWS = 2_000;
/** Answers kept: a few hundred bytes each. */
const CACHE_ENTRIES = 50_000;

export interface OfflineGeocoderOptions {
  /** 0: no cache (the bench's baseline). */
  cacheEntries?: number;
}

export class OfflineGeocoder implements Geocoder {
  readonly name = 'builtin';
  private readonly places: GazetteerPlaces | undefined;
  private readonly cacheEntries: number;
  private cache: RecentCache<GeocodeResult>;
  /** The address data version the cached answers were computed on. */
  private cacheVersion: number | undefined;

  constructor(private readonly db: Kysely<Database>, gazetteer: Gazetteer | undefined, options: OfflineGeocoderOptions = {}) {
    this.places = gazetteer ? new GazetteerPlaces(gazetteer) : undefined;
    this.cacheEntries = options.cacheEntries ?? CACHE_ENTRIES;
    this.cache = new RecentCache(this.cacheEntries);
  }

  async geocode(batch: readonly AddressQuery[], options: GeocodeOptions = {}): Promise<GeocodeResult[]> {
    const total = batch.length;
    const queries = batch.map(normaliseQuery);
    const keys = queries.map(queryKey);
    const distinct = new Map(keys.map((key, i) => [key, queries[i]!]));
    const answers = new Map<string, GeocodeResult>();
    const cached: string[] = [];
    const toAsk = new Map<string, NormalisedQuery>();
    for (const [key, query] of distinct) {
      if (isEmptyQuery(query)) {
        answers.set(key, NOT_FOUND);
        continue;
      }
      const answer = this.cache.get(key);
      if (answer) {
        answers.set(key, answer);
        cached.push(key);
      } else {
        toAsk.set(key, query);
      }
    }
    const progress = () => options.onProgress?.(keys.filter((key) => answers.has(key)).length, total);
    progress();
    const version = toAsk.size > 0 ? await this.lookUp(toAsk, answers, options.signal, progress) : await addressDataVersion(this.db);
    if (version !== this.cacheVersion) {
      // The cached answers were given on other data: forget them all, and ask again for this batch's.
      this.cache = new RecentCache(this.cacheEntries);
      this.cacheVersion = version;
      if (cached.length > 0) {
        const again = new Map(cached.map((key) => [key, distinct.get(key)!]));
        for (const key of cached) answers.delete(key);
        await this.lookUp(again, answers, options.signal, progress);
        for (const [key, query] of again) toAsk.set(key, query);
      }
    }
    for (const key of toAsk.keys()) this.cache.set(key, answers.get(key)!);
    return keys.map((key) => answers.get(key)!);
  }

  /** Looks the queries up, MAX_ROWS to a statement; returns the data version they were answered on. */
  private async lookUp(queries: Map<string, NormalisedQuery>, answers: Map<string, GeocodeResult>, signal: AbortSignal | undefined, progress: () => void): Promise<number> {
    const entries = [...queries];
    let version = 0;
    for (let start = 0; start < entries.length; start += MAX_ROWS) {
      signal?.throwIfAborted();
      const chunk = entries.slice(start, start + MAX_ROWS);
      const lookup = await lookupAddresses(this.db, chunk.map(([, query]) => query));
      version = lookup.version;
      const findings = findingsByQuery(lookup);
      for (const [i, [key, query]] of chunk.entries()) answers.set(key, answerQuery(query, findings(i, query), this.places));
      progress();
    }
    return version;
  }
}

/** What the lookup found for each query, grouped once. */
function findingsByQuery(lookup: AddressLookup): (i: number, query: NormalisedQuery) => QueryFindings {
  const streets = groupBy(lookup.streets, (street) => street.i);
  const areaKey = (country: string | null, key: string | null) => `${country ?? ''}\u0000${key ?? ''}`;
  const postcodes = groupBy(lookup.postcodes, (area) => areaKey(area.query_country, area.key));
  const cities = groupBy(lookup.cities, (area) => areaKey(area.query_country, area.key));
  return (i, query) => ({
    streets: streets.get(i) ?? [],
    postcodes: query.postcodeKey ? postcodes.get(areaKey(query.country, query.postcodeKey)) ?? [] : [],
    cities: query.cityKey ? cities.get(areaKey(query.country, query.cityKey)) ?? [] : [],
  });
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
