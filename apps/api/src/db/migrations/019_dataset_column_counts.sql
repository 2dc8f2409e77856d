-- Which columns of a dataset hold numbers (offered for sums and averages): per column, in the
-- columns' order, its filled cells and how many of them are numbers, [{"filled": 742, "numbers": 742}, …]
-- (apps/api/src/datasets/column-counts.ts). Counted at import and at each CRM synchronisation,
-- added to when rows are added. Datasets already there are counted now, numbers read as the import
-- reads them: spaces removed, then a decimal point or comma.
ALTER TABLE client_datasets ADD COLUMN column_counts jsonb NOT NULL DEFAULT '[]';

UPDATE client_datasets d SET column_counts = coalesce((
  SELECT jsonb_agg(jsonb_build_object('filled', counted.filled, 'numbers', counted.numbers) ORDER BY counted.i)
  FROM (
    SELECT c.i,
      count(*) FILTER (WHERE cell.v <> '') AS filled,
      count(*) FILTER (WHERE cell.v ~ '^[+-]?([0-9]+([.,][0-9]*)?|[.,][0-9]+)$') AS numbers
    FROM jsonb_array_elements_text(d.columns) WITH ORDINALITY AS c(name, i)
    LEFT JOIN LATERAL (
      SELECT regexp_replace(coalesce(r.cells->>(c.i::int - 1), ''), '[[:space:]\u00a0\u2007\u202f]+', '', 'g') AS v
      FROM client_dataset_rows r WHERE r.dataset_id = d.id
    ) cell ON true
    GROUP BY c.i
  ) counted
), '[]'::jsonb);
