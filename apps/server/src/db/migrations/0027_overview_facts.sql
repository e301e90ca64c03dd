-- Issue 29 (decision 059): the owner's overview reads small tables of facts that triggers keep
-- as bookings change, so a year's figures at a million bookings read a few thousand rows.
-- The tables hold facts, not rules: each row groups bookings by the very columns the reports'
-- rules read (type, status, cancelled flag, attendance, a standing centre payment), and the
-- overview applies the reports' own SQL predicates to those rows (features/reports). Never
-- written by the app; restored from a backup as they are (triggers off), like the day counts
-- of migration 0012.

-- The clinic's zone, for the one fact that needs it (how many days ahead a booking was made).
-- The server keeps it equal to CLINIC_TIMEZONE: a change rebuilds the facts (overview_rebuild).
CREATE TABLE overview_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  clinic_timezone text NOT NULL
);
INSERT INTO overview_settings (clinic_timezone) VALUES ('Asia/Kolkata');

CREATE FUNCTION overview_zone() RETURNS text
LANGUAGE sql STABLE AS $$ SELECT clinic_timezone FROM overview_settings $$;

-- Bookings (admin blocks too: the rules leave them out) by date and the columns the rules read. amount_paise: the bookings' own prices; centre_paise: their standing centre
-- payments' amounts (centre_paid rows only). Lead: days from the day a booking was made (in the
-- clinic's zone) to its date, counted in ranges and summed.
CREATE TABLE overview_facts (
  booking_date date NOT NULL,
  booking_type text NOT NULL,
  payment_status text NOT NULL,
  cancelled boolean NOT NULL,
  -- '' when not marked, so it can be part of the key.
  attendance text NOT NULL,
  centre_paid boolean NOT NULL,
  bookings integer NOT NULL DEFAULT 0,
  amount_paise bigint NOT NULL DEFAULT 0,
  centre_paise bigint NOT NULL DEFAULT 0,
  lead_0 integer NOT NULL DEFAULT 0,
  lead_1_2 integer NOT NULL DEFAULT 0,
  lead_3_7 integer NOT NULL DEFAULT 0,
  lead_8_14 integer NOT NULL DEFAULT 0,
  lead_15_30 integer NOT NULL DEFAULT 0,
  lead_31 integer NOT NULL DEFAULT 0,
  lead_days bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (booking_date, booking_type, payment_status, cancelled, attendance, centre_paid)
);

-- The same by hour of start, counted only (the busiest hours).
CREATE TABLE overview_hours (
  booking_date date NOT NULL,
  start_hour smallint NOT NULL,
  booking_type text NOT NULL,
  payment_status text NOT NULL,
  cancelled boolean NOT NULL,
  attendance text NOT NULL,
  bookings integer NOT NULL DEFAULT 0,
  PRIMARY KEY (booking_date, start_hour, booking_type, payment_status, cancelled, attendance)
);

-- Bookings per therapist and day, by the columns the slot rule reads (utilisation).
CREATE TABLE overview_therapist_days (
  booking_date date NOT NULL,
  therapist_id integer NOT NULL,
  booking_type text NOT NULL,
  payment_status text NOT NULL,
  cancelled boolean NOT NULL,
  bookings integer NOT NULL DEFAULT 0,
  PRIMARY KEY (booking_date, therapist_id, booking_type, payment_status, cancelled)
);

-- The same per calendar month (its first day): a year of 200 therapists is a few thousand rows;
-- the days serve the part months at either end of a period.
CREATE TABLE overview_therapist_months (
  month date NOT NULL,
  therapist_id integer NOT NULL,
  booking_type text NOT NULL,
  payment_status text NOT NULL,
  cancelled boolean NOT NULL,
  bookings integer NOT NULL DEFAULT 0,
  PRIMARY KEY (month, therapist_id, booking_type, payment_status, cancelled)
);

