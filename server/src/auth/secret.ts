/**
 * The secret that signs session cookies: AUTH_SECRET when set; otherwise one generated on the
 * first start and kept in `app_settings`, so that a fresh install works without configuration
 * and every app process on the same database shares it (the first writer wins).
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.js';

const SETTING_KEY = 'auth_secret';

export async function resolveAuthSecret(db: Queryable, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.query('INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    SETTING_KEY,
    randomBytes(48).toString('base64url'),
  ]);
  const rows = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [SETTING_KEY]);
  const value = rows[0]?.value;
  if (!value) throw new Error('auth secret could not be stored');
  return value;
}
