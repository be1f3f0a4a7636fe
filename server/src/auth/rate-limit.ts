/**
 * Rate limits of sign-in and of the requests that send e-mails, counted in the database so that
 * several app processes share them. Only failures count for sign-in; a success does not reset
 * the counter (an attacker who knows one password must not unlock guessing others).
 */
import type { Queryable } from '../db/client.js';

export interface Limit {
  scope: string;
  max: number;
  windowSec: number;
}

export const LIMITS = {
  /** Failed sign-ins on one account (by e-mail, known or not: no enumeration). */
  loginAccount: { scope: 'login-account', max: 5, windowSec: 15 * 60 },
  /** Failed sign-ins from one IP address, whatever the account. */
  loginIp: { scope: 'login-ip', max: 30, windowSec: 15 * 60 },
  /** Sign-up, activation and reset e-mails asked from one IP address. */
  mailIp: { scope: 'mail-ip', max: 10, windowSec: 60 * 60 },
  /** Reset or activation e-mails to one address. */
  mailAccount: { scope: 'mail-account', max: 3, windowSec: 60 * 60 },
} as const satisfies Record<string, Limit>;

export async function isLimited(db: Queryable, limit: Limit, key: string): Promise<boolean> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*) AS n FROM auth_attempts WHERE scope = $1 AND key = $2 AND at > now() - make_interval(secs => $3)`,
    [limit.scope, key, limit.windowSec],
  );
  return (rows[0]?.n ?? 0) >= limit.max;
}

export async function recordAttempt(db: Queryable, limit: Limit, key: string): Promise<void> {
  await db.query('INSERT INTO auth_attempts (scope, key) VALUES ($1, $2)', [limit.scope, key]);
  // Keep the table small: nothing older than a day matters to any limit.
  if (Math.random() < 0.05) await db.query(`DELETE FROM auth_attempts WHERE at < now() - interval '1 day'`);
}
