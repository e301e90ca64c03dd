-- Issue 15: the waitlist (decision 041). A visitor waits for a therapist on chosen dates and parts
-- of the day; when a matching slot opens, the first person waiting (by join order) is offered it,
-- held for them as an unpaid online booking holds its slot.

CREATE TABLE waitlist_entries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  therapist_id integer NOT NULL REFERENCES therapists (id),
  booking_type text NOT NULL CHECK (booking_type IN ('ONLINE', 'OFFLINE')),
  -- 0 for online, as the API says it.
  location_id integer NOT NULL DEFAULT 0 CHECK (location_id >= 0),
  service_id integer REFERENCES services (id),
  -- The client as a booking records them; erasure leaves the name as '[erased]' and empties the rest.
  client_full_name text NOT NULL,
  client_email text,
  client_mobile text,
  client_age integer CHECK (client_age BETWEEN 1 AND 120),
  client_language text NOT NULL DEFAULT 'en' CHECK (client_language IN ('en', 'hi')),
  whatsapp_consent boolean NOT NULL DEFAULT false,
  guardian_name text,
  guardian_relation text,
  guardian_mobile text,
  guardian_email text,
  guardian_consent boolean NOT NULL DEFAULT false,
  -- The versions of the terms and privacy notice accepted on joining: the held booking records them.
  terms_document_id integer REFERENCES consent_documents (id),
  notice_document_id integer REFERENCES consent_documents (id),
  consented_at timestamptz NOT NULL,
  preferred_dates date[] NOT NULL CHECK (cardinality(preferred_dates) BETWEEN 1 AND 15),
  times_of_day text[] NOT NULL CHECK (
    cardinality(times_of_day) BETWEEN 1 AND 3 AND times_of_day <@ ARRAY['morning', 'afternoon', 'evening']
  ),
  -- The last preferred date: the entry expires after it.
  last_date date NOT NULL,
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'booked', 'expired', 'removed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  erased_at timestamptz
);
-- One place per client and therapist while waiting: joining again updates it.
CREATE UNIQUE INDEX waitlist_entries_one_per_client
  ON waitlist_entries (therapist_id, lower(client_email)) WHERE status = 'waiting';
-- The line: each therapist's waiting entries in join order (the sweep and the admin list).
CREATE INDEX waitlist_entries_line_idx ON waitlist_entries (therapist_id, id) WHERE status = 'waiting';
CREATE INDEX waitlist_entries_last_date_idx ON waitlist_entries (last_date) WHERE status = 'waiting';
CREATE INDEX waitlist_entries_status_idx ON waitlist_entries (status, id);
-- The privacy desk finds a client's entries as it finds their bookings.
CREATE INDEX waitlist_entries_email_idx ON waitlist_entries (lower(client_email));
CREATE INDEX waitlist_entries_mobile_idx ON waitlist_entries (client_mobile);

-- Each slot offered to an entry, with the booking that holds it. The token is HMAC(key, salt)
-- (decision 041): only the salt and the token's hash are kept, as for manage links.
CREATE TABLE waitlist_offers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id integer NOT NULL REFERENCES waitlist_entries (id),
  booking_id integer NOT NULL UNIQUE REFERENCES bookings (id),
  slot_date date NOT NULL,
  slot_start time NOT NULL,
  token_hash text NOT NULL UNIQUE,
  salt text NOT NULL,
  offered_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  outcome text NOT NULL DEFAULT 'open' CHECK (outcome IN ('open', 'claimed', 'expired', 'withdrawn')),
  ended_at timestamptz,
  -- A slot is offered to one entry once: a lapsed offer is not made again to the same person.
  UNIQUE (entry_id, slot_date, slot_start)
);
-- One person, one held slot at a time (the bookings' exclusion constraint: one hold per slot).
CREATE UNIQUE INDEX waitlist_offers_one_open_per_entry ON waitlist_offers (entry_id) WHERE outcome = 'open';
CREATE INDEX waitlist_offers_entry_idx ON waitlist_offers (entry_id, id);

-- The offer e-mail goes through the held booking's message log, as every client message does.
ALTER TABLE booking_messages DROP CONSTRAINT booking_messages_kind_check;
ALTER TABLE booking_messages ADD CONSTRAINT booking_messages_kind_check CHECK (
  kind IN ('confirmation', 'reminder', 'rescheduled', 'cancelled', 'refund_issued', 'payment_receipt', 'waitlist_offer')
);
