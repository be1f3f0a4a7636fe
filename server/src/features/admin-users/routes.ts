/**
 * `/api/admin/users`: the administrator's list of users with their subscription state, and the
 * manual grant, extension or end of a subscription. The role is checked on the server for every
 * route (requireAdmin), from a browser session only.
 */

import {
  ADMIN_PAGE_SIZE,
  type AdminUser,
  adminSubscriptionRequestSchema,
  adminUserQuerySchema,
} from '@immoloupe/shared/accounts/contracts';
import { formatDate } from '@immoloupe/shared/format';
import express, { type RequestHandler } from 'express';
import type Stripe from 'stripe';
import { z } from 'zod';
import { ABO_ACTIVE_SQL, aboOf } from '../../auth/account-store.js';
import { requireAdmin } from '../../auth/guards.js';
import { callStripe } from '../../billing/stripe-client.js';
import { currentSubscription, endSubscription, grantManual } from '../../billing/subscriptions.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import type { Logger } from '../../logger.js';
import { auditActorOf, recordAudit } from '../audit/index.js';

interface UserRow {
  id: string;
  email: string;
  role: 'subscriber' | 'admin';
  created_at: Date;
  email_verified_at: Date | null;
  disabled_at: Date | null;
  abo_source: 'stripe' | 'manual' | null;
  abo_status: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean | null;
  aboactif: boolean;
}

const sessionOnly: RequestHandler = (req, _res, next) => {
  if (req.user?.via !== 'session') return next(new HttpError(403, 'L’administration se fait depuis un navigateur connecté.'));
  next();
};

const idSchema = z.uuid({ error: 'Utilisateur introuvable.' });

