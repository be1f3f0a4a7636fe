-- Newsletters sent through Brevo (issue 15): the campaign, its recipients (a snapshot of the
-- segment taken when the send starts, worked through in batches), and the Brevo webhook events
-- already applied (a replayed event changes nothing).

CREATE TABLE newsletters (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject text NOT NULL,
  preheader text NOT NULL DEFAULT '',
  -- Sanitised on the server before it is stored.
  body_html text NOT NULL,
  segment text NOT NULL,
  status text NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'sent', 'failed')),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

CREATE TABLE newsletter_recipients (
  newsletter_id bigint NOT NULL REFERENCES newsletters (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  -- pending → claimed (a batch is sending it) → sent | failed
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'claimed', 'sent', 'failed')),
  claimed_at timestamptz,
  sent_at timestamptz,
  error text,
  PRIMARY KEY (newsletter_id, user_id)
);
CREATE INDEX newsletter_recipients_status_idx ON newsletter_recipients (newsletter_id, status);

CREATE TABLE brevo_events (
  key text PRIMARY KEY,
  event text NOT NULL,
  email text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
