-- Lets the visitor who made a booking see its confirmation (offline bookings have no payment
-- link to look it up by). Only a SHA-256 hash of the token is stored.
ALTER TABLE bookings ADD COLUMN confirmation_token_hash text;

-- The sandbox payment provider's own state: what a real provider keeps on its side. Only the
-- sandbox adapter reads or writes this table.
CREATE TABLE sandbox_payment_links (
  id text PRIMARY KEY,
  reference_id text NOT NULL,
  amount_paise integer NOT NULL CHECK (amount_paise > 0),
  currency text NOT NULL DEFAULT 'INR',
  description text NOT NULL,
  customer_name text,
  callback_url text NOT NULL,
  status text NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'paid', 'expired', 'cancelled')),
  payment_id text,
  expire_by timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
