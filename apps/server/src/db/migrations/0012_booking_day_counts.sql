-- Issue 13 (ADR 034): the totals the admin screens show over the whole history (All Bookings'
-- and the clients list's counts, the income total) read one row per day instead of a million
-- bookings. Triggers keep the rows by adding each change's difference, so concurrent bookings
-- never lose a count (the day's row lock orders them).

CREATE TABLE booking_day_counts (
  booking_date date PRIMARY KEY,
  -- Every booking and admin block dated that day.
  bookings integer NOT NULL DEFAULT 0,
  -- Those that are a client's (not an admin block).
  client_bookings integer NOT NULL DEFAULT 0,
  -- Collected: COMPLETED, not cancelled, not an admin block; and the income they count for.
  collected integer NOT NULL DEFAULT 0,
  collected_paise bigint NOT NULL DEFAULT 0
);

-- What a booking counts for as income: the standing centre payment's amount, else its own; null
-- when it is not collected.
CREATE FUNCTION booking_collected_paise(b bookings) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN b.payment_status = 'COMPLETED' AND NOT b.cancelled AND b.booking_type <> 'ADMIN_BLOCK'
    THEN COALESCE((SELECT cp.amount_paise FROM centre_payments cp
                   WHERE cp.booking_id = b.id AND cp.voided_at IS NULL), b.amount_paise)
  END
$$;

CREATE FUNCTION add_to_booking_day(day date, sign integer, b bookings) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  paise bigint := booking_collected_paise(b);
BEGIN
  INSERT INTO booking_day_counts AS d (booking_date, bookings, client_bookings, collected, collected_paise)
  VALUES (day, sign, CASE WHEN b.booking_type <> 'ADMIN_BLOCK' THEN sign ELSE 0 END,
          CASE WHEN paise IS NOT NULL THEN sign ELSE 0 END, sign * COALESCE(paise, 0))
  ON CONFLICT (booking_date) DO UPDATE SET
    bookings = d.bookings + EXCLUDED.bookings,
    client_bookings = d.client_bookings + EXCLUDED.client_bookings,
    collected = d.collected + EXCLUDED.collected,
    collected_paise = d.collected_paise + EXCLUDED.collected_paise;
END $$;

CREATE FUNCTION booking_day_counts_follow_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM add_to_booking_day(OLD.booking_date, -1, OLD);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM add_to_booking_day(NEW.booking_date, 1, NEW);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER bookings_keep_day_counts
  AFTER INSERT OR DELETE OR UPDATE OF booking_date, booking_type, payment_status, cancelled, amount_paise
  ON bookings FOR EACH ROW EXECUTE FUNCTION booking_day_counts_follow_booking();

-- A centre payment recorded, voided or changed moves its booking's income by the difference.
CREATE FUNCTION booking_day_counts_follow_centre_payment() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  b bookings;
  before_paise bigint;
  after_paise bigint;
BEGIN
  SELECT * INTO b FROM bookings WHERE id = COALESCE(NEW.booking_id, OLD.booking_id);
  IF b.id IS NULL OR booking_collected_paise(b) IS NULL THEN
    RETURN NULL;
  END IF;
  before_paise := CASE WHEN TG_OP <> 'INSERT' AND OLD.voided_at IS NULL THEN OLD.amount_paise ELSE b.amount_paise END;
  after_paise := CASE WHEN TG_OP <> 'DELETE' AND NEW.voided_at IS NULL THEN NEW.amount_paise ELSE b.amount_paise END;
  UPDATE booking_day_counts SET collected_paise = collected_paise + after_paise - before_paise
  WHERE booking_date = b.booking_date;
  RETURN NULL;
END $$;

CREATE TRIGGER centre_payments_keep_day_counts
  AFTER INSERT OR DELETE OR UPDATE OF voided_at, amount_paise
  ON centre_payments FOR EACH ROW EXECUTE FUNCTION booking_day_counts_follow_centre_payment();

INSERT INTO booking_day_counts (booking_date, bookings, client_bookings, collected, collected_paise)
SELECT b.booking_date, count(*), count(*) FILTER (WHERE b.booking_type <> 'ADMIN_BLOCK'),
  count(*) FILTER (WHERE booking_collected_paise(b) IS NOT NULL), COALESCE(sum(booking_collected_paise(b)), 0)
FROM bookings b GROUP BY b.booking_date;

-- The dashboard's refund notice: the few bookings due a refund, without reading the rest.
CREATE INDEX bookings_needs_refund_idx ON bookings (id DESC) WHERE needs_refund;
