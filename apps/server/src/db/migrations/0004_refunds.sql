-- Refunds of online payments for bookings that will not take place (bookings.needs_refund): at
-- most one per booking (the primary key), always the full amount captured. The row is written,
-- with the booking locked, before the payment provider is asked, so a second request for the same
-- booking finds it and is refused: the provider is never asked twice at once.
CREATE TABLE refunds (
  booking_id integer PRIMARY KEY REFERENCES bookings (id),
  payment_id text NOT NULL REFERENCES payments (id),
  provider text NOT NULL,
  amount_paise integer NOT NULL CHECK (amount_paise > 0),
  -- requested: the provider is being asked (or its answer was lost); failed: it refused or did not
  -- answer, and the refund may be tried again; pending, processed: as the provider reports it.
  status text NOT NULL CHECK (status IN ('requested', 'failed', 'pending', 'processed')),
  -- The provider's refund id (Razorpay's rfnd_…), once it accepted the refund.
  provider_refund_id text UNIQUE,
  requested_by_admin_id integer REFERENCES admin_users (id),
  requested_at timestamptz NOT NULL,
  refunded_at timestamptz,
  -- Why the last attempt failed (the provider's message), never a client's details.
  last_error text
);

-- The sandbox provider's side of a refund (what Razorpay keeps on its side).
ALTER TABLE sandbox_payment_links ADD COLUMN refund_id text, ADD COLUMN refunded_at timestamptz;
