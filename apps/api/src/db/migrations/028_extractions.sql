-- The city/postcode extractor (SPEC §9; apps/api/src/extractor/).
--
-- A paid key's extractions of a month: reserved one at a time by a conditional upsert before the
-- extraction is computed, so that two requests racing for the last one cannot both have it (and
-- handed back when the extraction fails). Not kept in app_key_usage, which counts calls answered.
CREATE TABLE app_key_extractions (
  app_key_id integer NOT NULL REFERENCES app_keys (id) ON DELETE CASCADE,
  month text NOT NULL,
  extractions integer NOT NULL,
  PRIMARY KEY (app_key_id, month)
);

-- A key's most recent extractions as answered (15, the oldest evicted): shared by every API
-- process. `request_hash` names the request and the territorial data version it was computed on.
CREATE TABLE extraction_cache (
  app_key_id integer NOT NULL REFERENCES app_keys (id) ON DELETE CASCADE,
  request_hash text NOT NULL,
  items jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (app_key_id, request_hash)
);
CREATE INDEX extraction_cache_age ON extraction_cache (app_key_id, created_at);
