-- Money papers (issue 27, decision 057): the clinic's tax details, each service's GST treatment,
-- each therapist's registration number and payout share, and the numbered documents (receipts,
-- invoices, credit notes) issued for every payment collected.

ALTER TABLE clinic_profile
  ADD COLUMN legal_name text NOT NULL DEFAULT '',
  ADD COLUMN gstin text NOT NULL DEFAULT '',
  ADD COLUMN state text NOT NULL DEFAULT '',
  ADD COLUMN receipt_prefix text NOT NULL DEFAULT 'R',
  ADD COLUMN credit_note_prefix text NOT NULL DEFAULT 'C';

-- NULL rate: exempt (a Bill of Supply); a rate with its SAC code: taxable (a Tax Invoice).
ALTER TABLE services
  ADD COLUMN tax_rate_percent numeric(5, 2),
  ADD COLUMN tax_sac text,
  ADD CONSTRAINT services_tax_check CHECK (
    (tax_rate_percent IS NULL AND tax_sac IS NULL)
    OR (tax_rate_percent BETWEEN 0 AND 28 AND tax_sac ~ '^[0-9]{6}$')
  );

ALTER TABLE therapists ADD COLUMN registration_number text NOT NULL DEFAULT '';

-- A therapist's share, from a date on: a change is a new row, so a past month never changes.
CREATE TABLE therapist_payout_rates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  therapist_id integer NOT NULL REFERENCES therapists (id),
  effective_from date NOT NULL,
  percent numeric(5, 2) CHECK (percent BETWEEN 0 AND 100),
  per_session_paise integer CHECK (per_session_paise >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((percent IS NULL) <> (per_session_paise IS NULL)),
  UNIQUE (therapist_id, effective_from)
);

-- The last serial issued in each series and financial year. Taking a number updates this row in
-- the payment's transaction: the row lock makes writers on any server take turns, and a rolled
-- back transaction gives its number back (a sequence would leave a gap).
CREATE TABLE document_counters (
  series text NOT NULL CHECK (series IN ('receipt', 'credit_note')),
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  last_serial integer NOT NULL CHECK (last_serial > 0),
  PRIMARY KEY (series, financial_year)
);

-- Issued documents. Everything printed is kept as it was on the day (the clinic's, the
-- therapist's and the service's details may change later), except the client's name, read from
-- the booking, so erasing a client's data (decision 039) leaves the figures and drops the name.
CREATE TABLE money_documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  series text NOT NULL CHECK (series IN ('receipt', 'credit_note')),
  financial_year text NOT NULL,
  serial integer NOT NULL CHECK (serial > 0),
  number text NOT NULL CHECK (length(number) <= 16),
  kind text NOT NULL CHECK (kind IN ('bill_of_supply', 'tax_invoice', 'credit_note')),
  -- What was paid: 'payment:{id}' (online) or 'centre:{id}'; a credit note 'credit:' and what it
  -- gives back (a series paid at once may be refunded session by session: one note each).
  source text NOT NULL UNIQUE,
  booking_id integer NOT NULL REFERENCES bookings (id),
  original_id bigint REFERENCES money_documents (id),
  issue_date date NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  supplier_state text NOT NULL,
  place_of_supply text NOT NULL,
  sac text,
  rate_percent numeric(5, 2) NOT NULL DEFAULT 0,
  taxable_paise integer NOT NULL,
  cgst_paise integer NOT NULL,
  sgst_paise integer NOT NULL,
  igst_paise integer NOT NULL,
  total_paise integer NOT NULL CHECK (total_paise = taxable_paise + cgst_paise + sgst_paise + igst_paise),
  amount_words text NOT NULL,
  clinic_name text NOT NULL,
  clinic_legal_name text NOT NULL,
  clinic_address text NOT NULL,
  clinic_gstin text NOT NULL,
  therapist_id integer NOT NULL REFERENCES therapists (id),
  therapist_name text NOT NULL,
  therapist_registration text NOT NULL,
  service_name text NOT NULL,
  session_date date NOT NULL,
  UNIQUE (series, financial_year, serial),
  UNIQUE (number),
  CHECK ((series = 'credit_note') = (kind = 'credit_note')),
  CHECK ((kind = 'credit_note') = (original_id IS NOT NULL))
);
CREATE INDEX money_documents_booking_idx ON money_documents (booking_id);
CREATE INDEX money_documents_original_idx ON money_documents (original_id) WHERE original_id IS NOT NULL;
CREATE INDEX money_documents_date_idx ON money_documents (issue_date, id);

-- Issued documents never change: a correction is a credit note and a new document.
CREATE FUNCTION money_documents_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Issued document % can not be changed or deleted: issue a credit note', OLD.number
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;
CREATE TRIGGER money_documents_immutable BEFORE UPDATE OR DELETE ON money_documents
  FOR EACH ROW EXECUTE FUNCTION money_documents_refuse_change();
