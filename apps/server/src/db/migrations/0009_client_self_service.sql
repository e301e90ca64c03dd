-- Clients manage their own bookings (issue 12): a private manage link per booking, the invite's
-- sequence for updates, WhatsApp consent, the client's language, who cancelled, and the log of
-- messages sent to the client.

-- A booking's manage links. The token is HMAC(server key, salt): it is never stored, and a copy of
-- the database alone cannot rebuild it. The current link has no replaced_at; a reschedule replaces
-- it, and the old one then only shows where the booking went.
CREATE TABLE manage_links (
  token_hash text PRIMARY KEY,
  booking_id integer NOT NULL REFERENCES bookings (id),
  salt text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  replaced_at timestamptz
);
CREATE UNIQUE INDEX manage_links_current_idx ON manage_links (booking_id) WHERE replaced_at IS NULL;

ALTER TABLE bookings
  -- Raised by each reschedule and by a cancellation: the calendar invite's SEQUENCE.
  ADD COLUMN invite_sequence integer NOT NULL DEFAULT 0,
  ADD COLUMN whatsapp_consent boolean NOT NULL DEFAULT false,
  ADD COLUMN client_language text NOT NULL DEFAULT 'en' CHECK (client_language IN ('en', 'hi')),
  ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('client', 'clinic'));

-- What was sent to a client about a booking, by which channel, and whether it went. A row is
-- written ('sending') before the message goes out, once per dedupe key: after a crash between
-- sending and recording, the retry finds the row and does not send again ('unknown').
CREATE TABLE booking_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id integer NOT NULL REFERENCES bookings (id),
  kind text NOT NULL
    CHECK (kind IN ('confirmation', 'reminder', 'rescheduled', 'cancelled', 'refund_issued', 'payment_receipt')),
  channel text NOT NULL CHECK (channel IN ('email', 'whatsapp')),
  dedupe_key text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'unknown')),
  attempts integer NOT NULL DEFAULT 1,
  -- What the message was about (a reminder's offset, '24h'); a failure's reason. Never client data.
  detail text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_messages_booking_idx ON booking_messages (booking_id, id);
