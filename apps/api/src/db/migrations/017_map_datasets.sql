-- Own data on maps (SPEC §7 Map datasets): which of its users' datasets a map shows, in what order.
-- `maps.datasets_version` is the version of a map's list of datasets: every write to the list moves
-- it on, and a write based on an older one is refused with 409 (another tab or browser changed it).
ALTER TABLE maps ADD COLUMN datasets_version integer NOT NULL DEFAULT 1;
CREATE TABLE map_datasets (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  -- A dataset deleted by its owner leaves every map.
  dataset_id integer NOT NULL REFERENCES client_datasets (id) ON DELETE CASCADE,
  -- Fractional position in the map's list, as for areas, folders and searches.
  position double precision NOT NULL,
  hidden boolean NOT NULL DEFAULT false,
  -- This map's column for sums and averages; null: the dataset's own operation_column.
  operation_column text,
  -- Who put it on the map (the dataset's owner, an editor of the map).
  added_by integer REFERENCES clients (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (map_id, dataset_id)
);
CREATE INDEX map_datasets_map ON map_datasets (map_id, position);
CREATE INDEX map_datasets_dataset ON map_datasets (dataset_id);
