/**
 * Card payment with Stripe against a local fake of its API: Checkout Session parameters, the
 * customer portal, the webhook (signature, idempotence, order) and the client record.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { type FakeStripe, startFakeStripe, WEBHOOK_SECRET } from './testing/fake-stripe.js';

const PASSWORD = 'Maison-bleue-2026';
const PERIOD_END = 1_893_456_000; // 2030-01-01

let stripe: FakeStripe;
let app: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await startTestApp({ env: stripe.env });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

let n = 0;
async function subscriber(): Promise<{ b: TestBrowser; id: string; email: string }> {
  const email = `client-${++n}@exemple.fr`;
  const id = await createAccount(app.db, email, PASSWORD);
  const b = new TestBrowser(app.url);
  expect((await b.signIn(email, PASSWORD)).ok).toBe(true);
  return { b, id, email };
}

let eventCount = 0;
function event(type: string, object: Record<string, unknown>, options: { id?: string; created?: number } = {}) {
  return {
    id: options.id ?? `evt_${++eventCount}_${Date.now()}`,
    object: 'event',
    type,
    created: options.created ?? Math.floor(Date.now() / 1000),
    api_version: '2026-10-28.endive',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

function subscription(id: string, customer: string, status: string, userId?: string) {
  return {
    id,
    object: 'subscription',
    customer,
    status,
    cancel_at_period_end: false,
    items: { object: 'list', data: [{ id: `si_${id}`, current_period_end: PERIOD_END }] },
    metadata: userId ? { userId } : {},
  };
}

async function deliver(payload: unknown, secret = WEBHOOK_SECRET): Promise<Response> {
  const body = JSON.stringify(payload);
  const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return fetch(`${app.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body,
  });
}

async function clientRecord(b: TestBrowser) {
  return (await b.api('/api/stripe/auth')).json();
}

describe('checkout', () => {
  it('creates a subscription Checkout Session with the configured price and the customer e-mail', async () => {
    const { b, id, email } = await subscriber();
    stripe.reply('POST', '/v1/checkout/sessions', {
      id: 'cs_test_1',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    const before = stripe.requests.length;
    const res = await b.api('/api/stripe/checkout', { method: 'POST', body: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const calls = stripe.requests.slice(before);
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/checkout/sessions');
    expect(call?.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_abo_mensuel',
      'line_items[0][quantity]': '1',
      customer_email: email,
      client_reference_id: id,
      'metadata[userId]': id,
      'subscription_data[metadata][userId]': id,
      locale: 'fr',
      success_url: 'http://localhost:3000/abo/succes?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/abo/error',
    });
    expect(call?.headers.authorization).toBe('Bearer sk_test_immoloupe');
    expect(call?.headers['idempotency-key']).toMatch(/^checkout-/);
  });

  it('needs a signed-in user and the API CSRF header', async () => {
    const anonymous = new TestBrowser(app.url);
    expect((await anonymous.api('/api/stripe/checkout', { method: 'POST', body: {} })).status).toBe(401);
    const { b } = await subscriber();
    const before = stripe.requests.length;
    expect((await b.api('/api/stripe/checkout', { method: 'POST', body: {}, headers: { 'x-csrf-token': 'faux' } })).status).toBe(403);
    expect(stripe.requests.length).toBe(before);
  });
});

describe('webhook', () => {
  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { b, id } = await subscriber();
    const evt = event('customer.subscription.updated', subscription('sub_bad', 'cus_bad', 'active', id));
    const res = await deliver(evt, 'whsec_pas_le_bon');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Signature Stripe invalide.');
    const unsigned = await fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(evt),
    });
    expect(unsigned.status).toBe(400);
    expect(await clientRecord(b)).toEqual({ abo: null, aboactif: false });
    expect(await app.db.query('SELECT 1 FROM stripe_events WHERE id = $1', [evt.id])).toEqual([]);
  });

  it('activates the subscription on checkout.session.completed, reading it from Stripe', async () => {
    const { b, id } = await subscriber();
    stripe.reply('GET', '/v1/subscriptions/sub_ok', subscription('sub_ok', 'cus_ok', 'active', id));
    const res = await deliver(
      event('checkout.session.completed', {
        id: 'cs_ok',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: id,
        customer: 'cus_ok',
        subscription: 'sub_ok',
      }),
    );
    expect(res.status).toBe(200);
    expect(await clientRecord(b)).toEqual({
      abo: { source: 'stripe', status: 'active', currentPeriodEnd: new Date(PERIOD_END * 1000).toISOString(), cancelAtPeriodEnd: false },
      aboactif: true,
    });
    // The session seen by the pages carries it too.
    expect((await b.auth.getSession())?.user.client?.aboactif).toBe(true);
  });

  it('applies the same event once, and ignores an older event arriving late', async () => {
    const { b, id } = await subscriber();
    const created = Math.floor(Date.now() / 1000);
    const first = event('customer.subscription.updated', subscription('sub_twice', 'cus_twice', 'active', id), {
      id: 'evt_twice',
      created,
    });
    expect((await deliver(first)).status).toBe(200);
    expect((await clientRecord(b)).aboactif).toBe(true);
    const [row] = await app.db.query<{ updated_at: Date }>(
      'SELECT s.updated_at FROM subscriptions s JOIN clients c ON c.id = s.client_id WHERE c.user_id = $1',
      [id],
    );

    const again = await deliver(first);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const [same] = await app.db.query<{ updated_at: Date }>(
      'SELECT s.updated_at FROM subscriptions s JOIN clients c ON c.id = s.client_id WHERE c.user_id = $1',
      [id],
    );
    expect(same?.updated_at).toEqual(row?.updated_at);
    expect(await app.db.query(`SELECT id FROM stripe_events WHERE id = 'evt_twice'`)).toHaveLength(1);

    // A cancellation, then an older "active" event delivered late: it stays cancelled.
    await deliver(
      event('customer.subscription.deleted', subscription('sub_twice', 'cus_twice', 'canceled', id), { created: created + 10 }),
    );
    expect((await clientRecord(b)).aboactif).toBe(false);
    await deliver(event('customer.subscription.updated', subscription('sub_twice', 'cus_twice', 'active', id), { created: created + 5 }));
    expect(await clientRecord(b)).toMatchObject({ abo: { status: 'canceled' }, aboactif: false });
  });

  it('marks a failed payment past due: the subscription is no longer active', async () => {
    const { b, id } = await subscriber();
    const created = Math.floor(Date.now() / 1000);
    await deliver(event('customer.subscription.created', subscription('sub_fail', 'cus_fail', 'active', id), { created }));
    expect((await clientRecord(b)).aboactif).toBe(true);
    await deliver(
      event(
        'invoice.payment_failed',
        { id: 'in_1', object: 'invoice', customer: 'cus_fail', parent: { subscription_details: { subscription: 'sub_fail' } } },
        { created: created + 1 },
      ),
    );
    expect(await clientRecord(b)).toMatchObject({ abo: { status: 'past_due' }, aboactif: false });
  });
});

describe('customer portal and return from checkout', () => {
  it('opens the portal for the customer, back to /abo/moncompte', async () => {
    const { b, id } = await subscriber();
    await deliver(event('customer.subscription.created', subscription('sub_portal', 'cus_portal', 'active', id)));
    stripe.reply('POST', '/v1/billing_portal/sessions', {
      id: 'bps_1',
      object: 'billing_portal.session',
      url: 'https://billing.stripe.com/p/session/1',
    });
    const before = stripe.requests.length;
    const res = await b.api('/api/stripe/portal', { method: 'POST', body: {} });
    expect(await res.json()).toEqual({ url: 'https://billing.stripe.com/p/session/1' });
    expect(stripe.requests.slice(before)[0]?.params).toMatchObject({
      customer: 'cus_portal',
      return_url: 'http://localhost:3000/abo/moncompte',
      locale: 'fr',
    });
  });

  it('says so when there is no card payment to manage', async () => {
    const { b } = await subscriber();
    const res = await b.api('/api/stripe/portal', { method: 'POST', body: {} });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toContain('Aucun paiement par carte');
  });

  it('syncs the buyer’s own completed checkout, and nobody else’s', async () => {
    const { b, id } = await subscriber();
    stripe.reply('GET', '/v1/checkout/sessions/cs_sync', {
      id: 'cs_sync',
      object: 'checkout.session',
      status: 'complete',
      created: Math.floor(Date.now() / 1000),
      mode: 'subscription',
      client_reference_id: id,
      customer: 'cus_sync',
      subscription: 'sub_sync',
    });
    stripe.reply('GET', '/v1/subscriptions/sub_sync', subscription('sub_sync', 'cus_sync', 'active', id));
    const other = await subscriber();
    const stolen = await other.b.api('/api/stripe/sync', { method: 'POST', body: { sessionId: 'cs_sync' } });
    expect(stolen.status).toBe(404);
    expect((await clientRecord(other.b)).aboactif).toBe(false);
    const res = await b.api('/api/stripe/sync', { method: 'POST', body: { sessionId: 'cs_sync' } });
    expect(await res.json()).toMatchObject({ aboactif: true, abo: { source: 'stripe' } });
  });
});

describe('without Stripe keys', () => {
  it('says in French that online payment is not configured', async () => {
    const bare = await startTestApp({ db: app.db });
    try {
      expect(await (await fetch(`${bare.url}/api/stripe/offer`)).json()).toEqual({
        priceCents: 4900,
        interval: 'month',
        paymentConfigured: false,
      });
      const email = `sans-stripe-${++n}@exemple.fr`;
      await createAccount(app.db, email, PASSWORD);
      const b = new TestBrowser(bare.url);
      await b.signIn(email, PASSWORD);
      const res = await b.api('/api/stripe/checkout', { method: 'POST', body: {} });
      expect(res.status).toBe(503);
      expect((await res.json()).message).toMatch(/^Le paiement en ligne n’est pas configuré sur ce serveur/);
      const hook = await fetch(`${bare.url}/api/stripe/webhook`, { method: 'POST', body: '{}' });
      expect(hook.status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

describe('Stripe unreachable', () => {
  it('answers « paiement indisponible » in French (503), logs the cause, and changes nothing', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = String((closed.address() as AddressInfo).port);
    await new Promise((r) => closed.close(r));
    const down = await startTestApp({ db: app.db, env: { ...stripe.env, STRIPE_API_PORT: port } });
    try {
      const email = `stripe-injoignable-${++n}@exemple.fr`;
      await createAccount(app.db, email, PASSWORD);
      const b = new TestBrowser(down.url);
      expect((await b.signIn(email, PASSWORD)).ok).toBe(true);
      const res = await b.api('/api/stripe/checkout', { method: 'POST', body: {} });
      expect(res.status).toBe(503);
      expect((await res.json()).message).toBe(
        'Le paiement est indisponible pour le moment\u00a0: Stripe, notre prestataire de paiement, ne répond pas. Réessayez dans quelques minutes\u00a0; rien n’a été débité ni changé sur votre compte.',
      );
      expect(down.logs.some((l) => l.msg === 'stripe unavailable' && l.type === 'StripeConnectionError')).toBe(true);
      expect(await clientRecord(b)).toEqual({ abo: null, aboactif: false });
    } finally {
      await down.close();
    }
  });

  it('answers a webhook it cannot complete with a French 503 (Stripe redelivers it), records nothing, and applies the redelivery', async () => {
    const down = await startTestApp({ db: app.db, env: { ...stripe.env, STRIPE_API_PORT: await closedPort() } });
    try {
      const { b, id } = await subscriber();
      const completed = event('checkout.session.completed', {
        id: 'cs_injoignable',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: id,
        customer: 'cus_injoignable',
        subscription: 'sub_injoignable',
      });
      const body = JSON.stringify(completed);
      const res = await fetch(`${down.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
        },
        body,
      });
      expect(res.status).toBe(503);
      expect((await res.json()).message).toMatch(/^Le paiement est indisponible pour le moment\u00a0: Stripe/);
      // A warning naming the cause, not an unhandled error with its stack.
      expect(down.logs.some((l) => l.msg === 'stripe unavailable' && l.what === 'webhook')).toBe(true);
      expect(down.logs.some((l) => l.level === 'error' && l.msg === 'request failed')).toBe(false);
      expect(await app.db.query('SELECT 1 FROM stripe_events WHERE id = $1', [completed.id])).toEqual([]);
      expect(await clientRecord(b)).toEqual({ abo: null, aboactif: false });
      // Stripe's retry, once its API answers again, applies the event.
      stripe.reply('GET', '/v1/subscriptions/sub_injoignable', subscription('sub_injoignable', 'cus_injoignable', 'active', id));
      expect((await deliver(completed)).status).toBe(200);
      expect((await clientRecord(b)).aboactif).toBe(true);
    } finally {
      await down.close();
    }
  });

  it('keeps a paying account when its subscription cannot be cancelled at Stripe, with the French 503', async () => {
    const { b, id, email } = await subscriber();
    expect((await deliver(event('customer.subscription.updated', subscription('sub_garde', 'cus_garde', 'active', id)))).status).toBe(200);
    expect((await clientRecord(b)).aboactif).toBe(true);
    const down = await startTestApp({ db: app.db, env: { ...stripe.env, STRIPE_API_PORT: await closedPort() } });
    try {
      const viaDown = new TestBrowser(down.url);
      expect((await viaDown.signIn(email, PASSWORD)).ok).toBe(true);
      const res = await viaDown.api('/api/account', { method: 'DELETE', body: { password: PASSWORD } });
      expect(res.status).toBe(503);
      expect((await res.json()).message).toMatch(/^Le paiement est indisponible pour le moment/);
      expect(down.logs.some((l) => l.msg === 'stripe unavailable' && l.what === 'account deletion')).toBe(true);
      expect(await app.db.query('SELECT 1 FROM users WHERE id = $1', [id])).toHaveLength(1);
      expect((await clientRecord(b)).aboactif).toBe(true);
    } finally {
      await down.close();
    }
  });
});

/** A port nobody listens on: Stripe's API « unreachable ». */
async function closedPort(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
  const port = String((closed.address() as AddressInfo).port);
  await new Promise((r) => closed.close(r));
  return port;
}
