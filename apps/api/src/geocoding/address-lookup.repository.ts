/**
 * The built-in geocoder's one query per batch: for every query, the live streets of its postcode
 * or town with its street's key, or when there is none, those whose key is close to it (pg_trgm
 * similarity, so a misspelt name is still found), each with the query's house number on it when
 * the data has it; and for every postcode
 * and town of the batch, the position of its addresses (the mean of its streets', weighted by
 * their addresses), for the rows the gazetteer cannot place. With the address data version, which
 * the cache of answers keys on.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { NormalisedQuery } from './address-query.js';

/** Below this trigram similarity a street is not even a candidate (street-similarity.ts decides among them). */
const CANDIDATE_SIMILARITY = 0.2;
/** The closest streets looked at per query. */
const CANDIDATES_PER_QUERY = 8;

export interface StreetCandidate {
  /** Index of the query in the lookup's list. */
  i: number;
  country: string;
  street: string;
  street_key: string;
  postcode: string | null;
  postcode_key: string | null;
  city: string | null;
  city_key: string | null;
  addresses: number;
  /** The street's position: the mean of its addresses'. */
  lon: number;
  lat: number;
  /** pg_trgm similarity of its key to the query's. */
  similarity: number;
  /** The query's house number on this street, when the data has it. */
  housenumber: string | null;
  house_lon: number | null;
  house_lat: number | null;
}

/** The addresses of a postcode or a town, for the query country (null: any) that asked. */
export interface AreaOfAddresses {
  query_country: string | null;
  key: string;
  country: string;
  postcode: string | null;
  city: string | null;
  addresses: number;
  lon: number;
  lat: number;
}

export interface AddressLookup {
  version: number;
  streets: StreetCandidate[];
  postcodes: AreaOfAddresses[];
  cities: AreaOfAddresses[];
}

export async function lookupAddresses(db: Kysely<Database>, queries: readonly NormalisedQuery[]): Promise<AddressLookup> {
  const rows = queries.map((query, i) => ({
    i, country: query.country, street_key: query.streetKey, housenumber_key: query.housenumberKey, postcode_key: query.postcodeKey, city_key: query.cityKey,
  }));
  const { rows: [answer] } = await sql<{ version: string; streets: StreetCandidate[]; postcodes: AreaOfAddresses[]; cities: AreaOfAddresses[] }>`
    WITH q AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS q(i int, country text, street_key text, housenumber_key text, postcode_key text, city_key text)
    ), streets AS (
      SELECT q.i, s.*, h.housenumber, h.house_lon, h.house_lat
      FROM q
      CROSS JOIN LATERAL (
        -- The street of the same key: when the locality has it, it is the answer (street-similarity.ts
        -- scores every other name below it), and no name needs comparing.
        SELECT s.country, s.street, s.street_key, s.postcode, s.postcode_key, s.city, s.city_key, s.addresses,
          ST_X(s.position) AS lon, ST_Y(s.position) AS lat, 1::real AS similarity
        FROM live_address_streets s
        WHERE s.street_key = q.street_key AND (s.postcode_key = q.postcode_key OR s.city_key = q.city_key)
          AND (q.country IS NULL OR s.country = q.country)
        UNION ALL
        (
          SELECT s.country, s.street, s.street_key, s.postcode, s.postcode_key, s.city, s.city_key, s.addresses,
            ST_X(s.position) AS lon, ST_Y(s.position) AS lat, similarity(s.street_key, q.street_key) AS similarity
          FROM live_address_streets s
          WHERE NOT EXISTS (
              SELECT 1 FROM live_address_streets same
              WHERE same.street_key = q.street_key AND (same.postcode_key = q.postcode_key OR same.city_key = q.city_key)
                AND (q.country IS NULL OR same.country = q.country))
            AND (s.postcode_key = q.postcode_key OR s.city_key = q.city_key)
            AND (q.country IS NULL OR s.country = q.country)
            AND similarity(s.street_key, q.street_key) >= ${CANDIDATE_SIMILARITY}
          ORDER BY similarity DESC, s.addresses DESC
          LIMIT ${CANDIDATES_PER_QUERY}
        )
      ) s
      LEFT JOIN LATERAL (
        SELECT a.housenumber, ST_X(a.position) AS house_lon, ST_Y(a.position) AS house_lat
        FROM live_addresses a
        WHERE a.street_key = s.street_key AND a.housenumber_key = q.housenumber_key AND a.country = s.country
          AND coalesce(a.postcode_key, '') = coalesce(s.postcode_key, '') AND coalesce(a.city_key, '') = coalesce(s.city_key, '')
        ORDER BY a.id
        LIMIT 1
      ) h ON true
      WHERE q.street_key IS NOT NULL
    ), postcodes AS (
      SELECT wanted.country AS query_country, wanted.postcode_key AS key, area.*
      FROM (SELECT DISTINCT country, postcode_key FROM q WHERE postcode_key IS NOT NULL) wanted
      CROSS JOIN LATERAL (
        SELECT s.country, min(s.postcode) AS postcode, mode() WITHIN GROUP (ORDER BY s.city) AS city, sum(s.addresses)::int AS addresses,
          sum(ST_X(s.position) * s.addresses) / sum(s.addresses) AS lon, sum(ST_Y(s.position) * s.addresses) / sum(s.addresses) AS lat
        FROM live_address_streets s
        WHERE s.postcode_key = wanted.postcode_key AND (wanted.country IS NULL OR s.country = wanted.country)
        GROUP BY s.country
      ) area
    ), cities AS (
      SELECT wanted.country AS query_country, wanted.city_key AS key, area.*
      FROM (SELECT DISTINCT country, city_key FROM q WHERE city_key IS NOT NULL) wanted
      CROSS JOIN LATERAL (
        SELECT s.country, NULL::text AS postcode, mode() WITHIN GROUP (ORDER BY s.city) AS city, sum(s.addresses)::int AS addresses,
          sum(ST_X(s.position) * s.addresses) / sum(s.addresses) AS lon, sum(ST_Y(s.position) * s.addresses) / sum(s.addresses) AS lat
        FROM live_address_streets s
        WHERE s.city_key = wanted.city_key AND (wanted.country IS NULL OR s.country = wanted.country)
        GROUP BY s.country
      ) area
    )
    SELECT (SELECT version FROM address_data_state) AS version,
      coalesce((SELECT json_agg(streets) FROM streets), '[]'::json) AS streets,
      coalesce((SELECT json_agg(postcodes) FROM postcodes), '[]'::json) AS postcodes,
      coalesce((SELECT json_agg(cities) FROM cities), '[]'::json) AS cities`.execute(db);
  return { version: Number(answer!.version), streets: answer!.streets, postcodes: answer!.postcodes, cities: answer!.cities };
}
