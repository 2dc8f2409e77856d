-- login_failures counts per claimed client (auth/client-identity.ts): the socket's address and what
-- the client said about itself in X-Forwarded-For, which is no longer a plain address. The index on
-- (account_key, address, failed_at) follows the column.
ALTER TABLE login_failures RENAME COLUMN address TO client;
