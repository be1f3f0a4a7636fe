/**
 * Personal access keys: `iml_` + 32 random bytes (base64url). The key is shown once; only its
 * SHA-256 is stored (a random 256-bit secret needs no slow hash: it cannot be guessed), with
 * its first characters to recognise it in the list.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_KEY_PREFIX, type KeySummary } from '@immoloupe/shared/accounts/contracts';
import { ACCOUNT_COLUMNS, ACCOUNT_FROM, type Account, type AccountRow, toAccount } from '../../auth/account-store.js';
import type { Queryable } from '../../db/client.js';

const KEY_PATTERN = /^iml_[A-Za-z0-9_-]{43}$/;
/** Keys a user may hold at once. */
export const MAX_KEYS_PER_USER = 20;

export function hashKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function generateKey(): { secret: string; prefix: string; hash: string } {
  const secret = `${ACCESS_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, 10), hash: hashKey(secret) };
}

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
}

function toSummary(row: KeyRow): KeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

export async function listKeys(db: Queryable, userId: string): Promise<KeySummary[]> {
  const rows = await db.query<KeyRow>(
    `SELECT id, name, prefix, created_at, last_used_at FROM access_keys
     WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows.map(toSummary);
}

export async function countKeys(db: Queryable, userId: string): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*) AS n FROM access_keys WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
  return rows[0]?.n ?? 0;
}

export async function createKey(db: Queryable, userId: string, name: string): Promise<{ key: KeySummary; secret: string }> {
  const { secret, prefix, hash } = generateKey();
  const rows = await db.query<KeyRow>(
    `INSERT INTO access_keys (user_id, name, prefix, key_hash) VALUES ($1, $2, $3, $4)
     RETURNING id, name, prefix, created_at, last_used_at`,
    [userId, name, prefix, hash],
  );
  return { key: toSummary(rows[0] as KeyRow), secret };
}

/** Revokes the key if it belongs to `userId`; false when there is no such key of theirs. */
export async function revokeKey(db: Queryable, userId: string, keyId: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'UPDATE access_keys SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id',
    [keyId, userId],
  );
  return rows.length > 0;
}

/** The account a key signs in, recording its use (at most once a minute, to spare writes). */
export async function accountByAccessKey(db: Queryable, secret: string): Promise<Account | null> {
  if (!KEY_PATTERN.test(secret)) return null;
  const rows = await db.query<AccountRow & { key_id: string }>(
    `SELECT ${ACCOUNT_COLUMNS}, k.id AS key_id FROM access_keys k JOIN ${ACCOUNT_FROM} ON u.id = k.user_id
     WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND u.disabled_at IS NULL`,
    [hashKey(secret)],
  );
  const row = rows[0];
  if (!row) return null;
  await db.query(
    `UPDATE access_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [row.key_id],
  );
  return toAccount(row);
}
