-- A free trial (decision 1371): a new account's client gets a subscription of source 'trial',
-- status 'trialing', ending TRIAL_DAYS after sign-up; active while that end is ahead, then lapsed
-- like any subscription that ended. Paying (Stripe) or a grant replaces it. `trial_started_at`
-- keeps that a client had its trial, also once the subscription row says something else.
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_source_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_source_check CHECK (source IN ('stripe', 'manual', 'trial'));
ALTER TABLE clients ADD COLUMN trial_started_at timestamptz;
