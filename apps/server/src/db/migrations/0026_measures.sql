-- Issue 28, decision 058: the intake before a client's first session with a therapist, PHQ-9 and
-- GAD-7 again before later ones, scored for the therapist.
--
-- The consent to therapy the intake asks is a versioned document, recorded as the terms are
-- (decision 040).
ALTER TABLE consent_documents DROP CONSTRAINT consent_documents_kind_check;
ALTER TABLE consent_documents
  ADD CONSTRAINT consent_documents_kind_check CHECK (kind IN ('terms', 'privacy_notice', 'therapy_consent'));

-- One questionnaire link per booking: 'intake' (at most one per client and therapist) or 'repeat'.
-- The link's token is HMAC(key, salt): only its SHA-256 and the salt are kept, as the manage
-- links' (decision 032). `client_key` is a keyed digest of the therapist and the client's e-mail:
-- no personal data. The answers (and so the scores) are sealed with DATA_KEY (AES-256-GCM, the
-- notes' cipher, decision 038): the database never holds them in clear. `risk_unseen` is the
-- therapist's badge: a PHQ-9 item 9 answer above 0 the therapist has not yet opened.
CREATE TABLE measure_forms (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id integer NOT NULL UNIQUE REFERENCES bookings (id),
  kind text NOT NULL CHECK (kind IN ('intake', 'repeat')),
  client_key text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  salt text NOT NULL,
  sealed_answers text,
  saved_at timestamptz,
  submitted_at timestamptz,
  consent_document_id integer REFERENCES consent_documents (id),
  consented_at timestamptz,
  risk_alerted_at timestamptz,
  risk_unseen boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX measure_forms_one_intake ON measure_forms (client_key) WHERE kind = 'intake';
CREATE INDEX measure_forms_client_idx ON measure_forms (client_key, id);
