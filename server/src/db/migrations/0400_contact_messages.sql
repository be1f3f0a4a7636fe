-- Messages sent through the public contact form (/contact), listed in the admin area.
CREATE TABLE contact_messages (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  -- Set once the message was e-mailed to the team; NULL when no mail transport is configured.
  mailed_at timestamptz
);
CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at DESC);

-- Submissions per IP address, for the rate limit shared by every app process. Rows older than
-- a day are purged on each submission: the IP address is kept only for anti-abuse (see /cgu).
CREATE TABLE contact_attempts (
  ip text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_attempts_ip_at_idx ON contact_attempts (ip, attempted_at);
CREATE INDEX contact_attempts_at_idx ON contact_attempts (attempted_at);
