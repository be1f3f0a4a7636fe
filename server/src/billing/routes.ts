/**
 * `/api/stripe/*`: the client record (`GET /api/stripe/auth`, SEED-SPEC §7), the offer, a
 * Checkout Session to subscribe, the customer portal, and the sync of a completed checkout
 * when the buyer comes back before the webhook.
 */
import { randomUUID } from 'node:crypto';
import type { ClientRecord } from '@immoloupe/shared/accounts/contracts';
import express, { type RequestHandler } from 'express';
import type Stripe from 'stripe';
import { z } from 'zod';
import { accountById } from '../auth/account-store.js';
import { requireUser } from '../auth/guards.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import type { Logger } from '../logger.js';
import { callStripe, PAYMENT_NOT_CONFIGURED } from './stripe-client.js';
import { readCheckoutSession, readSubscription } from './subscriptions.logic.js';
import { applyCheckoutSession } from './webhook.js';

interface Deps {
  config: Config;
  db: Db;
  log: Logger;
  stripe: Stripe | null;
}

const sessionOnly: RequestHandler = (req, _res, next) => {
  if (req.user?.via !== 'session')
    return next(new HttpError(403, 'Action possible seulement depuis votre compte, connecté dans le navigateur.'));
  next();
};

const syncSchema = z.object({ sessionId: z.string().regex(/^cs_[A-Za-z0-9_]+$/, 'Session de paiement invalide.') });

export function billingRoutes(deps: Deps): express.Router {
  const { config, db, log, stripe } = deps;
  const router = express.Router();

  router.get('/stripe/offer', (_req, res) => {
    res.json({ priceCents: config.OFFER_PRICE_CENTS, interval: config.OFFER_INTERVAL, paymentConfigured: stripe !== null });
  });

  router.get('/stripe/auth', requireUser, async (req, res) => {
    const account = await accountById(db, (req.user as { id: string }).id);
    const record: ClientRecord = account?.client ?? { abo: null, aboactif: false };
    res.set('Cache-Control', 'no-store').json(record);
  });

  router.post('/stripe/checkout', requireUser, sessionOnly, async (req, res) => {
    if (!stripe || !config.STRIPE_PRICE_ID) throw new HttpError(503, PAYMENT_NOT_CONFIGURED);
    const account = await accountById(db, (req.user as { id: string }).id);
    if (!account) throw new HttpError(401, 'Connexion requise.');
    // During the free trial the offer stays one click away: paying replaces the trial.
    if (account.client?.aboactif && account.client.abo?.source !== 'trial') throw new HttpError(409, 'Votre abonnement est déjà actif.');
    const session = await callStripe(log, 'checkout', () =>
      stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: config.STRIPE_PRICE_ID, quantity: 1 }],
          ...(account.stripeCustomerId ? { customer: account.stripeCustomerId } : { customer_email: account.email }),
          client_reference_id: account.id,
          metadata: { userId: account.id },
          subscription_data: { metadata: { userId: account.id } },
          locale: 'fr',
          allow_promotion_codes: true,
          success_url: `${config.publicUrl}/abo/succes?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${config.publicUrl}/abo/error`,
        },
        // A double click must not open two checkouts; Stripe keeps the key 24 h.
        { idempotencyKey: `checkout-${account.id}-${randomUUID()}` },
      ),
    );
    if (!session.url) throw new HttpError(502, 'Stripe n’a pas renvoyé de page de paiement. Réessayez dans un instant.');
    log.info('checkout session created', { user: account.id, session: session.id });
    res.json({ url: session.url });
  });

  router.post('/stripe/portal', requireUser, sessionOnly, async (req, res) => {
    if (!stripe) throw new HttpError(503, PAYMENT_NOT_CONFIGURED);
    const account = await accountById(db, (req.user as { id: string }).id);
    if (!account?.stripeCustomerId) throw new HttpError(409, 'Aucun paiement par carte n’est enregistré pour ce compte.');
    const customer = account.stripeCustomerId;
    const portal = await callStripe(log, 'portal', () =>
      stripe.billingPortal.sessions.create({ customer, return_url: `${config.publicUrl}/abo/moncompte`, locale: 'fr' }),
    );
    res.json({ url: portal.url });
  });

  router.post('/stripe/sync', requireUser, sessionOnly, async (req, res) => {
    if (!stripe) throw new HttpError(503, PAYMENT_NOT_CONFIGURED);
    const { sessionId } = syncSchema.parse(req.body);
    const userId = (req.user as { id: string }).id;
    const raw = await callStripe(log, 'sync', () => stripe.checkout.sessions.retrieve(sessionId));
    const session = readCheckoutSession(raw);
    // Only the buyer's own checkout: another user's session id changes nothing.
    if (session.userId !== userId) throw new HttpError(404, 'Session de paiement introuvable.');
    if (raw.status === 'complete' && session.mode === 'subscription' && session.subscriptionId) {
      const subscriptionId = session.subscriptionId;
      const sub = readSubscription(await callStripe(log, 'sync', () => stripe.subscriptions.retrieve(subscriptionId)));
      await db.transaction((tx) => applyCheckoutSession(tx, session, sub, new Date(raw.created * 1000)));
    }
    const account = await accountById(db, userId);
    res.json(account?.client ?? { abo: null, aboactif: false });
  });

  return router;
}
