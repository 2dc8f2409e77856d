-- Heatmaps (apps/api/src/heatmaps): what every API process shares once one has built it, keyed by
-- the heatmap and the version of the values it was built from (the territorial data version for a
-- census measure). Storing a legend of a newer version removes the heatmap's older legends and tiles.

-- `key`: the values (source, measure or indicator, kind, country, raw or density), the
-- classification and the number of classes.
CREATE TABLE heatmap_legends (
  key text NOT NULL,
  values_key text NOT NULL,
  data_version text NOT NULL,
  legend jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, data_version)
);
CREATE INDEX heatmap_legends_values ON heatmap_legends (values_key);

-- Tiles carry the values, not the classes: one tile serves every classification of the same values.
CREATE TABLE heatmap_tiles (
  values_key text NOT NULL,
  data_version text NOT NULL,
  z integer NOT NULL,
  x integer NOT NULL,
  y integer NOT NULL,
  -- NULL: nothing to draw there.
  tile bytea,
  PRIMARY KEY (values_key, data_version, z, x, y)
);
