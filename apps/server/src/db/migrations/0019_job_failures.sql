-- When a job last failed (decision 049): the health figures count the jobs failing now and those
-- that used their last attempt in the past day. Set by each failed attempt, never cleared; the
-- partial index holds only the unfinished jobs that have failed, a handful.
ALTER TABLE jobs ADD COLUMN failed_at timestamptz;
CREATE INDEX jobs_failed_idx ON jobs (failed_at) WHERE done_at IS NULL AND failed_at IS NOT NULL;
