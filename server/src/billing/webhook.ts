/**
 * `POST /api/stripe/webhook`: Stripe's events, verified by signature on the raw body, applied
 * once (the event id is recorded in the same transaction as its effect: a second delivery
 * changes nothing), in order (a late, older event does not overwrite a newer state).
 *
 * When Stripe itself cannot be reached while an event is handled (the subscription of a completed
 * checkout is read back from Stripe), the answer is the French « paiement indisponible » 503 of
 * `callStripe`, logged as a warning without a stack, and nothing is recorded: the event id is
 * written only with its effect. Stripe redelivers any event answered with a non-2xx status, with
 * back-off, for up to three days, so the later delivery applies it. A 2xx would lose the event; a
 * 4xx would say the request itself is wrong (Stripe retries it too, but it reads as our bug); an
 * unhandled 500 would log a stack for what is only a network failure.
 */
import express from 'express';
import type Stripe from 'stripe';
import type { Config } from '../config.js';
import type { Db, Queryable } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import type { Logger } from '../logger.js';
import { callStripe } from './stripe-client.js';
import { applyStripeSubscription, clientForCustomer, setStripeStatus } from './subscriptions.js';
import { readCheckoutSession, readInvoice, readSubscription, type StripeSubscriptionState } from './subscriptions.logic.js';

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
] as const;

interface Deps {
  config: Config;
  db: Db;
  log: Logger;
  stripe: Stripe | null;
}

/** Applies a completed Checkout Session (from the webhook, or from the success page's sync). */
export async function applyCheckoutSession(
  db: Queryable,
  session: ReturnType<typeof readCheckoutSession>,
  subscription: StripeSubscriptionState,
  eventAt: Date,
): Promise<boolean> {
  if (!session.customerId) return false;
  const clientId = await clientForCustomer(db, session.customerId, session.userId);
  if (!clientId) return false;
  return applyStripeSubscription(db, clientId, subscription, eventAt);
}

async function applyEvent(tx: Queryable, event: Stripe.Event, prefetched: StripeSubscriptionState | null, log: Logger): Promise<void> {
  const eventAt = new Date(event.created * 1000);
  const object: unknown = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = readCheckoutSession(object);
      if (session.mode !== 'subscription' || !prefetched) return;
      if (!(await applyCheckoutSession(tx, session, prefetched, eventAt)))
        log.warn('checkout session for no known user', { session: session.id });
      return;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = readSubscription(object);
      const state = event.type === 'customer.subscription.deleted' ? { ...sub, status: 'canceled' } : sub;
      const clientId = await clientForCustomer(tx, sub.customerId, sub.userId);
      if (!clientId) {
        log.warn('subscription event for no known customer', { event: event.id, customer: sub.customerId });
        return;
      }
      await applyStripeSubscription(tx, clientId, state, eventAt);
      return;
    }
    case 'invoice.payment_failed': {
      const invoice = readInvoice(object);
      if (invoice.subscriptionId) await setStripeStatus(tx, invoice.subscriptionId, 'past_due', eventAt);
      return;
    }
    default:
      return;
  }
}

export function stripeWebhookRoute(deps: Deps): express.RequestHandler[] {
  const { config, db, log, stripe } = deps;
  const handler: express.RequestHandler = async (req, res, next) => {
    try {
      const secret = config.STRIPE_WEBHOOK_SECRET;
      if (!stripe || !secret) throw new HttpError(503, 'Le paiement en ligne n’est pas configuré sur ce serveur.');
      const signature = req.get('stripe-signature');
      let event: Stripe.Event;
      try {
        if (!signature || !Buffer.isBuffer(req.body)) throw new Error('no signature or body');
        event = stripe.webhooks.constructEvent(req.body, signature, secret);
      } catch (err) {
        log.warn('stripe webhook refused: bad signature', { err: err instanceof Error ? err.message : String(err) });
        throw new HttpError(400, 'Signature Stripe invalide.');
      }
      if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) {
        res.json({ received: true, ignored: true });
        return;
      }
      const seen = await db.query('SELECT 1 FROM stripe_events WHERE id = $1', [event.id]);
      if (seen.length) {
        res.json({ received: true, duplicate: true });
        return;
      }
      // The subscription is read from Stripe before the transaction, not while holding it.
      let prefetched: StripeSubscriptionState | null = null;
      if (event.type === 'checkout.session.completed') {
        const session = readCheckoutSession(event.data.object);
        if (session.mode === 'subscription' && session.subscriptionId) {
          const subscriptionId = session.subscriptionId;
          prefetched = readSubscription(await callStripe(log, 'webhook', () => stripe.subscriptions.retrieve(subscriptionId)));
        }
      }
      const applied = await db.transaction(async (tx) => {
        const inserted = await tx.query('INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id', [
          event.id,
          event.type,
        ]);
        if (!inserted.length) return false;
        await applyEvent(tx, event, prefetched, log);
        return true;
      });
      log.info('stripe event', { id: event.id, type: event.type, applied });
      res.json({ received: true, ...(applied ? {} : { duplicate: true }) });
    } catch (err) {
      next(err);
    }
  };
  // The signature is computed over the exact bytes Stripe sent: no JSON parsing before it.
  return [express.raw({ type: () => true, limit: '1mb' }), handler];
}
