-- Own data: an account's datasets (SPEC §3 Client dataset) and their rows. See apps/api/src/datasets/.
CREATE TABLE client_datasets (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  name text NOT NULL,
  color text NOT NULL,
  -- 'file' (CSV or XLSX upload) or 'hubspot' (a synchronised CRM list).
  source text NOT NULL,
  columns jsonb NOT NULL,
  -- The numeric column aggregated by default (sum, average), if any.
  operation_column text,
  -- 'importing' while its rows are read and placed (progress 0–1), then 'ready', or 'failed' (error).
  status text NOT NULL DEFAULT 'importing' CHECK (status IN ('importing', 'ready', 'failed')),
  progress real NOT NULL DEFAULT 0,
  error text,
  row_count integer NOT NULL DEFAULT 0,
  point_count integer NOT NULL DEFAULT 0,
  not_geocoded_count integer NOT NULL DEFAULT 0,
  -- Placed rows per precision: {"coordinates": 742} or {"housenumber": 790, "street": 5, …}.
  precisions jsonb NOT NULL DEFAULT '{}',
  -- Moves on with every change of its rows: aggregations are cached by it.
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_datasets_client ON client_datasets (client_id);

CREATE TABLE client_dataset_rows (
  id bigserial PRIMARY KEY,
  dataset_id integer NOT NULL REFERENCES client_datasets (id) ON DELETE CASCADE,
  -- 1-based, in the file's order (the "rows not geocoded" report names them so).
  row_number integer NOT NULL,
  cells jsonb NOT NULL,
  -- null: not placed (no coordinates, address not found).
  position geometry(Point, 4326),
  -- How it was placed: 'coordinates', or the geocoder's 'housenumber', 'street', 'postcode', 'city'.
  precision text
);
CREATE INDEX client_dataset_rows_dataset ON client_dataset_rows (dataset_id, row_number);
CREATE INDEX client_dataset_rows_position ON client_dataset_rows USING gist (position) WHERE position IS NOT NULL;
