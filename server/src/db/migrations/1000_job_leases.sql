-- Who is running which background job right now (server/src/jobs/queue.ts). The queue itself is
-- pg-boss's own schema (`pgboss`, created and migrated by pg-boss at start); a lease whose
-- heartbeat stops (process killed) gives its job back to the queue at once instead of after the
-- job's expiry (decision 1000).
CREATE TABLE job_leases (
  job_id uuid PRIMARY KEY,
  queue text NOT NULL,
  worker text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_leases_heartbeat ON job_leases (heartbeat_at);
