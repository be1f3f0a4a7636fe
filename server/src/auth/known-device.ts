/**
 * « Known device » cookie: set on a successful sign-in, signed with the Auth.js secret. A browser
 * that carries it for an account may sign in to that account with the right password even while
 * someone else's wrong passwords slow the account down (docs/decisions/0600-sign-in-throttling.md).
 * It proves only that this browser signed in before; the password is still checked every time.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'immoloupe.appareil';
export const DEVICE_COOKIE_MAX_AGE_SEC = 365 * 86_400;

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`known-device:${payload}`).digest('base64url');
}

/** `<user id>.<issued at, seconds>.<nonce>.<signature>` */
export function deviceToken(secret: string, userId: string, now = new Date()): string {
  const payload = `${userId}.${Math.floor(now.getTime() / 1000)}.${randomBytes(9).toString('base64url')}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The account id a device token was issued for, or null when it is absent, forged or too old. */
export function deviceUserId(secret: string, token: string | undefined, now = new Date()): string | null {
  if (!token) return null;
  const cut = token.lastIndexOf('.');
  if (cut < 0) return null;
  const payload = token.slice(0, cut);
  const given = Buffer.from(token.slice(cut + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, issuedAt] = payload.split('.');
  if (!userId || !issuedAt) return null;
  if (now.getTime() / 1000 - Number(issuedAt) > DEVICE_COOKIE_MAX_AGE_SEC) return null;
  return userId;
}

/** The key under which one known browser's own failures are counted (not the token itself). */
export function deviceKey(token: string | undefined): string | null {
  return token ? createHash('sha256').update(token).digest('base64url').slice(0, 22) : null;
}
