-- In-app notifications (decision 1370): the alert engine writes one per alert with new rows and
-- run, in the same transaction as the watermarks it advances, whatever the mail configuration; the
-- header's bell lists them. The rows are kept as the digest writes them (a few words each, at most
-- ten), so the inbox reads without the tools' queries and says the same as the e-mail.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('search', 'address')),
  -- The saved search's or address's name when the alert ran (it may be renamed or deleted since).
  name text NOT NULL,
  subtitle text NOT NULL,
  -- A path of the app: the tool with the saved filters, or the address analysis.
  url text NOT NULL,
  row_count integer NOT NULL CHECK (row_count > 0),
  rows jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The e-mail that carried the same rows, when this site sends e-mails.
  digest_id uuid REFERENCES alert_digests (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC, id);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
