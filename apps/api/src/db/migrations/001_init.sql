-- Accounts, sessions, maps, folders (layers) and areas.
CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TABLE clients (
  id serial PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  company text,
  company_sector text,
  phone text,
  country text,
  referrer text,
  product text NOT NULL DEFAULT 'default',
  last_accessed_map_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX clients_email_key ON clients (lower(email));

CREATE TABLE sessions (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  fingerprint text,
  lng double precision,
  lat double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE INDEX sessions_client_idx ON sessions (client_id);

CREATE TABLE maps (
  id serial PRIMARY KEY,
  access_id text NOT NULL UNIQUE,
  owner_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  title text NOT NULL,
  public boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  selected_uuid uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX maps_owner_idx ON maps (owner_id, updated_at DESC);

-- Users a map is shared with (members can edit it).
CREATE TABLE map_clients (
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (map_id, client_id)
);

CREATE TABLE folders (
  uuid uuid PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  label text NOT NULL,
  closed boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT false,
  position double precision NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX folders_map_idx ON folders (map_id, position);

CREATE TABLE areas (
  uuid uuid PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  folder_uuid uuid NOT NULL REFERENCES folders (uuid) ON DELETE CASCADE,
  label text NOT NULL,
  color text NOT NULL,
  hide boolean NOT NULL DEFAULT false,
  iso_mode text NOT NULL,
  transport_mode text,
  operation text,
  distance integer,
  duration integer,
  departure_date timestamptz,
  start_address text,
  start_point geometry(Point, 4326),
  unit_kind text,
  unit_codes text[],
  geometry geometry(Geometry, 4326) NOT NULL CHECK (ST_IsValid(geometry) AND GeometryType(geometry) IN ('POLYGON', 'MULTIPOLYGON')),
  hash text NOT NULL,
  position double precision NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX areas_folder_idx ON areas (folder_uuid, position);
CREATE INDEX areas_map_idx ON areas (map_id);
CREATE INDEX areas_geometry_idx ON areas USING gist (geometry);
