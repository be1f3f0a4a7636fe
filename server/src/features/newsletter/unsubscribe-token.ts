/**
 * The one-click unsubscribe link of a newsletter: the user id signed with an HMAC of the
 * server's secret, so the link works without signing in and cannot be forged for someone else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const sign = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`newsletter-unsubscribe:${userId}`).digest('base64url');

export function unsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  return `${publicUrl}/brevo/desinscription?u=${encodeURIComponent(userId)}&t=${sign(secret, userId)}`;
}

export function verifyUnsubscribeToken(secret: string, userId: string, token: string): boolean {
  const expected = Buffer.from(sign(secret, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Constant-time comparison of two secrets of any length (compares their SHA-256 HMACs). */
export function sameSecret(a: string, b: string): boolean {
  const key = 'brevo-webhook';
  return timingSafeEqual(createHmac('sha256', key).update(a).digest(), createHmac('sha256', key).update(b).digest());
}
