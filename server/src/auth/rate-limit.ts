/**
 * Rate limits of sign-in and of the requests that send e-mails, counted in the database so that
 * several app processes share them. Only failures count for sign-in; a success does not reset
 * the counter (an attacker who knows one password must not unlock guessing others).
 *
 * Per account, failures do not lock the account (anyone who knows an agent's address could keep
 * them out): past a few, each further try must wait a delay that doubles, and a browser that
 * signed in to the account before is not slowed at all (decision 0600).
 */
import type { Queryable } from '../db/client.js';

export interface Limit {
  scope: string;
  max: number;
  windowSec: number;
}

export const LIMITS = {
  /** Failed sign-ins on one account (by e-mail, known or not: no enumeration): free tries, then growing delays. */
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

/** Delay before the next try after the first free failures: 30 s, then doubling, at most 15 min. */
export const LOGIN_DELAY = { firstSec: 30, maxSec: 15 * 60 } as const;

/** Seconds an account's next sign-in must wait after `failures` recent failures (0: no wait). */
export function loginDelaySec(failures: number, free: number = LIMITS.loginAccount.max): number {
  if (failures < free) return 0;
  return Math.min(LOGIN_DELAY.firstSec * 2 ** (failures - free), LOGIN_DELAY.maxSec);
}

/** Seconds left before `key` may try to sign in again (0: now). */
export async function loginWaitSec(db: Queryable, limit: Limit, key: string): Promise<number> {
  const [row] = await db.query<{ n: number; since: number | null }>(
    `SELECT count(*)::int AS n, extract(epoch FROM now() - max(at))::float8 AS since
       FROM auth_attempts WHERE scope = $1 AND key = $2 AND at > now() - make_interval(secs => $3)`,
    [limit.scope, key, limit.windowSec],
  );
  const delay = loginDelaySec(Number(row?.n ?? 0), limit.max);
  return delay === 0 ? 0 : Math.max(0, Math.ceil(delay - Number(row?.since ?? 0)));
}
