-- The sign-up stepper's first step (SPEC §2: type/need): who signs up (individual, company,
-- franchise network, other) and what for. Optional: accounts made before, or through the API
-- without them, keep null.
ALTER TABLE clients ADD COLUMN account_kind text, ADD COLUMN signup_need text;
