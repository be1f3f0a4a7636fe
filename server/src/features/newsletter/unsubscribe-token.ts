/**
 * The one-click unsubscribe link of a newsletter: the user id signed with an HMAC of the
 * server's secret, so the link works without signing in and cannot be forged for someone else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { signToken, verifyToken } from '../../http/signed-token.js';

const PURPOSE = 'newsletter-unsubscribe';

export function unsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  return `${publicUrl}/brevo/desinscription?u=${encodeURIComponent(userId)}&t=${signToken(secret, PURPOSE, userId)}`;
}

export function verifyUnsubscribeToken(secret: string, userId: string, token: string): boolean {
  return verifyToken(secret, PURPOSE, userId, token);
}

/** Constant-time comparison of two secrets of any length (compares their SHA-256 HMACs). */
export function sameSecret(a: string, b: string): boolean {
  const key = 'brevo-webhook';
  return timingSafeEqual(createHmac('sha256', key).update(a).digest(), createHmac('sha256', key).update(b).digest());
}
