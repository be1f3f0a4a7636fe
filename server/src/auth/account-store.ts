/**
 * The account as every request sees it: the user, its client record and subscription (`abo`),
 * and whether that subscription is active (`aboactif`), read in one query.
 */
import type { Abo, ClientRecord, Role } from '@immoloupe/shared/accounts/contracts';
import type { Queryable } from '../db/client.js';

/**
 * A Stripe subscription is active while Stripe says so (it renews it); a subscription granted
 * by hand is active until the end of the period granted; a free trial until its end (decision 1371).
 */
export const ABO_ACTIVE_SQL = `(CASE
  WHEN s.client_id IS NULL THEN false
  WHEN s.source = 'stripe' THEN s.status IN ('active', 'trialing')
  WHEN s.source = 'trial' THEN s.status = 'trialing' AND s.current_period_end > now()
  ELSE s.status = 'active' AND (s.current_period_end IS NULL OR s.current_period_end > now())
END)`;

export const ACCOUNT_COLUMNS = `u.id, u.email, u.role, u.email_verified_at, u.created_at, u.password_hash, u.disabled_at,
  c.id AS client_id, c.stripe_customer_id,
  s.source AS abo_source, s.status AS abo_status, s.current_period_end, s.cancel_at_period_end,
  s.stripe_subscription_id, ${ABO_ACTIVE_SQL} AS aboactif`;

export const ACCOUNT_FROM = `users u
  LEFT JOIN clients c ON c.user_id = u.id
  LEFT JOIN subscriptions s ON s.client_id = c.id`;

export interface AccountRow {
  id: string;
  email: string;
  role: Role;
  email_verified_at: Date | null;
  created_at: Date;
  password_hash: string;
  disabled_at: Date | null;
  client_id: string | null;
  stripe_customer_id: string | null;
  abo_source: 'stripe' | 'manual' | 'trial' | null;
  abo_status: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean | null;
  stripe_subscription_id: string | null;
  aboactif: boolean;
}

export interface Account {
  id: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  createdAt: Date;
  passwordHash: string;
  /** Disabled by an administrator: no sign-in, no session, no access key. */
  disabled: boolean;
  clientId: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  client: ClientRecord | null;
}

export function aboOf(row: Pick<AccountRow, 'abo_source' | 'abo_status' | 'current_period_end' | 'cancel_at_period_end'>): Abo | null {
  if (!row.abo_source || !row.abo_status) return null;
  return {
    source: row.abo_source,
    status: row.abo_status,
    currentPeriodEnd: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
    cancelAtPeriodEnd: Boolean(row.cancel_at_period_end),
  };
}

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
    createdAt: new Date(row.created_at),
    passwordHash: row.password_hash,
    disabled: row.disabled_at !== null,
    clientId: row.client_id,
    stripeCustomerId: row.stripe_customer_id,
    stripeSubscriptionId: row.stripe_subscription_id,
    client: row.client_id ? { abo: aboOf(row), aboactif: Boolean(row.aboactif) } : null,
  };
}

export async function accountById(db: Queryable, userId: string): Promise<Account | null> {
  const rows = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM ${ACCOUNT_FROM} WHERE u.id = $1`, [userId]);
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function accountByEmail(db: Queryable, email: string): Promise<Account | null> {
  const rows = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM ${ACCOUNT_FROM} WHERE lower(u.email) = lower($1)`, [email]);
  return rows[0] ? toAccount(rows[0]) : null;
}

/** The account of a live session (not expired), or null. */
export async function accountBySession(db: Queryable, sessionId: string): Promise<Account | null> {
  const rows = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM user_sessions us JOIN ${ACCOUNT_FROM} ON u.id = us.user_id
     WHERE us.id = $1 AND us.expires_at > now() AND u.disabled_at IS NULL`,
    [sessionId],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function createUser(
  db: Queryable,
  input: { email: string; passwordHash: string; role?: Role; verified?: boolean; marketingConsent?: boolean },
): Promise<string | null> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, role, email_verified_at, marketing_consent, marketing_consent_at)
     VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN now() END, $5, CASE WHEN $5 THEN now() END)
     ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
    [input.email, input.passwordHash, input.role ?? 'subscriber', input.verified ?? false, input.marketingConsent ?? false],
  );
  return rows[0]?.id ?? null;
}

/** The user's client record, created when missing. */
export async function ensureClient(db: Queryable, userId: string): Promise<string> {
  await db.query('INSERT INTO clients (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
  const rows = await db.query<{ id: string }>('SELECT id FROM clients WHERE user_id = $1', [userId]);
  return (rows[0] as { id: string }).id;
}
