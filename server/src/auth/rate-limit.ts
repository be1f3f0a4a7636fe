/**
 * The one rate limiter: sign-in, the requests that send e-mails and the contact form, counted in
 * the database (`auth_attempts`) so that several app processes share them. Only failures count for sign-in; a success does not reset
 * the counter (an attacker who knows one password must not unlock guessing others).
 *
 * No limit may be turned into a lock-out switch (decision 0601): an account's failures are
 * counted per account *and* address, so that failures from one network never slow its owner on
 * another; an address's failures slow it down (a doubling wait) rather than refuse it for a
 * quarter of an hour; and a browser that signed in to the account before is slowed only by its
 * own failures.
 */
import { isIPv6 } from 'node:net';
import { CONTACT_RATE_LIMIT } from '@immoloupe/shared/contact/contact-message';
import type { Queryable } from '../db/client.js';

export interface Limit {
  scope: string;
  max: number;
  windowSec: number;
  /** For sign-in limits: the wait after the free tries, doubling from `firstSec` up to `maxSec`. */
  delay?: { firstSec: number; maxSec: number };
}

/** Delay before an account's next try after the first free failures: 30 s, then doubling, at most 15 min. */
export const LOGIN_DELAY = { firstSec: 30, maxSec: 15 * 60 } as const;

export const LIMITS = {
  /** Failed sign-ins on one account from one address (`accountKey`): free tries, then growing delays. */
  loginAccount: { scope: 'login-account', max: 5, windowSec: 15 * 60, delay: LOGIN_DELAY },
  /**
   * Failed sign-ins from one address, whatever the account: free tries, then a wait of 2 s
   * doubling up to one minute, so that a colleague behind the same network is slowed, not shut out.
   */
  loginIp: { scope: 'login-ip', max: 30, windowSec: 15 * 60, delay: { firstSec: 2, maxSec: 60 } },
  /** Failed sign-ins of one known browser (its device cookie), whatever the address. */
  loginDevice: { scope: 'login-device', max: 5, windowSec: 15 * 60, delay: LOGIN_DELAY },
  /** Wrong current passwords typed in one session (password change). */
  passwordSession: { scope: 'password-session', max: 5, windowSec: 15 * 60 },
  /** Sign-up, activation and reset e-mails asked from one IP address. */
  mailIp: { scope: 'mail-ip', max: 10, windowSec: 60 * 60 },
  /** Reset or activation e-mails to one address. */
  mailAccount: { scope: 'mail-account', max: 3, windowSec: 60 * 60 },
  /** Contact-form messages from one IP address (the figure /contact announces). */
  contactIp: { scope: 'contact-ip', max: CONTACT_RATE_LIMIT.max, windowSec: CONTACT_RATE_LIMIT.windowMinutes * 60 },
} as const satisfies Record<string, Limit>;

/**
 * The key of a client address for limits: an IPv4 address as it is, an IPv6 address by its /64
 * (one subscriber line holds a whole /64: counting each address would let it rotate freely).
 */
export function ipKey(ip: string | undefined | null): string {
  if (!ip) return 'inconnue';
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1] as string;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The key of an account's failures from one address. */
export function accountKey(email: string, ip: string): string {
  return `${email}|${ip}`;
}

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

/**
 * Counts one attempt under `limit` unless it is spent, atomically: concurrent requests for the same
 * key are serialised (transaction-scoped advisory lock), so that N parallel requests cannot all pass
 * a limit of N - 1. Answers whether the attempt was allowed. Run inside a transaction.
 */
export async function takeAttempt(tx: Queryable, limit: Limit, key: string): Promise<boolean> {
  await tx.query('SELECT pg_advisory_xact_lock(727274400, hashtext($1))', [`${limit.scope}|${key}`]);
  await tx.query(`DELETE FROM auth_attempts WHERE at < now() - interval '1 day'`);
  if (await isLimited(tx, limit, key)) return false;
  await tx.query('INSERT INTO auth_attempts (scope, key) VALUES ($1, $2)', [limit.scope, key]);
  return true;
}

/** Forgets an account's sign-in failures, from every address (its password was just reset). */
export async function clearAccountFailures(db: Queryable, email: string): Promise<void> {
  await db.query(`DELETE FROM auth_attempts WHERE scope = $1 AND left(key, length($2) + 1) = $2 || '|'`, [
    LIMITS.loginAccount.scope,
    email,
  ]);
}

/** Seconds the next sign-in must wait after `failures` recent failures (0: no wait). */
export function loginDelaySec(failures: number, free: number = LIMITS.loginAccount.max, delay: Limit['delay'] = LOGIN_DELAY): number {
  if (failures < free || !delay) return 0;
  return Math.min(delay.firstSec * 2 ** (failures - free), delay.maxSec);
}

/** Seconds left before `key` may try to sign in again (0: now). */
export async function loginWaitSec(db: Queryable, limit: Limit, key: string): Promise<number> {
  const [row] = await db.query<{ n: number; since: number | null }>(
    `SELECT count(*)::int AS n, extract(epoch FROM now() - max(at))::float8 AS since
       FROM auth_attempts WHERE scope = $1 AND key = $2 AND at > now() - make_interval(secs => $3)`,
    [limit.scope, key, limit.windowSec],
  );
  const delay = loginDelaySec(Number(row?.n ?? 0), limit.max, limit.delay ?? LOGIN_DELAY);
  return delay === 0 ? 0 : Math.max(0, Math.ceil(delay - Number(row?.since ?? 0)));
}
