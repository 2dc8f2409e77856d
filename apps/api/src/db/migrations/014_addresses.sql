-- Postal addresses for the built-in geocoder (apps/api/src/geocoding): the addresses of
-- OpenStreetMap extracts (`npm run data -- import osm-addresses`), and their streets.

-- Trigram similarity (similarity()) for the fuzzy match of street names. A trusted extension
-- since PostgreSQL 13: the database's owner may create it; PGlite loads it with PostGIS.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One row per import (`osm-addresses--north-bayreuth`). As for territories and businesses, an
-- import writes its rows under a new version, out of sight, then moves `version` in one short
-- transaction; the rows of earlier versions are deleted afterwards.
CREATE TABLE address_datasets (
  id text PRIMARY KEY,
  source text NOT NULL,
  files jsonb NOT NULL,
  -- Lower-case ISO codes of the countries its addresses are in.
  countries text[] NOT NULL,
  addresses integer NOT NULL,
  streets integer NOT NULL,
  content_hash text NOT NULL,
  version bigint NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);

CREATE SEQUENCE address_version_seq;
-- Moved on by every address import that goes live and every address dataset removed, in the same
-- transaction; the geocoders' caches of recent answers key on it.
CREATE TABLE address_data_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL
);
INSERT INTO address_data_state (version) VALUES (0);

-- One row per house number. The *_key columns are the forms queries are compared in
-- (packages/geodata text/address-keys.ts): street names with their words and abbreviations
-- folded and run together, house numbers without spaces, postcodes without spaces, town names as
-- place names are folded.
CREATE TABLE addresses (
  id bigserial PRIMARY KEY,
  dataset_id text NOT NULL,
  version bigint NOT NULL,
  -- The object in its source: `n123`, `w45`, `r6`.
  ref text NOT NULL,
  country text NOT NULL,
  street text NOT NULL,
  street_key text NOT NULL,
  housenumber text NOT NULL,
  housenumber_key text NOT NULL,
  postcode text,
  postcode_key text,
  city text,
  city_key text,
  -- The node, or a point inside the building or area.
  position geometry(Point, 4326) NOT NULL
);
-- A house number on one street of one postcode and town (the street's row in address_streets):
-- the same street name and number recur from town to town, so the locality is in the index too.
CREATE INDEX addresses_street_housenumber ON addresses (street_key, housenumber_key, country, (coalesce(postcode_key, '')), (coalesce(city_key, '')));
CREATE INDEX addresses_dataset_version ON addresses (dataset_id, version);

-- One row per street of a town and postcode (country, postcode, town and street keys), written
-- by the import with its addresses: the street's position is the mean of its addresses' (what a
-- query whose house number is unknown gets), and its addresses' count weighs it in the position
-- of its postcode or town when the gazetteer lacks them.
CREATE TABLE address_streets (
  id bigserial PRIMARY KEY,
  dataset_id text NOT NULL,
  version bigint NOT NULL,
  country text NOT NULL,
  street text NOT NULL,
  street_key text NOT NULL,
  postcode text,
  postcode_key text,
  city text,
  city_key text,
  addresses integer NOT NULL,
  position geometry(Point, 4326) NOT NULL
);
-- A query's street is looked for among the streets of its postcode or of its town: by its key
-- first, and only when that finds none, by the similarity of the locality's street names.
CREATE INDEX address_streets_street_postcode ON address_streets (street_key, postcode_key);
CREATE INDEX address_streets_street_city ON address_streets (street_key, city_key);
CREATE INDEX address_streets_postcode ON address_streets (postcode_key);
CREATE INDEX address_streets_city ON address_streets (city_key);
CREATE INDEX address_streets_dataset_version ON address_streets (dataset_id, version);

-- The rows in use: of the live version of their dataset.
CREATE VIEW live_addresses AS
SELECT a.* FROM addresses a
JOIN address_datasets d ON d.id = a.dataset_id AND d.version = a.version;

CREATE VIEW live_address_streets AS
SELECT s.* FROM address_streets s
JOIN address_datasets d ON d.id = s.dataset_id AND d.version = s.version;