export function adminUserRoutes(deps: { db: Db; log: Logger; stripe: Stripe | null }): express.Router {
  const { db, log, stripe } = deps;
  const router = express.Router();
  router.use('/admin/users', requireAdmin, sessionOnly);

  router.get('/admin/users', async (req, res) => {
    const { q, page } = adminUserQuerySchema.parse(req.query);
    const filter = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = 'WHERE ($1::text IS NULL OR lower(u.email) LIKE $1)';
    const rows = await db.query<UserRow>(
      `SELECT u.id, u.email, u.role, u.created_at, u.email_verified_at, u.disabled_at,
              s.source AS abo_source, s.status AS abo_status, s.current_period_end, s.cancel_at_period_end, ${ABO_ACTIVE_SQL} AS aboactif
       FROM users u LEFT JOIN clients c ON c.user_id = u.id LEFT JOIN subscriptions s ON s.client_id = c.id
       ${where} ORDER BY u.created_at DESC, u.id LIMIT $2 OFFSET $3`,
      [filter, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE],
    );
    const [count] = await db.query<{ n: number }>(`SELECT count(*) AS n FROM users u ${where}`, [filter]);
    const users: AdminUser[] = rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role,
      createdAt: new Date(r.created_at).toISOString(),
      emailVerified: r.email_verified_at !== null,
      disabled: r.disabled_at !== null,
      abo: aboOf(r),
      aboactif: Boolean(r.aboactif),
    }));
    res.set('Cache-Control', 'no-store').json({ users, total: count?.n ?? 0 });
  });

  router.post('/admin/users/:id/subscription', async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, 'Utilisateur introuvable.');
    const action = adminSubscriptionRequestSchema.parse(req.body);
    const admin = req.user as { id: string };
    const exists = await db.query('SELECT 1 FROM users WHERE id = $1', [id.data]);
    if (!exists.length) throw new HttpError(404, 'Utilisateur introuvable.');
    const current = await currentSubscription(db, id.data);
    const stripeActive =
      current?.source === 'stripe' && current.stripe_subscription_id && ['active', 'trialing', 'past_due'].includes(current.status ?? '');
    if (action.action === 'end') {
      if (stripeActive) {
        if (!stripe)
          throw new HttpError(
            409,
            'Cet abonnement est payé par carte et Stripe n’est pas configuré ici\u00a0: résiliez-le depuis le tableau de bord Stripe.',
          );
        const subscriptionId = current.stripe_subscription_id as string;
        await callStripe(log, 'subscription end', () => stripe.subscriptions.cancel(subscriptionId));
      }
      if (!(await endSubscription(db, id.data, admin.id))) throw new HttpError(409, 'Cet utilisateur n’a pas d’abonnement.');
      await recordAudit(db, auditActorOf(req), 'subscription.end', await emailOf(id.data));
      log.info('subscription ended by an administrator', { admin: admin.id, user: id.data });
      res.json({ message: 'Abonnement terminé.' });
      return;
    }
    if (stripeActive) {
      throw new HttpError(409, 'Cet abonnement est payé par carte et se renouvelle seul\u00a0: il ne peut pas être prolongé à la main.');
    }
    const end = await grantManual(db, id.data, action.months, admin.id);
    await recordAudit(
      db,
      auditActorOf(req),
      action.action === 'grant' ? 'subscription.grant' : 'subscription.extend',
      await emailOf(id.data),
      {
        months: action.months,
        until: end.toISOString(),
      },
    );
    log.info('subscription granted by an administrator', { admin: admin.id, user: id.data, action: action.action, months: action.months });
    res.json({
      message: `Abonnement ${action.action === 'grant' ? 'accordé' : 'prolongé'} jusqu’au ${formatDate(end.toISOString())}.`,
      currentPeriodEnd: end.toISOString(),
    });
  });

  async function emailOf(userId: string): Promise<string | null> {
    const [row] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
    return row?.email ?? null;
  }

  // Disabling ends every session and refuses sign-in and access keys (see account-store); the
  // administrator cannot lock themselves out.
  router.post('/admin/users/:id/disable', async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, 'Utilisateur introuvable.');
    if (id.data === req.user?.id) throw new HttpError(409, 'Vous ne pouvez pas désactiver votre propre compte.');
    const email = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ email: string }>(
        'UPDATE users SET disabled_at = coalesce(disabled_at, now()) WHERE id = $1 RETURNING email',
        [id.data],
      );
      if (!row) return null;
      const ended = await tx.query('DELETE FROM user_sessions WHERE user_id = $1 RETURNING id', [id.data]);
      await recordAudit(tx, auditActorOf(req), 'user.disable', row.email, { sessionsEnded: ended.length });
      return row.email;
    });
    if (!email) throw new HttpError(404, 'Utilisateur introuvable.');
    log.info('user disabled by an administrator', { admin: req.user?.id, user: id.data });
    res.json({ message: `Compte ${email} désactivé.` });
  });

  router.post('/admin/users/:id/enable', async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, 'Utilisateur introuvable.');
    const email = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ email: string }>('UPDATE users SET disabled_at = NULL WHERE id = $1 RETURNING email', [id.data]);
      if (!row) return null;
      await recordAudit(tx, auditActorOf(req), 'user.enable', row.email);
      return row.email;
    });
    if (!email) throw new HttpError(404, 'Utilisateur introuvable.');
    res.json({ message: `Compte ${email} réactivé.` });
  });

  // A user whose confirmation e-mail never arrives (a filter, a typo fixed by phone) cannot sign
  // in, subscription or not: the administrator confirms the address for them, in the audit log.
  router.post('/admin/users/:id/verify', async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, 'Utilisateur introuvable.');
    const email = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ email: string; was: Date | null }>(
        `UPDATE users u SET email_verified_at = coalesce(u.email_verified_at, now())
           FROM (SELECT id, email_verified_at AS was FROM users WHERE id = $1) old
          WHERE u.id = old.id RETURNING u.email, old.was`,
        [id.data],
      );
      if (!row) return null;
      if (row.was !== null) throw new HttpError(409, `L’adresse ${row.email} est déjà confirmée.`);
      // The unused activation links are now pointless.
      await tx.query(`DELETE FROM account_tokens WHERE user_id = $1 AND purpose = 'activate' AND used_at IS NULL`, [id.data]);
      await recordAudit(tx, auditActorOf(req), 'user.verify', row.email);
      return row.email;
    });
    if (!email) throw new HttpError(404, 'Utilisateur introuvable.');
    res.json({ message: `Adresse ${email} confirmée\u00a0: le compte peut se connecter.` });
  });

  router.post('/admin/users/:id/signout', async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, 'Utilisateur introuvable.');
    const result = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id.data]);
      if (!row) return null;
      const ended = await tx.query('DELETE FROM user_sessions WHERE user_id = $1 RETURNING id', [id.data]);
      await recordAudit(tx, auditActorOf(req), 'user.signout', row.email, { sessionsEnded: ended.length });
      return { email: row.email, n: ended.length };
    });
    if (!result) throw new HttpError(404, 'Utilisateur introuvable.');
    res.json({ message: `${result.n} session(s) de ${result.email} fermée(s).`, sessionsEnded: result.n });
  });

  return router;
}
