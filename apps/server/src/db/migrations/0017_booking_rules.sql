-- Issue 23 (decision 044): the questions every query asks of a booking, answered once in SQL,
-- as packages/shared/src/booking-states.ts answers them in TypeScript (isPaidOnline,
-- isPaidAtCentre, holdLapsed). Plain SQL functions: the planner inlines the immutable one, so a
-- query keeps using its indexes (bookings_unpaid_holds_idx for the hold sweep). Arguments are
-- read by position: a column of the same name would take precedence over a named one.

-- Paid online through the app: the booking's own payment (the one payment_transaction_id names,
-- set whenever a payment is captured for it) is a captured payment of this booking. The payment
-- the refunds act on, so the manage page, the e-mails and a refund speak of the same money; a
-- manual booking's reference to a payment made outside the app is not one.
CREATE FUNCTION booking_paid_online(booking_id integer, payment_transaction_id text) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT EXISTS (SELECT 1 FROM payments p
                 WHERE p.id = $2 AND p.booking_id = $1 AND p.status = 'captured')
$$;

-- Paid at the centre: a standing (not voided) centre payment (decision 024).
CREATE FUNCTION booking_paid_at_centre(booking_id integer) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT EXISTS (SELECT 1 FROM centre_payments cp WHERE cp.booking_id = $1 AND cp.voided_at IS NULL)
$$;

-- A hold awaiting payment has lapsed at `at`: its end is at or before it (none: never).
CREATE FUNCTION booking_hold_lapsed(hold_expires_at timestamptz, at timestamptz) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT $1 IS NOT NULL AND $1 <= $2
$$;