-- When each cancelled booking was cancelled (the booking's updated_at at that moment, which the
-- cancellation sets), and the session it was for: late or not is reckoned when read, with the
-- notice hours then in force. A cancellation is final, so a row is written once and never changed.
CREATE TABLE overview_cancellations (
  booking_id integer PRIMARY KEY,
  booking_date date NOT NULL,
  -- When the session was to begin: its wall-clock start in the clinic's zone.
  starts_at timestamptz NOT NULL,
  booking_type text NOT NULL,
  cancelled_at timestamptz NOT NULL
);
CREATE INDEX overview_cancellations_date_idx ON overview_cancellations (booking_date)
  INCLUDE (starts_at, booking_type, cancelled_at);

-- Each client (e-mail in any case and mobile, as the clients list and the privacy desk know
-- them): the dates of their first and second sessions held, and how many were held within 60
-- days of the first. Held: collected (booking_collected_paise of migration 0012) and not a
-- no-show, the reports' completed session.
CREATE TABLE overview_clients (
  email_key text NOT NULL,
  mobile text NOT NULL,
  first_date date NOT NULL,
  second_date date,
  sessions_60 integer NOT NULL,
  PRIMARY KEY (email_key, mobile)
);

-- The clients per day of their first session: how many, how many returned within 60 days, and
-- their sessions in those 60 days (kept from overview_clients by its trigger).
CREATE TABLE overview_client_days (
  first_date date PRIMARY KEY,
  new_clients integer NOT NULL DEFAULT 0,
  returning_clients integer NOT NULL DEFAULT 0,
  sessions_60 integer NOT NULL DEFAULT 0
);

