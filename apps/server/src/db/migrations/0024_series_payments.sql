-- Standing appointments paid online (issue 26, decision 056). `pay: "all"`: one payment link for
-- the whole series' total, made on its first session; the payment it brings is recorded once, on
-- that session, and names the series: every session it confirms is paid online by it, and a
-- session cancelled within the notice rule is refunded its own share (its amount_paise).
-- `pay: "each"`: each session its own link and payment, as a single booking's (no column here).
ALTER TABLE payment_links ADD COLUMN series_id integer REFERENCES booking_series (id);
ALTER TABLE payments ADD COLUMN series_id integer REFERENCES booking_series (id);
CREATE INDEX payments_series_idx ON payments (series_id) WHERE series_id IS NOT NULL;

-- Paid online through the app (migration 0017): the booking's own captured payment, or the
-- captured payment of its series that payment_transaction_id names.
CREATE OR REPLACE FUNCTION booking_paid_online(booking_id integer, payment_transaction_id text) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT EXISTS (SELECT 1 FROM payments p
                 WHERE p.id = $2 AND p.status = 'captured'
                   AND (p.booking_id = $1
                        OR (p.series_id IS NOT NULL
                            AND p.series_id = (SELECT b.series_id FROM bookings b WHERE b.id = $1))))
$$;
