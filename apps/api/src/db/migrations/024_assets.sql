-- Report images (SPEC §3 Project asset, §7 assets): pictures an account uploads for its
-- market-study reports (apps/api/src/assets). Like the organisation's logo, the bytes live in the
-- database, not in DATA_DIR: every API process and the report renderer read the same ones, and
-- they go with the account in backups and deletions. Each is a JPEG or PNG of at most 5 MB, checked
-- from its bytes before it is written; an account keeps at most MAX_ASSETS_PER_ACCOUNT of them.
CREATE TABLE assets (
  id uuid PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  content bytea NOT NULL,
  byte_length integer NOT NULL CHECK (byte_length > 0 AND byte_length <= 5242880),
  width_pixels integer NOT NULL CHECK (width_pixels > 0),
  height_pixels integer NOT NULL CHECK (height_pixels > 0),
  -- Hex SHA-256 of the content: the image's ETag.
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The account's list, newest first.
CREATE INDEX assets_client_idx ON assets (client_id, created_at DESC, id);
