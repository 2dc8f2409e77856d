-- Territorial data of record: datasets, their units (boundary or position, values per measure),
-- the units cut into small parts for the spatial index, what is derived from them, and caches
-- shared by every API process. See apps/api/src/territories/data/.

-- One row per dataset (the demo's, or an import: `fr-communes--communes-06-alpes-maritimes`).
-- `version` names the units that are live: an import writes its units under a new version, out
-- of sight, then moves `version` in one short transaction (all-or-nothing, seen by every process
-- at once); the units of earlier versions are deleted afterwards.
CREATE TABLE territory_datasets (
  id text PRIMARY KEY,
  source text NOT NULL,
  files jsonb NOT NULL,
  kinds text[] NOT NULL,
  units integer NOT NULL,
  -- Of the units as imported: importing the same data again changes nothing.
  content_hash text NOT NULL,
  version bigint NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);

-- Versions of imports, increasing.
CREATE SEQUENCE territory_version_seq;
-- The data version: moved on (to a new value of the sequence) by every import that goes live and
-- every dataset removed, in the same transaction; the caches of results key on it.
CREATE TABLE territory_data_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL
);
INSERT INTO territory_data_state (version) VALUES (0);

CREATE TABLE territory_units (
  id bigserial PRIMARY KEY,
  dataset_id text NOT NULL,
  version bigint NOT NULL,
  -- 0 for the demo's units, 1 for imported ones: an imported unit replaces the demo's unit of the
  -- same kind and code (a commune's boundary replaces its point); among imports, the latest wins.
  precedence smallint NOT NULL,
  kind text NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  -- The name folded for search (lower case, no accents, no punctuation).
  name_key text NOT NULL,
  country text NOT NULL,
  parent_kind text,
  parent_code text,
  related text[],
  geometry geometry(Geometry, 4326) NOT NULL,
  is_point boolean NOT NULL,
  area_m2 double precision NOT NULL,
  label_point geometry(Point, 4326) NOT NULL,
  -- Measure values by key; a measure without data is absent, not zero.
  measures jsonb NOT NULL
);
CREATE INDEX territory_units_kind_code ON territory_units (kind, code);
CREATE INDEX territory_units_dataset_version ON territory_units (dataset_id, version);
CREATE INDEX territory_units_parent ON territory_units (parent_kind, parent_code);
CREATE INDEX territory_units_name_key ON territory_units (kind, name_key text_pattern_ops);

-- Units cut into parts of at most a few hundred points (ST_Subdivide): the index finds the few
-- parts an area meets instead of whole départements' boundaries.
CREATE TABLE territory_unit_parts (
  unit_id bigint NOT NULL REFERENCES territory_units (id) ON DELETE CASCADE,
  kind text NOT NULL,
  geometry geometry(Geometry, 4326) NOT NULL
);
CREATE INDEX territory_unit_parts_geometry ON territory_unit_parts USING gist (geometry);
CREATE INDEX territory_unit_parts_unit ON territory_unit_parts (unit_id);

-- The units in use: of the live version of their dataset, and not replaced by a unit of the same
-- kind and code from a dataset that takes precedence.
CREATE VIEW live_territory_units AS
SELECT u.* FROM territory_units u
JOIN territory_datasets d ON d.id = u.dataset_id AND d.version = u.version
WHERE NOT EXISTS (
  SELECT 1 FROM territory_units o
  JOIN territory_datasets od ON od.id = o.dataset_id AND od.version = o.version
  WHERE o.kind = u.kind AND o.code = u.code AND o.id <> u.id
    AND (o.precedence, o.version) > (u.precedence, u.version)
);

-- Derived from the live units after each import (in the same transaction):
-- a unit is left out of a measure's figure when a finer unit nesting in it has that measure;
CREATE TABLE territory_finer_data (
  kind text NOT NULL,
  code text NOT NULL,
  measure text NOT NULL,
  PRIMARY KEY (kind, code, measure)
);
-- a worldwide unit (GeoNames city) is left out where a national kind has the measure.
CREATE TABLE territory_national_data (
  country text NOT NULL,
  measure text NOT NULL,
  PRIMARY KEY (country, measure)
);

-- Results shared by every API process, keyed by the data version they were computed from.
CREATE TABLE territory_statistics_cache (
  area_hash text NOT NULL,
  data_version bigint NOT NULL,
  result jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (area_hash, data_version)
);
CREATE TABLE territory_union_cache (
  key text NOT NULL,
  data_version bigint NOT NULL,
  geometry jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, data_version)
);
CREATE TABLE territory_tiles (
  kind text NOT NULL,
  data_version bigint NOT NULL,
  z integer NOT NULL,
  x integer NOT NULL,
  y integer NOT NULL,
  -- NULL: nothing to draw there.
  tile bytea,
  PRIMARY KEY (kind, data_version, z, x, y)
);
