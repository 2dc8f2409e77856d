-- App keys (SPEC §3 User appKeys, §7 Appkeys calls): see apps/api/src/appkeys/.
-- The key is kept as issued, not hashed: the account reads it back on its profile to put it in a
-- partner's page, where it is public anyway; revoking it is the answer to a key that leaked.
CREATE TABLE app_keys (
  id serial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('demo', 'paid')),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
-- One live key of each kind per account: two requests issuing the missing key at once make one.
CREATE UNIQUE INDEX app_keys_live_kind ON app_keys (client_id, kind) WHERE revoked_at IS NULL;

-- Calls answered per key, month (`YYYY-MM`, UTC) and call (`business`, `extractor/fr_cities`, …):
-- what the account sees on its profile, and what monthly quotas are checked against.
CREATE TABLE app_key_usage (
  app_key_id integer NOT NULL REFERENCES app_keys (id) ON DELETE CASCADE,
  month text NOT NULL,
  call text NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  PRIMARY KEY (app_key_id, month, call)
);
