/** The access keys of a user in the account export: their name and prefix, never their hash. */
import { type AccountDataPart, iso } from '../../auth/account-data.js';

export const keyAccountData: readonly AccountDataPart[] = [
  {
    key: 'accessKeys',
    tables: ['access_keys'],
    async export(db, userId) {
      const keys = await db.query<{ name: string; prefix: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }>(
        'SELECT name, prefix, created_at, last_used_at, revoked_at FROM access_keys WHERE user_id = $1 ORDER BY created_at',
        [userId],
      );
      return keys.map((k) => ({
        name: k.name,
        prefix: k.prefix,
        createdAt: iso(k.created_at),
        lastUsedAt: iso(k.last_used_at),
        revokedAt: iso(k.revoked_at),
      }));
    },
  },
];
