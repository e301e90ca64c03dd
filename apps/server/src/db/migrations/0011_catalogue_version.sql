-- Issue 13 (ADR 035): the public catalogue is served from each server's memory. This counter
-- goes up with every statement that changes what it shows, whoever writes (the app, the admin
-- CLI, a migration), so every instance sees a change on its next check of the counter.
CREATE TABLE catalogue_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL
);
INSERT INTO catalogue_version (version) VALUES (1);

CREATE FUNCTION bump_catalogue_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END $$;

DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['locations', 'services', 'therapists', 'therapist_locations',
    'therapist_services', 'therapist_schedules', 'weekly_hours',
    'date_overrides', 'time_off', 'holidays', 'clinic_profile']
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
       FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()',
      name || '_bump_catalogue_version', name);
  END LOOP;
END $$;