CREATE FUNCTION overview_client_days_add(day date, second_day date, sessions integer, sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO overview_client_days AS d (first_date, new_clients, returning_clients, sessions_60)
  VALUES (day, sign, CASE WHEN second_day <= day + 60 THEN sign ELSE 0 END, sign * sessions)
  ON CONFLICT (first_date) DO UPDATE SET
    new_clients = d.new_clients + EXCLUDED.new_clients,
    returning_clients = d.returning_clients + EXCLUDED.returning_clients,
    sessions_60 = d.sessions_60 + EXCLUDED.sessions_60
$$;

CREATE FUNCTION overview_client_days_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM overview_client_days_add(OLD.first_date, OLD.second_date, OLD.sessions_60, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM overview_client_days_add(NEW.first_date, NEW.second_date, NEW.sessions_60, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER overview_clients_keep_days
  AFTER INSERT OR DELETE OR UPDATE ON overview_clients
  FOR EACH ROW EXECUTE FUNCTION overview_client_days_follow();

-- A booking's type as the facts keep it: an admin block, or a client's (online and in person
-- alike; the rules tell only blocks apart), so a day has a handful of rows, not dozens.
CREATE FUNCTION overview_kind(booking_type text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN $1 = 'ADMIN_BLOCK' THEN 'ADMIN_BLOCK' ELSE 'CLIENT' END $$;

CREATE FUNCTION overview_lead_days(b bookings) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT b.booking_date - (b.created_at AT TIME ZONE overview_zone())::date
$$;

-- Adds `sign` times booking `b` to the facts; `centre` is its standing centre payment (null: none).
CREATE FUNCTION overview_add(b bookings, sign integer, centre integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  lead integer := overview_lead_days(b);
BEGIN
  INSERT INTO overview_facts AS f (booking_date, booking_type, payment_status, cancelled,
    attendance, centre_paid, bookings, amount_paise, centre_paise,
    lead_0, lead_1_2, lead_3_7, lead_8_14, lead_15_30, lead_31, lead_days)
  VALUES (b.booking_date, overview_kind(b.booking_type), b.payment_status, b.cancelled, COALESCE(b.attendance, ''), centre IS NOT NULL, sign,
    sign * b.amount_paise, sign * COALESCE(centre, 0),
    CASE WHEN lead <= 0 THEN sign ELSE 0 END,
    CASE WHEN lead BETWEEN 1 AND 2 THEN sign ELSE 0 END,
    CASE WHEN lead BETWEEN 3 AND 7 THEN sign ELSE 0 END,
    CASE WHEN lead BETWEEN 8 AND 14 THEN sign ELSE 0 END,
    CASE WHEN lead BETWEEN 15 AND 30 THEN sign ELSE 0 END,
    CASE WHEN lead > 30 THEN sign ELSE 0 END,
    sign * GREATEST(lead, 0))
  ON CONFLICT (booking_date, booking_type, payment_status, cancelled, attendance, centre_paid)
  DO UPDATE SET
    bookings = f.bookings + EXCLUDED.bookings,
    amount_paise = f.amount_paise + EXCLUDED.amount_paise,
    centre_paise = f.centre_paise + EXCLUDED.centre_paise,
    lead_0 = f.lead_0 + EXCLUDED.lead_0,
    lead_1_2 = f.lead_1_2 + EXCLUDED.lead_1_2,
    lead_3_7 = f.lead_3_7 + EXCLUDED.lead_3_7,
    lead_8_14 = f.lead_8_14 + EXCLUDED.lead_8_14,
    lead_15_30 = f.lead_15_30 + EXCLUDED.lead_15_30,
    lead_31 = f.lead_31 + EXCLUDED.lead_31,
    lead_days = f.lead_days + EXCLUDED.lead_days;
END $$;

-- Adds `sign` times booking `b` to the hours; a centre payment does not move it.
CREATE FUNCTION overview_add_hour(b bookings, sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO overview_hours AS h (booking_date, start_hour, booking_type, payment_status, cancelled, attendance, bookings)
  VALUES (b.booking_date, extract(hour FROM b.booking_time_slot_start)::smallint, overview_kind(b.booking_type), b.payment_status,
    b.cancelled, COALESCE(b.attendance, ''), sign)
  ON CONFLICT (booking_date, start_hour, booking_type, payment_status, cancelled, attendance)
  DO UPDATE SET bookings = h.bookings + EXCLUDED.bookings
$$;

CREATE FUNCTION overview_add_therapist_day(b bookings, sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO overview_therapist_days AS d (booking_date, therapist_id, booking_type, payment_status, cancelled, bookings)
  VALUES (b.booking_date, b.therapist_id, overview_kind(b.booking_type), b.payment_status, b.cancelled, sign)
  ON CONFLICT (booking_date, therapist_id, booking_type, payment_status, cancelled)
  DO UPDATE SET bookings = d.bookings + EXCLUDED.bookings;
  INSERT INTO overview_therapist_months AS m (month, therapist_id, booking_type, payment_status, cancelled, bookings)
  VALUES (date_trunc('month', b.booking_date)::date, b.therapist_id, overview_kind(b.booking_type), b.payment_status, b.cancelled, sign)
  ON CONFLICT (month, therapist_id, booking_type, payment_status, cancelled)
  DO UPDATE SET bookings = m.bookings + EXCLUDED.bookings;
$$;

CREATE FUNCTION overview_centre_paise(booking_id integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT cp.amount_paise FROM centre_payments cp WHERE cp.booking_id = $1 AND cp.voided_at IS NULL
$$;

-- A client's row from their bookings now, or none when they have no session held.
CREATE FUNCTION overview_client_refresh(key_email text, key_mobile text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  first_day date;
  second_day date;
  within integer;
BEGIN
  WITH held AS (
    SELECT b.booking_date FROM bookings b
    WHERE lower(b.client_email) = key_email AND b.client_mobile = key_mobile
      AND booking_collected_paise(b) IS NOT NULL AND b.attendance IS DISTINCT FROM 'no_show'
  ), firsts AS (SELECT booking_date, row_number() OVER (ORDER BY booking_date) AS n FROM held)
  SELECT min(booking_date) FILTER (WHERE n = 1), min(booking_date) FILTER (WHERE n = 2)
  INTO first_day, second_day FROM firsts;
  IF first_day IS NULL THEN
    DELETE FROM overview_clients WHERE email_key = key_email AND mobile = key_mobile;
    RETURN;
  END IF;
  SELECT count(*) INTO within FROM bookings b
  WHERE lower(b.client_email) = key_email AND b.client_mobile = key_mobile
    AND booking_collected_paise(b) IS NOT NULL AND b.attendance IS DISTINCT FROM 'no_show'
    AND b.booking_date <= first_day + 60;
  INSERT INTO overview_clients (email_key, mobile, first_date, second_date, sessions_60)
  VALUES (key_email, key_mobile, first_day, second_day, within)
  ON CONFLICT (email_key, mobile) DO UPDATE
    SET first_date = EXCLUDED.first_date, second_date = EXCLUDED.second_date, sessions_60 = EXCLUDED.sessions_60;
END $$;

CREATE FUNCTION overview_follow_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM overview_add(OLD, -1, overview_centre_paise(OLD.id));
    PERFORM overview_add_hour(OLD, -1);
    PERFORM overview_add_therapist_day(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM overview_add(NEW, 1, overview_centre_paise(NEW.id));
    PERFORM overview_add_hour(NEW, 1);
    PERFORM overview_add_therapist_day(NEW, 1);
    IF (NEW.cancelled OR NEW.payment_status = 'CANCELLED')
       AND (TG_OP = 'INSERT' OR NOT (OLD.cancelled OR OLD.payment_status = 'CANCELLED')) THEN
      INSERT INTO overview_cancellations (booking_id, booking_date, starts_at, booking_type, cancelled_at)
      VALUES (NEW.id, NEW.booking_date, (NEW.booking_date + NEW.booking_time_slot_start) AT TIME ZONE overview_zone(),
        overview_kind(NEW.booking_type), NEW.updated_at)
      ON CONFLICT (booking_id) DO NOTHING;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.client_email IS NOT NULL AND OLD.client_mobile IS NOT NULL THEN
    PERFORM overview_client_refresh(lower(OLD.client_email), OLD.client_mobile);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.client_email IS NOT NULL AND NEW.client_mobile IS NOT NULL
     AND (TG_OP = 'INSERT' OR lower(NEW.client_email) <> lower(COALESCE(OLD.client_email, ''))
          OR NEW.client_mobile <> COALESCE(OLD.client_mobile, '')) THEN
    PERFORM overview_client_refresh(lower(NEW.client_email), NEW.client_mobile);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER bookings_keep_overview
  AFTER INSERT OR DELETE OR UPDATE OF booking_date, booking_time_slot_start, booking_type, payment_status,
    cancelled, attendance, amount_paise, therapist_id, created_at, client_email, client_mobile
  ON bookings FOR EACH ROW EXECUTE FUNCTION overview_follow_booking();

-- A centre payment recorded, voided or changed moves its booking between the facts' rows.
CREATE FUNCTION overview_follow_centre_payment() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  b bookings;
  before_paise integer;
  after_paise integer;
BEGIN
  SELECT * INTO b FROM bookings WHERE id = COALESCE(NEW.booking_id, OLD.booking_id);
  IF b.id IS NULL THEN
    RETURN NULL;
  END IF;
  after_paise := overview_centre_paise(b.id);
  -- At most one standing payment a booking: before this change it was this row as it was, or
  -- none when this row is the one now standing, or else what stands now.
  before_paise := CASE
    WHEN TG_OP <> 'INSERT' AND OLD.voided_at IS NULL THEN OLD.amount_paise
    WHEN TG_OP <> 'DELETE' AND NEW.voided_at IS NULL THEN NULL
    ELSE after_paise END;
  IF before_paise IS DISTINCT FROM after_paise THEN
    PERFORM overview_add(b, -1, before_paise);
    PERFORM overview_add(b, 1, after_paise);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER centre_payments_keep_overview
  AFTER INSERT OR DELETE OR UPDATE OF voided_at, amount_paise
  ON centre_payments FOR EACH ROW EXECUTE FUNCTION overview_follow_centre_payment();

-- Every table of facts from the bookings themselves: the migration, a change of the clinic's
-- zone (the server, under a lock), and a bulk load made with the triggers off (the scale bench).
CREATE FUNCTION overview_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM overview_facts;
  INSERT INTO overview_facts (booking_date, booking_type, payment_status, cancelled,
    attendance, centre_paid, bookings, amount_paise, centre_paise,
    lead_0, lead_1_2, lead_3_7, lead_8_14, lead_15_30, lead_31, lead_days)
  SELECT booking_date, booking_type, payment_status, cancelled, attendance, centre_paid,
    count(*), sum(amount_paise), COALESCE(sum(centre_paise), 0),
    count(*) FILTER (WHERE lead <= 0), count(*) FILTER (WHERE lead BETWEEN 1 AND 2),
    count(*) FILTER (WHERE lead BETWEEN 3 AND 7), count(*) FILTER (WHERE lead BETWEEN 8 AND 14),
    count(*) FILTER (WHERE lead BETWEEN 15 AND 30), count(*) FILTER (WHERE lead > 30),
    sum(GREATEST(lead, 0))
  FROM (
    SELECT b.booking_date, overview_kind(b.booking_type) AS booking_type, b.payment_status, b.cancelled,
      COALESCE(b.attendance, '') AS attendance,
      cp.amount_paise IS NOT NULL AS centre_paid, b.amount_paise, cp.amount_paise AS centre_paise,
      b.booking_date - (b.created_at AT TIME ZONE s.clinic_timezone)::date AS lead
    FROM bookings b
    CROSS JOIN overview_settings s
    LEFT JOIN centre_payments cp ON cp.booking_id = b.id AND cp.voided_at IS NULL
  ) facts
  GROUP BY 1, 2, 3, 4, 5, 6;

  DELETE FROM overview_hours;
  INSERT INTO overview_hours (booking_date, start_hour, booking_type, payment_status, cancelled, attendance, bookings)
  SELECT booking_date, extract(hour FROM booking_time_slot_start)::smallint, overview_kind(booking_type), payment_status,
    cancelled, COALESCE(attendance, ''), count(*)
  FROM bookings GROUP BY 1, 2, 3, 4, 5, 6;

  DELETE FROM overview_therapist_days;
  INSERT INTO overview_therapist_days (booking_date, therapist_id, booking_type, payment_status, cancelled, bookings)
  SELECT booking_date, therapist_id, overview_kind(booking_type), payment_status, cancelled, count(*)
  FROM bookings GROUP BY 1, 2, 3, 4, 5;

  DELETE FROM overview_therapist_months;
  INSERT INTO overview_therapist_months (month, therapist_id, booking_type, payment_status, cancelled, bookings)
  SELECT date_trunc('month', booking_date)::date, therapist_id, overview_kind(booking_type), payment_status, cancelled,
    count(*)
  FROM bookings GROUP BY 1, 2, 3, 4, 5;

  DELETE FROM overview_cancellations;
  INSERT INTO overview_cancellations (booking_id, booking_date, starts_at, booking_type, cancelled_at)
  -- The moment the audit log recorded, else the booking's last change (a cancellation is final).
  SELECT b.id, b.booking_date, (b.booking_date + b.booking_time_slot_start) AT TIME ZONE s.clinic_timezone,
    overview_kind(b.booking_type), COALESCE(a.at, b.updated_at)
  FROM bookings b
  CROSS JOIN overview_settings s
  LEFT JOIN (SELECT booking_id, min(at) AS at FROM audit_log
             WHERE action IN ('booking.cancel', 'booking.cancelled') GROUP BY booking_id) a ON a.booking_id = b.id
  WHERE b.cancelled OR b.payment_status = 'CANCELLED';

  -- Its trigger keeps overview_client_days, filled again row by row below.
  DELETE FROM overview_clients;
  DELETE FROM overview_client_days;
  INSERT INTO overview_clients (email_key, mobile, first_date, second_date, sessions_60)
  SELECT email_key, mobile, min(booking_date) FILTER (WHERE n = 1), min(booking_date) FILTER (WHERE n = 2),
    count(*) FILTER (WHERE within_60)
  FROM (
    SELECT lower(b.client_email) AS email_key, b.client_mobile AS mobile, b.booking_date,
      row_number() OVER w AS n,
      b.booking_date <= min(b.booking_date) OVER (PARTITION BY lower(b.client_email), b.client_mobile) + 60 AS within_60
    FROM bookings b
    WHERE b.client_email IS NOT NULL AND b.client_mobile IS NOT NULL
      AND booking_collected_paise(b) IS NOT NULL AND b.attendance IS DISTINCT FROM 'no_show'
    WINDOW w AS (PARTITION BY lower(b.client_email), b.client_mobile ORDER BY b.booking_date)
  ) held
  GROUP BY email_key, mobile;
$$;

SELECT overview_rebuild();
