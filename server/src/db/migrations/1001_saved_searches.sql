-- Saved searches (/pro/mesrecherches): a tool and that tool's URL query, owned by one user
-- (deleted with the account). `last_count`: results when last counted (saving, alert runs).
CREATE TABLE saved_searches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tool text NOT NULL,
  name text NOT NULL,
  query text NOT NULL,
  alert text NOT NULL DEFAULT 'off' CHECK (alert IN ('off', 'daily', 'weekly')),
  last_count integer,
  last_count_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_searches_user ON saved_searches (user_id, created_at);
CREATE INDEX saved_searches_alert ON saved_searches (alert) WHERE alert <> 'off';
