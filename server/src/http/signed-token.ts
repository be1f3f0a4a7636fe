/**
 * Links that act without signing in (one-click unsubscribes): a value signed with an HMAC of the
 * server's secret, scoped by a purpose so a token of one kind of link is worthless for another.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signToken(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');
}

export function verifyToken(secret: string, purpose: string, value: string, token: string): boolean {
  const expected = Buffer.from(signToken(secret, purpose, value));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
