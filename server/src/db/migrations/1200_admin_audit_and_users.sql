-- Running the service (issue 15): the audit log of administrator actions, disabled users, and
-- the marketing consent and deliverability of each address for newsletters.

-- One row per administrator action. `actor_email` is kept as written at the time: the log must
-- still say who acted after that account is deleted.
CREATE TABLE admin_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_email text NOT NULL,
  ip text,
  action text NOT NULL,
  target text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX admin_audit_at_idx ON admin_audit (at DESC, id DESC);
CREATE INDEX admin_audit_action_idx ON admin_audit (action, at DESC);

-- A disabled user cannot sign in and every session of theirs is refused.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
-- Newsletters: a separate opt-in, off by default (CNIL); `marketing_consent_at` records when it
-- was last given or withdrawn, `email_undeliverable_at` a hard bounce or spam complaint reported
-- by the mailing service (no newsletter is sent to that address any more).
ALTER TABLE users ADD COLUMN marketing_consent boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN marketing_consent_at timestamptz;
ALTER TABLE users ADD COLUMN email_undeliverable_at timestamptz;
ALTER TABLE users ADD COLUMN email_undeliverable_reason text;
