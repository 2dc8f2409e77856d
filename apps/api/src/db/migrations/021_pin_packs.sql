-- Extra packs of pins (SPEC §9) on the account they count for: the subscription's owner, who buys
-- them. Billing keeps this column in step with the live subscription (syncPlanOfRecord), as it
-- does clients.product, so that the pins check reads one row.
ALTER TABLE clients ADD COLUMN pin_packs integer NOT NULL DEFAULT 0 CHECK (pin_packs >= 0);
