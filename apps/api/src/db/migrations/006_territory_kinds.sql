-- What each kind of unit holds (counts, points, sources), rebuilt with the other derived tables
-- when an import goes live: counting the live units at request time took seconds at the scale of
-- France's IRIS, and held the embedded database meanwhile.
CREATE TABLE territory_kind_summary (
  kind text PRIMARY KEY,
  units integer NOT NULL,
  points integer NOT NULL,
  sources text[] NOT NULL
);
INSERT INTO territory_kind_summary (kind, units, points, sources)
SELECT u.kind, count(*)::int, count(*) FILTER (WHERE u.is_point)::int, array_agg(DISTINCT d.source ORDER BY d.source)
FROM live_territory_units u JOIN territory_datasets d ON d.id = u.dataset_id
GROUP BY u.kind;
