-- The single-use tokens of the account e-mails' links (accounts/account-tokens.repository.ts):
-- verifying the sign-up's address, resetting a forgotten password, confirming a new address. Only
-- a hash of each token is kept, as for sessions: a leaked table opens no link. A token is spent by
-- setting used_at, also when a newer token of the same purpose makes it void.
CREATE TABLE account_tokens (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password', 'change_email')),
  token_hash text NOT NULL UNIQUE,
  -- The address an e-mail change moves to; only change_email tokens have one.
  new_email text CHECK ((purpose = 'change_email') = (new_email IS NOT NULL)),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_tokens_client_idx ON account_tokens (client_id, purpose, created_at);
-- Spent and expired tokens are swept by age.
CREATE INDEX account_tokens_expires_at_idx ON account_tokens (expires_at);

-- Sessions end after SESSION_IDLE_DAYS without use, besides their absolute expiry: last_used_at
-- is moved on by requests, at most once a minute. password_confirmed_at: when the user last typed
-- the password again in this session (POST /Clients/verify/password), which an e-mail change needs.
ALTER TABLE sessions
  ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN password_confirmed_at timestamptz;
