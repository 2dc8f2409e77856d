-- Request counts of the rate limits (@fastify/rate-limit with http/database-rate-limit-store.ts),
-- kept here so that every API process on this database counts against the same limits.
-- `limiter` names the limit (the route's method and path, or a limiter of its own), `key` who is
-- counted (an address, a claimed client, a user); a window starts at the first request and the
-- count starts again at the first request after `window_ends_at`.
-- UNLOGGED: counts are worth no write-ahead log; a database crash empties the table, which only
-- gives clients a fresh window.
CREATE UNLOGGED TABLE rate_limit_counters (
  limiter text NOT NULL,
  key text NOT NULL,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL,
  PRIMARY KEY (limiter, key)
);
-- Expired counters are swept by their end.
CREATE INDEX rate_limit_counters_window_ends_at_idx ON rate_limit_counters (window_ends_at);
