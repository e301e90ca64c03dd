-- Issue 14: the client privacy desk and retention (decision 039).

-- When a booking's personal data was erased (on request or by the retention job). The amounts,
-- dates, statuses and payments stay, so reports and income are the same after as before.
ALTER TABLE bookings ADD COLUMN erased_at timestamptz;
CREATE INDEX bookings_retention_idx ON bookings (booking_date) WHERE erased_at IS NULL;

-- Each request a client made of the privacy desk: when it was received, when it is due (the
-- Rules allow at most 90 days) and when it was answered. The client is named only by a hash of
-- the e-mail or mobile and a masked hint, so the log keeps no personal data after an erasure.
CREATE TABLE privacy_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('export', 'correct', 'erase')),
  subject_hash text NOT NULL,
  subject_hint text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  due_at timestamptz NOT NULL,
  answered_at timestamptz,
  answered_by_admin_id integer REFERENCES admin_users (id),
  bookings_affected integer,
  -- An erasure's other keys: the hashes of every e-mail and mobile its bookings held, so an export
  -- by either finds the marker.
  also_hashes text[] NOT NULL DEFAULT '{}',
  CHECK (due_at > received_at)
);
CREATE INDEX privacy_requests_open_idx ON privacy_requests (due_at) WHERE answered_at IS NULL;
CREATE INDEX privacy_requests_id_desc_idx ON privacy_requests (id DESC);

-- The retention job's runs: one row a day, taken by the first instance that inserts it.
CREATE TABLE retention_runs (
  run_date date PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  cutoff_date date NOT NULL,
  erased_bookings integer NOT NULL DEFAULT 0
);
