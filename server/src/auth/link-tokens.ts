/**
 * One-time links sent by e-mail. The token is random (32 bytes); only its SHA-256 is stored,
 * so a copy of the database cannot be used to activate accounts or reset passwords.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.js';

export type LinkPurpose = 'activate' | 'reset';

export const LINK_LIFETIME_SEC: Record<LinkPurpose, number> = { activate: 48 * 3600, reset: 3600 };

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createLinkToken(db: Queryable, userId: string, purpose: LinkPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // A new link replaces the previous unused ones of the same kind.
  await db.query('DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, purpose]);
  await db.query(
    `INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [hash(token), userId, purpose, LINK_LIFETIME_SEC[purpose]],
  );
  return token;
}

/** Uses the token once: the user it was made for, or null when unknown, used or expired. */
export async function consumeLinkToken(db: Queryable, token: string, purpose: LinkPurpose): Promise<string | null> {
  const rows = await db.query<{ user_id: string }>(
    `UPDATE account_tokens SET used_at = now()
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [hash(token), purpose],
  );
  return rows[0]?.user_id ?? null;
}
