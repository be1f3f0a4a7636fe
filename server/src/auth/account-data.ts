/**
 * What a feature keeps of a user, for « Télécharger mes données » and the deletion of the account
 * (decision 1511). Each feature that stores rows of a user describes them once, in its own
 * `account-data.ts` exported by its index.ts; the list is wired beside app.ts (account-data.ts of
 * server/src) and handed to the account routes, which read none of the features' tables.
 */
import type { Db, Queryable } from '../db/client.js';
import { accountById } from './account-store.js';

export interface AccountDataPart {
  /** Its key in the export's JSON (`savedSearches`). */
  key: string;
  /**
   * The tables whose `user_id` rows belong to the user, emptied with the account; rows hanging off
   * them (a list's targets, a listing's prices) go by their own foreign keys.
   */
  tables: readonly string[];
  /** The user's rows as the export gives them. Without it the part is erased, not exported (alert watermarks: no content). */
  export?: (db: Queryable, userId: string) => Promise<unknown>;
}

export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export const dataUrl = (bytes: Uint8Array | null, type: string | null) =>
  bytes && type ? `data:${type};base64,${Buffer.from(bytes).toString('base64')}` : null;

export async function exportAccountData(
  db: Queryable,
  parts: readonly AccountDataPart[],
  userId: string,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const part of parts) if (part.export) out[part.key] = await part.export(db, userId);
  return out;
}

/** The user's rows of every part, then the user, in one transaction: a failure deletes nothing. */
export async function eraseAccount(db: Db, parts: readonly AccountDataPart[], userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const part of parts) for (const table of part.tables) await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    await tx.query('DELETE FROM users WHERE id = $1', [userId]);
  });
}

/** The account's own rows, kept by auth: who the user is, the subscription, the e-mailed links, the sessions. */
export const AUTH_ACCOUNT_DATA: readonly AccountDataPart[] = [
  {
    key: 'account',
    tables: [],
    async export(db, userId) {
      const account = await accountById(db, userId);
      const [user] = await db.query<{
        email_verified_at: Date | null;
        password_changed_at: Date;
        marketing_consent: boolean;
        marketing_consent_at: Date | null;
        email_undeliverable_at: Date | null;
        email_undeliverable_reason: string | null;
        disabled_at: Date | null;
      }>(
        `SELECT email_verified_at, password_changed_at, marketing_consent, marketing_consent_at, email_undeliverable_at,
                email_undeliverable_reason, disabled_at FROM users WHERE id = $1`,
        [userId],
      );
      return {
        email: account?.email,
        role: account?.role,
        createdAt: iso(account?.createdAt),
        emailVerifiedAt: iso(user?.email_verified_at),
        passwordChangedAt: iso(user?.password_changed_at),
        marketingConsent: user?.marketing_consent ?? false,
        marketingConsentAt: iso(user?.marketing_consent_at),
        emailUndeliverableAt: iso(user?.email_undeliverable_at),
        emailUndeliverableReason: user?.email_undeliverable_reason ?? null,
        disabledAt: iso(user?.disabled_at),
      };
    },
  },
  {
    key: 'client',
    tables: ['clients'],
    async export(db, userId) {
      const account = await accountById(db, userId);
      return account?.client ? { ...account.client, stripeCustomerId: account.stripeCustomerId } : null;
    },
  },
  {
    // The e-mailed links (activation, new password): when, not the link itself.
    key: 'emailLinks',
    tables: ['account_tokens'],
    async export(db, userId) {
      const tokens = await db.query<{ purpose: string; created_at: Date; expires_at: Date; used_at: Date | null }>(
        'SELECT purpose, created_at, expires_at, used_at FROM account_tokens WHERE user_id = $1 ORDER BY created_at',
        [userId],
      );
      return tokens.map((t) => ({
        purpose: t.purpose,
        createdAt: iso(t.created_at),
        expiresAt: iso(t.expires_at),
        usedAt: iso(t.used_at),
      }));
    },
  },
  {
    key: 'sessions',
    tables: ['user_sessions'],
    async export(db, userId) {
      const sessions = await db.query<{ created_at: Date; last_seen_at: Date; expires_at: Date; user_agent: string | null }>(
        'SELECT created_at, last_seen_at, expires_at, user_agent FROM user_sessions WHERE user_id = $1 ORDER BY created_at',
        [userId],
      );
      return sessions.map((s) => ({
        createdAt: iso(s.created_at),
        lastSeenAt: iso(s.last_seen_at),
        expiresAt: iso(s.expires_at),
        userAgent: s.user_agent,
      }));
    },
  },
];
