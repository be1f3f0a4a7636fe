-- Market tools (issue 5): value opinions (avis de valeur) and their photo, the agency branding
-- printed on the reports, and the addresses saved from the address analysis.

-- The agency of a user, printed on the value opinion and market reports.
CREATE TABLE agency_profiles (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '',
  contact text NOT NULL DEFAULT '',
  logo bytea,
  logo_type text CHECK (logo_type IN ('image/jpeg', 'image/png', 'image/webp')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A saved value opinion. `result` is the snapshot the agent saw and printed (subject, steps,
-- comparables, estimate): a later DVF import does not change a report already given.
CREATE TABLE value_opinions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  label text NOT NULL,
  as_of date NOT NULL,
  subject jsonb NOT NULL,
  excluded text[] NOT NULL DEFAULT '{}',
  added text[] NOT NULL DEFAULT '{}',
  result jsonb NOT NULL,
  adjustment_pct numeric(5, 2) NOT NULL DEFAULT 0,
  comment text NOT NULL DEFAULT '',
  photo bytea,
  photo_type text CHECK (photo_type IN ('image/jpeg', 'image/png', 'image/webp')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX value_opinions_user_created ON value_opinions (user_id, created_at DESC);

-- Addresses saved from /pro/analyseadresse (listed by /pro/mesadresses, a later issue).
CREATE TABLE saved_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  label text NOT NULL,
  lon double precision NOT NULL,
  lat double precision NOT NULL,
  insee text,
  id_parcelle text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, label)
);
