/**
 * Writes of the subscription state: from Stripe (webhook, checkout return) and by hand (an
 * administrator grants, extends or ends one). One row per client: its current subscription.
 */
import { ensureClient } from '../auth/account-store.js';
import type { Queryable } from '../db/client.js';
import { extendedEnd, type StripeSubscriptionState } from './subscriptions.logic.js';

/** The client holding a Stripe customer, created for `userId` when the customer is new to us. */
export async function clientForCustomer(db: Queryable, customerId: string, userId: string | null): Promise<string | null> {
  const found = await db.query<{ id: string }>('SELECT id FROM clients WHERE stripe_customer_id = $1', [customerId]);
  if (found[0]) return found[0].id;
  if (!userId || !(await db.query('SELECT 1 FROM users WHERE id = $1', [userId])).length) return null;
  const clientId = await ensureClient(db, userId);
  await db.query('UPDATE clients SET stripe_customer_id = $2 WHERE id = $1', [clientId, customerId]);
  return clientId;
}

/**
 * Applies a Stripe subscription state unless a later Stripe event was applied already
 * (`eventAt`: the event's creation time; events may arrive out of order).
 */
export async function applyStripeSubscription(
  db: Queryable,
  clientId: string,
  sub: StripeSubscriptionState,
  eventAt: Date,
): Promise<boolean> {
  const rows = await db.query<{ client_id: string }>(
    `INSERT INTO subscriptions (client_id, source, status, stripe_subscription_id, current_period_end, cancel_at_period_end, stripe_event_at, updated_at)
     VALUES ($1, 'stripe', $2, $3, $4, $5, $6, now())
     ON CONFLICT (client_id) DO UPDATE SET
       source = 'stripe', status = EXCLUDED.status, stripe_subscription_id = EXCLUDED.stripe_subscription_id,
       current_period_end = EXCLUDED.current_period_end, cancel_at_period_end = EXCLUDED.cancel_at_period_end,
       stripe_event_at = EXCLUDED.stripe_event_at, updated_at = now(), updated_by = NULL
     WHERE subscriptions.stripe_event_at IS NULL OR subscriptions.stripe_event_at <= EXCLUDED.stripe_event_at
     RETURNING client_id`,
    [clientId, sub.status, sub.id, sub.currentPeriodEnd, sub.cancelAtPeriodEnd, eventAt],
  );
  return rows.length > 0;
}

/** Marks the Stripe subscription `subscriptionId` with `status` (a failed payment: past_due). */
export async function setStripeStatus(db: Queryable, subscriptionId: string, status: string, eventAt: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE subscriptions SET status = $2, stripe_event_at = $3, updated_at = now()
     WHERE stripe_subscription_id = $1 AND (stripe_event_at IS NULL OR stripe_event_at <= $3) RETURNING client_id`,
    [subscriptionId, status, eventAt],
  );
  return rows.length > 0;
}

interface CurrentRow {
  client_id: string;
  source: 'stripe' | 'manual' | null;
  status: string | null;
  current_period_end: Date | null;
  stripe_subscription_id: string | null;
}

export async function currentSubscription(db: Queryable, userId: string): Promise<CurrentRow | null> {
  const rows = await db.query<CurrentRow>(
    `SELECT c.id AS client_id, s.source, s.status, s.current_period_end, s.stripe_subscription_id
     FROM clients c LEFT JOIN subscriptions s ON s.client_id = c.id WHERE c.user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** Grants (or extends) a subscription by hand, for `months` from its current end or from now. */
export async function grantManual(db: Queryable, userId: string, months: number, adminId: string, now = new Date()): Promise<Date> {
  const clientId = await ensureClient(db, userId);
  const current = await currentSubscription(db, userId);
  const activeEnd = current?.status === 'active' && current.current_period_end ? new Date(current.current_period_end) : null;
  const end = extendedEnd(activeEnd, now, months);
  await db.query(
    `INSERT INTO subscriptions (client_id, source, status, current_period_end, cancel_at_period_end, updated_at, updated_by)
     VALUES ($1, 'manual', 'active', $2, true, now(), $3)
     ON CONFLICT (client_id) DO UPDATE SET source = 'manual', status = 'active', stripe_subscription_id = NULL,
       current_period_end = EXCLUDED.current_period_end, cancel_at_period_end = true, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [clientId, end, adminId],
  );
  return end;
}

/** Ends the subscription now (a Stripe one is cancelled at Stripe first by the caller). */
export async function endSubscription(db: Queryable, userId: string, adminId: string | null): Promise<boolean> {
  const rows = await db.query(
    `UPDATE subscriptions s SET status = 'canceled', current_period_end = LEAST(COALESCE(s.current_period_end, now()), now()),
       cancel_at_period_end = false, updated_at = now(), updated_by = $2
     FROM clients c WHERE c.id = s.client_id AND c.user_id = $1 RETURNING s.client_id`,
    [userId, adminId],
  );
  return rows.length > 0;
}
