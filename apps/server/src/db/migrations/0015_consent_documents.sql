-- Issue 14: which version of the terms and of the privacy notice each client accepted, and when
-- (decision 040). A version is a row that is never edited or removed: a new version is a new row.
CREATE TABLE consent_documents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('terms', 'privacy_notice')),
  version text NOT NULL,
  published_on date NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, version)
);

CREATE FUNCTION consent_documents_are_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a consent document is never changed or removed: publish a new version instead'
    USING ERRCODE = 'restrict_violation';
END $$;

CREATE TRIGGER consent_documents_never_change
  BEFORE UPDATE OR DELETE ON consent_documents
  FOR EACH ROW EXECUTE FUNCTION consent_documents_are_kept();

ALTER TABLE bookings
  ADD COLUMN terms_document_id integer REFERENCES consent_documents (id),
  ADD COLUMN notice_document_id integer REFERENCES consent_documents (id),
  ADD COLUMN consented_at timestamptz;
