-- Own data: files uploaded for import (SPEC §7 Data files). The file and its rows read once as JSON
-- lines live in DATA_DIR/uploads under the id; this row says whose it is and what was read. A file
-- not imported within DATA_FILE_LIFETIME_HOURS is deleted with its row. See apps/api/src/datasets/.
CREATE TABLE data_files (
  id uuid PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  filename text NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  encoding text,
  delimiter text,
  size_bytes integer NOT NULL,
  -- The column names, and the headers that were empty or repeated with the names they were given.
  columns jsonb NOT NULL,
  renamed_columns jsonb NOT NULL,
  row_count integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_files_client ON data_files (client_id, created_at);
CREATE INDEX data_files_created ON data_files (created_at);
