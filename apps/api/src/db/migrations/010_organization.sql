-- The organisation an account presents in its market-study reports (SPEC §7 organization/
-- configuration): its name, the reports' colours, a contact line and a website; and its logo.
-- Both are keyed by the account that holds them (client_id); the users of a subscription read its
-- owner's (apps/api/src/organization). Nothing is stored until the user saves something.

CREATE TABLE organization_configurations (
  client_id integer PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
  name text,
  -- #rrggbb in lower case; null: the reports' default colour.
  primary_color text CHECK (primary_color ~ '^#[0-9a-f]{6}$'),
  secondary_color text CHECK (secondary_color ~ '^#[0-9a-f]{6}$'),
  contact text,
  website text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The logo's bytes live in the database, not in DATA_DIR: every API process behind a load balancer
-- reads the same one, and it goes with the account in backups and deletions. At most 5 MB (SPEC §9),
-- checked as a JPEG or PNG before it is written; a new one replaces the row.
CREATE TABLE organization_logos (
  client_id integer PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  content bytea NOT NULL,
  byte_length integer NOT NULL CHECK (byte_length > 0 AND byte_length <= 5242880),
  width_pixels integer NOT NULL CHECK (width_pixels > 0),
  height_pixels integer NOT NULL CHECK (height_pixels > 0),
  -- Hex SHA-256 of the content: the logo URL's version and its ETag.
  sha256 text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
