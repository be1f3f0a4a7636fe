-- Accounts, sessions, clients and subscriptions, access keys, Stripe events (issue 3).

-- E-mails are stored trimmed and lower-cased by the application; the unique index is the guard.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'subscriber' CHECK (role IN ('subscriber', 'admin')),
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- One row per signed-in browser. The Auth.js JWT cookie carries the row id (`sid`): deleting
-- the row ends that session (sign-out, password change) even though the cookie is stateless.
CREATE TABLE user_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_agent text
);
CREATE INDEX user_sessions_user_idx ON user_sessions (user_id);

-- The client record of SEED-SPEC §3: created when a user first subscribes (or for an
-- administrator); holds the Stripe customer.
CREATE TABLE clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  stripe_customer_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The client's current subscription (`abo`), kept true to Stripe by the webhook, or granted by
-- an administrator (`manual`).
CREATE TABLE subscriptions (
  client_id uuid PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('stripe', 'manual')),
  -- Stripe's subscription statuses; a manual subscription is 'active' or 'canceled'.
  status text NOT NULL,
  stripe_subscription_id text UNIQUE,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  -- `created` of the last Stripe event applied: an older event arriving late is ignored.
  stripe_event_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL
);

-- One-time links sent by e-mail (account activation, password reset); only their hash is kept.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('activate', 'reset')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id);

-- Failed sign-ins (and mail-sending requests) per account and per IP address: the rate limit
-- lives in the database so that several app processes share it.
CREATE TABLE auth_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scope text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_attempts_key_idx ON auth_attempts (scope, key, at);
CREATE INDEX auth_attempts_at_idx ON auth_attempts (at);

-- Personal access keys (browser extension, public API): shown once, only their SHA-256 is kept.
CREATE TABLE access_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX access_keys_user_idx ON access_keys (user_id);

-- Stripe webhook events already applied: the same event delivered twice changes nothing.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
