-- Issue 14: a client under 18 books with a parent or guardian, who consents and is copied on the
-- confirmation (decision 040).
ALTER TABLE bookings
  ADD COLUMN guardian_name text,
  ADD COLUMN guardian_relation text,
  ADD COLUMN guardian_mobile text,
  ADD COLUMN guardian_email text,
  ADD COLUMN guardian_consent boolean NOT NULL DEFAULT false;
