-- The clinic's own profile (issue 11): one row, written by a superadmin (or the demo loader).
-- Until it is saved there is no row, and the pages show their placeholders.
CREATE TABLE clinic_profile (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  name text NOT NULL,
  phone text NOT NULL,
  email text NOT NULL,
  address text NOT NULL DEFAULT '',
  privacy_contact text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_admin_id integer REFERENCES admin_users (id)
);
