-- Which units are live, kept on the unit instead of worked out by every read. The view's anti-join
-- (is a unit of the same kind and code from a dataset taking precedence live?) ran over every unit
-- each time: four times per import going live, to rebuild the derived tables, so importing 163
-- communes beside the demo's 210,000 units took 35 to 50 s on the embedded database of a busy machine. An import
-- going live or a dataset removed now settles `live` for the kinds and codes of its own units
-- (territory-derived.ts), in the transaction that moves the dataset's version.
ALTER TABLE territory_units ADD COLUMN live boolean NOT NULL DEFAULT false;

UPDATE territory_units u SET live = true
FROM territory_datasets d
WHERE d.id = u.dataset_id AND d.version = u.version
  AND NOT EXISTS (
    SELECT 1 FROM territory_units o
    JOIN territory_datasets od ON od.id = o.dataset_id AND od.version = o.version
    WHERE o.kind = u.kind AND o.code = u.code AND o.id <> u.id
      AND (o.precedence, o.version) > (u.precedence, u.version)
  );

CREATE INDEX territory_units_live_kind_code ON territory_units (kind, code) WHERE live;

-- The same columns as before, so that what reads the view is unchanged.
CREATE OR REPLACE VIEW live_territory_units AS
SELECT u.id, u.dataset_id, u.version, u.precedence, u.kind, u.code, u.name, u.name_key, u.country,
  u.parent_kind, u.parent_code, u.related, u.geometry, u.is_point, u.area_m2, u.label_point, u.measures
FROM territory_units u
WHERE u.live;
