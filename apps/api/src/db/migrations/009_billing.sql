-- Subscriptions and billing: who pays for which plan (subscriptions), who holds a licence of it
-- (subscription_members), what was billed (invoices), the address invoices go to (billing_details),
-- and the payment pages of the built-in test-mode provider (local_checkouts). The plan a user's
-- features come from stays clients.product / product_end_date, which billing keeps in step.

CREATE TABLE subscriptions (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  product text NOT NULL,
  period text NOT NULL CHECK (period IN ('monthly', 'yearly')),
  currency text NOT NULL CHECK (currency IN ('EUR', 'USD')),
  -- active: paid up; past_due: a renewal's invoice is open; ended: over (its members released).
  status text NOT NULL CHECK (status IN ('active', 'past_due', 'ended')),
  -- Users, the owner included (the plan's price covers the first one).
  licences integer NOT NULL DEFAULT 1 CHECK (licences >= 1),
  pin_packs integer NOT NULL DEFAULT 0 CHECK (pin_packs >= 0),
  current_period_start timestamptz NOT NULL,
  -- null: a manual subscription without an end.
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  cancel_reason text CHECK (cancel_reason IN ('other', 'customerService', 'lowQuality', 'missingFeatures', 'switchedService', 'tooComplex', 'tooExpensive', 'unused')),
  cancel_comment text,
  cancelled_at timestamptz,
  -- An upgrade waiting for its payment, and where the user pays it.
  pending_product text,
  pending_period text CHECK (pending_period IN ('monthly', 'yearly')),
  pending_licences integer CHECK (pending_licences >= 1),
  pending_pin_packs integer CHECK (pending_pin_packs >= 0),
  pending_checkout_url text,
  -- A downgrade or change that starts with the next period.
  next_product text,
  next_period text CHECK (next_period IN ('monthly', 'yearly')),
  next_licences integer CHECK (next_licences >= 1),
  next_pin_packs integer CHECK (next_pin_packs >= 0),
  -- Set up by support; the user cannot change it.
  manual boolean NOT NULL DEFAULT false,
  -- Who takes the payments (local, stripe, …; manual for support's) and its identifiers.
  provider text NOT NULL,
  provider_customer_id text,
  provider_subscription_id text,
  has_payment_method boolean NOT NULL DEFAULT false,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((pending_product IS NULL) = (pending_period IS NULL)),
  CHECK ((next_product IS NULL) = (next_period IS NULL))
);
-- One live subscription per owner; ended ones stay for the history (invoices, churn).
CREATE UNIQUE INDEX subscriptions_live_owner_key ON subscriptions (owner_id) WHERE status <> 'ended';
CREATE INDEX subscriptions_owner_idx ON subscriptions (owner_id);
CREATE UNIQUE INDEX subscriptions_provider_key ON subscriptions (provider, provider_subscription_id);

-- The users of a live subscription: its owner (admin) and the others holding a licence (active).
-- A user holds at most one licence; an ended subscription's rows are removed.
CREATE TABLE subscription_members (
  subscription_id integer NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('admin', 'active')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, client_id)
);
CREATE UNIQUE INDEX subscription_members_client_key ON subscription_members (client_id);
CREATE UNIQUE INDEX subscription_members_admin_key ON subscription_members (subscription_id) WHERE role = 'admin';

-- Invoice numbers of the invoices we issue ourselves (the local provider); others come numbered.
CREATE SEQUENCE invoice_numbers;

CREATE TABLE invoices (
  id serial PRIMARY KEY,
  subscription_id integer REFERENCES subscriptions (id) ON DELETE SET NULL,
  -- Who was billed.
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  number text NOT NULL,
  issued_at timestamptz NOT NULL,
  currency text NOT NULL CHECK (currency IN ('EUR', 'USD')),
  -- Cents: before tax, the tax, and the total; the rate in basis points (2000 = 20 %).
  subtotal integer NOT NULL,
  tax integer NOT NULL,
  total integer NOT NULL,
  tax_rate integer NOT NULL,
  tax_reason text,
  status text NOT NULL CHECK (status IN ('paid', 'uncollectible', 'open')),
  -- subscribe, upgrade, renewal.
  reason text NOT NULL,
  period_start timestamptz,
  period_end timestamptz,
  lines jsonb NOT NULL,
  -- The billing address as it was when the invoice was issued.
  billed_to jsonb,
  hosted_url text,
  download_url text,
  provider text NOT NULL,
  provider_invoice_id text NOT NULL,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (total = subtotal + tax)
);
CREATE UNIQUE INDEX invoices_provider_key ON invoices (provider, provider_invoice_id);
CREATE INDEX invoices_subscription_idx ON invoices (subscription_id);
CREATE INDEX invoices_client_idx ON invoices (client_id);

-- Where invoices go (SPEC §3 Billing details); until saved, the profile's address stands in.
CREATE TABLE billing_details (
  client_id integer PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
  first_name text,
  last_name text,
  company text,
  vat text,
  address_line1 text,
  address_line2 text,
  postal_code text,
  city text,
  -- ISO 3166 alpha-2, upper case.
  country text,
  phone text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The payment pages of the built-in provider (BILLING_PROVIDER=local): what is paid for and how much.
CREATE TABLE local_checkouts (
  id text PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  subscription_id integer REFERENCES subscriptions (id) ON DELETE CASCADE,
  invoice_id integer REFERENCES invoices (id) ON DELETE CASCADE,
  -- subscribe: a new subscription; upgrade: a change paid now; invoice: an open invoice paid now.
  kind text NOT NULL CHECK (kind IN ('subscribe', 'upgrade', 'invoice')),
  product text NOT NULL,
  period text NOT NULL CHECK (period IN ('monthly', 'yearly')),
  licences integer NOT NULL,
  pin_packs integer NOT NULL,
  currency text NOT NULL CHECK (currency IN ('EUR', 'USD')),
  subtotal integer NOT NULL,
  tax integer NOT NULL,
  total integer NOT NULL,
  tax_rate integer NOT NULL,
  tax_reason text,
  lines jsonb NOT NULL,
  -- The billing address when the page was opened, printed on the invoice.
  billed_to jsonb,
  status text NOT NULL CHECK (status IN ('open', 'paid', 'expired')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX local_checkouts_client_idx ON local_checkouts (client_id);
