-- Therapists work in the product (issue 25, decision 052).
--
-- A therapist's login is an admin user tied to one therapist: role "therapist". It is never a
-- superadmin, and a therapist has at most one login.
ALTER TABLE admin_users ADD COLUMN therapist_id integer REFERENCES therapists (id);
ALTER TABLE admin_users
  ADD CONSTRAINT admin_users_therapist_not_superadmin CHECK (therapist_id IS NULL OR NOT is_superadmin);
CREATE UNIQUE INDEX admin_users_therapist_key ON admin_users (therapist_id) WHERE therapist_id IS NOT NULL;

-- Invitations a superadmin sends a therapist: the e-mailed link's token is stored only as its
-- SHA-256 digest; the link works once, for 72 hours.
CREATE TABLE therapist_invites (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  therapist_id integer NOT NULL REFERENCES therapists (id),
  token_hash text NOT NULL UNIQUE,
  invited_by_admin_id integer REFERENCES admin_users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX therapist_invites_therapist_idx ON therapist_invites (therapist_id);

-- A therapist's session notes: every save is a new version, nothing is overwritten. The text is
-- sealed with DATA_KEY (AES-256-GCM, as the client's booking note: decision 038); the database
-- never holds it in clear. Only the therapist who wrote it reads it.
CREATE TABLE session_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id integer NOT NULL REFERENCES bookings (id),
  therapist_id integer NOT NULL REFERENCES therapists (id),
  author_admin_id integer NOT NULL REFERENCES admin_users (id),
  version integer NOT NULL CHECK (version > 0),
  sealed_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (booking_id, therapist_id, version)
);
