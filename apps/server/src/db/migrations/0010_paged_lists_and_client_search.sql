-- Issue 13 (ADR 034): every admin list pages by keyset and searches by index, so page N and a
-- search cost the same at a million bookings as at a hundred.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- A therapist's bookings, latest first (the dashboard's booked sessions).
CREATE INDEX bookings_therapist_latest_idx
  ON bookings (therapist_id, booking_date DESC, booking_time_slot_start DESC, id DESC);
DROP INDEX IF EXISTS bookings_therapist_date_idx;

-- The calendar's events: counted per day and listed by start time from the index alone.
CREATE INDEX bookings_calendar_idx ON bookings (booking_date, booking_time_slot_start, id)
  WHERE NOT cancelled AND payment_status NOT IN ('FAILED', 'BLOCKED', 'CANCELLED')
    AND booking_type <> 'ADMIN_BLOCK';

-- Collected payments (income, inventory): the page walks this index; the totals read it whole.
CREATE INDEX bookings_collected_idx
  ON bookings (booking_date DESC, booking_time_slot_start DESC, id DESC) INCLUDE (amount_paise)
  WHERE payment_status = 'COMPLETED' AND NOT cancelled AND booking_type <> 'ADMIN_BLOCK';

-- Substring search of a client's name, e-mail or mobile (All Bookings, Clients & Bookings).
CREATE INDEX bookings_client_name_trgm ON bookings USING gin (client_full_name gin_trgm_ops);
CREATE INDEX bookings_client_email_trgm ON bookings USING gin (client_email gin_trgm_ops);
CREATE INDEX bookings_client_mobile_trgm ON bookings USING gin (client_mobile gin_trgm_ops);
CREATE INDEX bookings_client_key_idx ON bookings (lower(client_email), client_mobile, id DESC);

-- The distinct clients the Patients search lists: one row per e-mail (any case) and mobile, with
-- the name and e-mail of their latest booking. Kept by the trigger below, never written by the app.
CREATE TABLE clients (
  email_key text NOT NULL,
  mobile text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  last_booking_id integer NOT NULL,
  PRIMARY KEY (email_key, mobile)
);
CREATE INDEX clients_by_name_idx ON clients (lower(name), email, mobile);
CREATE INDEX clients_name_trgm ON clients USING gin (name gin_trgm_ops);
CREATE INDEX clients_email_trgm ON clients USING gin (email gin_trgm_ops);
CREATE INDEX clients_mobile_trgm ON clients USING gin (mobile gin_trgm_ops);

-- A client's row from their latest booking, or none when no booking carries that contact any more.
CREATE FUNCTION clients_refresh(key_email text, key_mobile text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  latest_id integer;
  latest_name text;
  latest_email text;
BEGIN
  SELECT id, client_full_name, client_email INTO latest_id, latest_name, latest_email
  FROM bookings
  WHERE lower(client_email) = key_email AND client_mobile = key_mobile
    AND booking_type <> 'ADMIN_BLOCK' AND client_full_name IS NOT NULL
  ORDER BY id DESC LIMIT 1;
  IF latest_id IS NULL THEN
    DELETE FROM clients WHERE email_key = key_email AND mobile = key_mobile;
  ELSE
    INSERT INTO clients (email_key, mobile, name, email, last_booking_id)
    VALUES (key_email, key_mobile, latest_name, latest_email, latest_id)
    ON CONFLICT (email_key, mobile) DO UPDATE
      SET name = EXCLUDED.name, email = EXCLUDED.email, last_booking_id = EXCLUDED.last_booking_id;
  END IF;
END $$;

CREATE FUNCTION clients_follow_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.client_email IS NOT NULL AND OLD.client_mobile IS NOT NULL THEN
    PERFORM clients_refresh(lower(OLD.client_email), OLD.client_mobile);
  END IF;
  IF NEW.client_email IS NOT NULL AND NEW.client_mobile IS NOT NULL AND NEW.client_full_name IS NOT NULL
     AND NEW.booking_type <> 'ADMIN_BLOCK' THEN
    IF TG_OP = 'INSERT' THEN
      -- A new booking is the latest of its client: no look-up needed.
      INSERT INTO clients (email_key, mobile, name, email, last_booking_id)
      VALUES (lower(NEW.client_email), NEW.client_mobile, NEW.client_full_name, NEW.client_email, NEW.id)
      ON CONFLICT (email_key, mobile) DO UPDATE
        SET name = EXCLUDED.name, email = EXCLUDED.email, last_booking_id = EXCLUDED.last_booking_id
        WHERE clients.last_booking_id <= EXCLUDED.last_booking_id;
    ELSE
      PERFORM clients_refresh(lower(NEW.client_email), NEW.client_mobile);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER bookings_keep_clients
  AFTER INSERT OR UPDATE OF client_full_name, client_email, client_mobile, booking_type ON bookings
  FOR EACH ROW EXECUTE FUNCTION clients_follow_booking();

INSERT INTO clients (email_key, mobile, name, email, last_booking_id)
SELECT DISTINCT ON (lower(client_email), client_mobile)
  lower(client_email), client_mobile, client_full_name, client_email, id
FROM bookings
WHERE booking_type <> 'ADMIN_BLOCK' AND client_full_name IS NOT NULL
  AND client_email IS NOT NULL AND client_mobile IS NOT NULL
ORDER BY lower(client_email), client_mobile, id DESC;
