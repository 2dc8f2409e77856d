-- CRM connections and the lists synchronised from them as datasets (SPEC §3, §4, §7 CRM). See apps/api/src/crm/.
CREATE TABLE crm_connections (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('hubspot')),
  -- The CRM's account the user granted (HubSpot's hub id): connecting it again renews this row.
  remote_account_id text NOT NULL,
  -- OAuth tokens, encrypted (AES-256-GCM, crm/token-cipher.ts); never sent to a browser.
  access_token text NOT NULL,
  refresh_token text NOT NULL,
  access_token_expires_at timestamptz NOT NULL,
  -- 'expired' once the CRM refuses the refresh token: the user connects again (SPEC §4).
  state text NOT NULL DEFAULT 'connected' CHECK (state IN ('connected', 'expired')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, type, remote_account_id)
);

CREATE TABLE crm_synchronized_lists (
  id serial PRIMARY KEY,
  connection_id integer NOT NULL REFERENCES crm_connections (id) ON DELETE CASCADE,
  remote_list_id text NOT NULL,
  name text NOT NULL,
  object_type text NOT NULL CHECK (object_type IN ('contacts', 'companies')),
  -- Which of the records' properties hold the address: {"street": "address", "postcode": "zip", "city": "city", "country": "country"} or {"line": "…"}.
  address_properties jsonb NOT NULL,
  -- The properties copied as the dataset's columns, in order.
  synchronized_properties jsonb NOT NULL,
  -- The dataset the list feeds; the list goes with it.
  dataset_id integer NOT NULL REFERENCES client_datasets (id) ON DELETE CASCADE,
  -- SPEC §4: 'active' while a synchronisation runs, then 'success', 'warning' (some records not placed) or 'failed';
  -- with last_success_at, "failed (or active) after an earlier success".
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'success', 'warning', 'failed')),
  last_success_at timestamptz,
  -- The code of the last failure (SPEC §8 CRM errors), null after a success.
  last_error text,
  record_count integer NOT NULL DEFAULT 0,
  placed_count integer NOT NULL DEFAULT 0,
  not_placed_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (connection_id, remote_list_id)
);
CREATE INDEX crm_connections_client ON crm_connections (client_id);
CREATE INDEX crm_synchronized_lists_dataset ON crm_synchronized_lists (dataset_id);
