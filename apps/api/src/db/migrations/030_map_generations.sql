-- Automatic map generation (SPEC §7 POST /v2/maps/generate; apps/api/src/generation/): one row per
-- generation, read by its page while the job (queue `map-generation`) fills the map. `rows` is the
-- list the areas are made from, taken when the request came (a dataset changed or deleted later
-- does not change the generation). `processed` rows were dealt with, `created` areas made,
-- `failures` the rows without an area and why; a retried job starts again after `processed`.
CREATE TABLE map_generations (
  id uuid PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  map_id integer REFERENCES maps (id) ON DELETE SET NULL,
  folder_uuid uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('waiting', 'running', 'done', 'failed')),
  recipe jsonb NOT NULL,
  rows jsonb NOT NULL,
  total integer NOT NULL,
  processed integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  failures jsonb NOT NULL DEFAULT '[]',
  error text,
  -- The queue's job doing the work, to tell a lost job from a slow one; null when run in the process.
  job_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX map_generations_client ON map_generations (client_id, created_at DESC);
