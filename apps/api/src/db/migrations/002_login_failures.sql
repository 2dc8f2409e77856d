-- Wrong passwords given to /auth/login (and attempts still being checked), so that every API
-- process on this database throttles password guessing with the same counts (auth/login-throttle.ts).
-- account_key is a hash of the lower-cased e-mail: unknown e-mails are throttled like accounts,
-- without storing whatever a client typed.
CREATE TABLE login_failures (
  id uuid PRIMARY KEY,
  account_key text NOT NULL,
  address text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_account_idx ON login_failures (account_key, address, failed_at);
-- Expired rows are swept by age.
CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at);
