-- Download jobs (SPEC §3, §7): a file a user ordered (an export, a report) made by a job of the
-- queue. The row is the user's record of it: what was asked (kind, params), under which title, and
-- once made, where the file is. While it is not completed, its status is read from the queue's job
-- (job_id), which knows about crashes and retries; a failure the work itself reports (a rule of the
-- product, not a crash) is kept here with its error code.
CREATE TABLE download_jobs (
  id uuid PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  params jsonb NOT NULL,
  -- The queue's job running it now (a retry sends a new one).
  job_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  failed_at timestamptz,
  error_code text,
  file_name text,
  file_size bigint,
  content_type text,
  is_downloaded boolean NOT NULL DEFAULT false
);
CREATE INDEX download_jobs_client_idx ON download_jobs (client_id, created_at DESC);
