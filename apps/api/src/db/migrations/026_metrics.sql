-- Indicators of a map (SPEC §3 Metric: name, symbol, formula; §7 metrics). See apps/api/src/metrics/.
-- `maps.metrics_version` is the version of a map's list of indicators: every write to the list moves
-- it on, and the map's viewers are told it (real-time list-sync `metricsVersion`) to refetch the list.
ALTER TABLE maps ADD COLUMN metrics_version integer NOT NULL DEFAULT 1;
CREATE TABLE map_metrics (
  id uuid PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  name text NOT NULL,
  symbol text NOT NULL,
  -- The formula's tokens as the editor built them (packages/domain metrics/formula.ts), parsed on
  -- every read: the one parser decides what a formula means. Measures name searches, datasets and
  -- indicators of the same map by id.
  formula jsonb NOT NULL,
  -- Fractional position in the map's list, as for areas, searches and datasets.
  position double precision NOT NULL,
  created_by integer REFERENCES clients (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX map_metrics_map ON map_metrics (map_id, position);
