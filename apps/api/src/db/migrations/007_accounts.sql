-- The whole User of the product (profile, billing identity) and the plan's end date. A plan with a
-- past end date is over: the account is back on the free plan until it renews (plans/effective-plan).
ALTER TABLE clients
  ADD COLUMN product_end_date timestamptz,
  ADD COLUMN email_verified_at timestamptz,
  ADD COLUMN vat text,
  ADD COLUMN address_line1 text,
  ADD COLUMN address_line2 text,
  ADD COLUMN postal_code text,
  ADD COLUMN city text,
  ADD COLUMN domain text,
  ADD COLUMN utm_source text,
  ADD COLUMN utm_medium text,
  ADD COLUMN utm_campaign text,
  ADD COLUMN first_page_seen text;
