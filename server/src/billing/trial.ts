/**
 * The free trial of a new account (decision 1371): `TRIAL_DAYS` days of the pro area without a
 * card, as a subscription of source `trial` (`aboactif` true until its end, then lapsed like any
 * ended subscription: the navigation rules send the user to /abo/offre). Once per client.
 */

import { ensureClient } from '../auth/account-store.js';
import type { Queryable } from '../db/client.js';
import { type AuditActor, recordAudit } from '../features/audit/audit.js';

const DAY_MS = 86_400_000;

/**
 * Starts the trial of `userId` at `now` for `days` days, unless it had one (or any subscription);
 * records the audit line. Returns its end, or null when none was started.
 */
export async function startTrial(db: Queryable, userId: string, days: number, actor: AuditActor, now = new Date()): Promise<Date | null> {
  if (days <= 0) return null;
  const clientId = await ensureClient(db, userId);
  const end = new Date(now.getTime() + days * DAY_MS);
  const claimed = await db.query<{ id: string }>(
    'UPDATE clients SET trial_started_at = $2 WHERE id = $1 AND trial_started_at IS NULL RETURNING id',
    [clientId, now],
  );
  if (claimed.length === 0) return null;
  const inserted = await db.query(
    `INSERT INTO subscriptions (client_id, source, status, current_period_end, cancel_at_period_end, updated_at)
     VALUES ($1, 'trial', 'trialing', $2, true, $3) ON CONFLICT (client_id) DO NOTHING RETURNING client_id`,
    [clientId, end, now],
  );
  if (inserted.length === 0) return null;
  await recordAudit(db, actor, 'subscription.trial', userId, { days, until: end.toISOString().slice(0, 10) });
  return end;
}
