-- Money papers in the booking's language (issue 27, decision 063): when the clinic allows it, a
-- document of a booking made in Hindi is printed in Hindi beside English (English always). Off
-- by default: the accountant decides whether the clinic's documents may carry a second language.
ALTER TABLE clinic_profile
  ADD COLUMN documents_in_client_language boolean NOT NULL DEFAULT false;
