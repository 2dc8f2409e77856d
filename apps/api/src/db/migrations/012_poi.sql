-- Businesses and points of interest (SPEC §3 POI catalogues, §7 searches): the items of each
-- catalogue as imported (OpenStreetMap POIs, SIRENE establishments), and the business searches
-- saved on maps. See apps/api/src/poi/.

-- One row per import (`osm-pois--andorra`, `sirene--sirene-etablissements-67-bas-rhin-by-iris`).
-- As for territories, an import writes its items under a new version, out of sight, then moves
-- `version` in one short transaction; the items of earlier versions are deleted afterwards.
CREATE TABLE poi_datasets (
  id text PRIMARY KEY,
  source text NOT NULL,
  files jsonb NOT NULL,
  -- The catalogues it feeds (`ad_osm_poi`, `fr_institutions`): an OSM extract across a border
  -- feeds one catalogue per country.
  catalogues text[] NOT NULL,
  items integer NOT NULL,
  content_hash text NOT NULL,
  version bigint NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);

CREATE SEQUENCE poi_version_seq;
-- Moved on by every POI import that goes live and every POI dataset removed, in the same
-- transaction; caches of counts and tiles key on it.
CREATE TABLE poi_data_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL
);
INSERT INTO poi_data_state (version) VALUES (0);

CREATE TABLE poi_items (
  id bigserial PRIMARY KEY,
  dataset_id text NOT NULL,
  version bigint NOT NULL,
  -- `{country}_osm_poi` or `fr_institutions`.
  catalogue text NOT NULL,
  -- The item in its source: `n123`/`w45`/`r6` for OpenStreetMap, the SIRET, or the row of a file
  -- without identifiers.
  ref text NOT NULL,
  name text,
  -- The name folded for search (lower case, no accents, no punctuation).
  name_key text,
  -- Ids of the category tree (packages/domain poi/), each with its ancestors, so that a search for
  -- a parent category is one array overlap.
  categories text[] NOT NULL,
  -- OpenStreetMap `key=value` of the POI keys (amenity, shop, office, …); empty for SIRENE.
  tags text[] NOT NULL,
  -- NAF rév. 2 sub-class without its dot (`5610A`) and SIRENE headcount band (`00`…`53`, `NN`).
  naf text,
  headcount text,
  brand text,
  address text,
  opening_hours text,
  website text,
  -- What else the source says (cuisine, activity label, size label…), shown in the item's detail.
  details jsonb NOT NULL DEFAULT '{}',
  country text NOT NULL,
  -- NULL for an establishment the source places by its IRIS only: counted by the share of its
  -- IRIS inside an area, never given an invented position.
  position geometry(Point, 4326),
  iris text,
  CHECK (position IS NOT NULL OR iris IS NOT NULL)
);
CREATE INDEX poi_items_position ON poi_items USING gist (position);
CREATE INDEX poi_items_dataset_version ON poi_items (dataset_id, version);
CREATE INDEX poi_items_catalogue_iris ON poi_items (catalogue, iris) WHERE position IS NULL;
CREATE INDEX poi_items_categories ON poi_items USING gin (categories);
CREATE INDEX poi_items_tags ON poi_items USING gin (tags);
CREATE INDEX poi_items_name_key ON poi_items (catalogue, name_key text_pattern_ops);

-- The items in use: of the live version of their dataset.
CREATE VIEW live_poi_items AS
SELECT i.* FROM poi_items i
JOIN poi_datasets d ON d.id = i.dataset_id AND d.version = i.version;

-- Business searches saved on a map (SPEC §3 Search). `maps.searches_version` is the version of a
-- map's list of searches: every write to its searches moves it on, and a write based on an older
-- one is refused with 409 (another tab or browser changed the searches meanwhile).
ALTER TABLE maps ADD COLUMN searches_version integer NOT NULL DEFAULT 1;
CREATE TABLE poi_searches (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  -- Who created it: the free plan's "first search only" counts a user's searches.
  created_by integer REFERENCES clients (id) ON DELETE SET NULL,
  dataset_name text NOT NULL,
  categories text[] NOT NULL DEFAULT '{}',
  names text[] NOT NULL DEFAULT '{}',
  naf_codes text[] NOT NULL DEFAULT '{}',
  headcounts text[] NOT NULL DEFAULT '{}',
  label text,
  color text NOT NULL,
  -- Fractional position in the map's list, as for areas and folders.
  position double precision NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX poi_searches_map ON poi_searches (map_id, position);
CREATE INDEX poi_searches_created_by ON poi_searches (created_by);
