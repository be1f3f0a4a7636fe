/**
 * The free trial (decision 1371) through the real app and its server-side navigation rules: a new
 * account with TRIAL_DAYS=14 reaches /pro/transactions without paying, with an audit line; a trial
 * begun 15 days ago (the clock moved back when it started) has lapsed and /pro/transactions sends
 * to the offer like an ended subscription; once per client; 0 disables; bad values refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../auth/testing/browser.js';
import { loadConfig } from '../config.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { startTrial } from './trial.js';

const PASSWORD = 'Maison-bleue-2026';
const DAY = 86_400_000;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ web: true, env: { TRIAL_DAYS: '14' } });
});
afterAll(async () => app?.close());

const actor = (id: string, email: string) => ({ id, email, ip: null });

async function signedIn(email: string): Promise<TestBrowser> {
  const b = new TestBrowser(app.url);
  expect((await b.signIn(email, PASSWORD)).ok).toBe(true);
  return b;
}

/** Where /pro/transactions leads: 200, or the offer through the session reload (SEED-SPEC §4). */
async function transactions(b: TestBrowser): Promise<{ status: number; to: string | null; html: string }> {
  const res = await b.fetch('/pro/transactions');
  if (res.status !== 302) return { status: res.status, to: null, html: await res.text() };
  const reload = new URL(res.headers.get('location') ?? '', app.url);
  const next = await b.fetch(`${reload.pathname}${reload.search}`, { headers: { accept: 'text/html' } });
  return { status: 302, to: next.headers.get('location'), html: '' };
}

describe('free trial', () => {
  it('a new account with TRIAL_DAYS=14 reaches /pro/transactions without paying, the days left shown, with an audit line', async () => {
    const email = 'essai-nouveau@exemple.fr';
    const signup = await new TestBrowser(app.url).api('/api/account/signup', { method: 'POST', body: { email, password: PASSWORD } });
    expect(signup.status).toBe(202);
    await app.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
    const b = await signedIn(email);
    const record = await (await b.api('/api/stripe/auth')).json();
    expect(record).toMatchObject({ abo: { source: 'trial', status: 'trialing' }, aboactif: true });
    const days = (new Date(record.abo.currentPeriodEnd).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);

    const page = await transactions(b);
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-testid="trial-days-left"');
    expect(page.html).toContain('14\u00a0jours d’essai');
    expect(page.html).toContain('href="/abo/offre"');
    // The tools' API opens too (it reads the same `aboactif`).
    expect((await b.api('/api/alerts/status')).status).toBe(200);

    const audit = await app.db.query<{ action: string; actor_email: string; details: { days: number; until: string } }>(
      `SELECT a.action, a.actor_email, a.details FROM admin_audit a JOIN users u ON a.target = u.id::text WHERE u.email = $1`,
      [email],
    );
    expect(audit).toEqual([{ action: 'subscription.trial', actor_email: email, details: { days: 14, until: expect.any(String) } }]);
  });

  it('on day 15 the trial has lapsed: /pro/transactions sends to /abo/offre like an ended subscription', async () => {
    const email = 'essai-fini@exemple.fr';
    const id = await createAccount(app.db, email, PASSWORD);
    // The clock moved back 15 days when the trial began: today is its 15th day.
    const started = new Date(Date.now() - 15 * DAY);
    expect(await startTrial(app.db, id, 14, actor(id, email), started)).toEqual(new Date(started.getTime() + 14 * DAY));
    const b = await signedIn(email);
    expect(await (await b.api('/api/stripe/auth')).json()).toMatchObject({ abo: { source: 'trial' }, aboactif: false });
    expect(await transactions(b)).toMatchObject({ status: 302, to: '/abo/offre?redirectionclient=abonnement-inactif' });
    expect((await b.api('/api/alerts/status')).status).toBe(403);
    const offer = await b.fetch('/abo/offre?redirectionclient=abonnement-inactif');
    expect(offer.status).toBe(200);
    expect(await offer.text()).toContain('essai gratuit est terminé');
  });

  it('on day 14 it is still open', async () => {
    const email = 'essai-j14@exemple.fr';
    const id = await createAccount(app.db, email, PASSWORD);
    await startTrial(app.db, id, 14, actor(id, email), new Date(Date.now() - 13.9 * DAY));
    const page = await transactions(await signedIn(email));
    expect(page.status).toBe(200);
    expect(page.html).toContain('1\u00a0jour d’essai');
  });

  it('is given once per client, never over a subscription, and not at all with TRIAL_DAYS=0', async () => {
    const email = 'essai-deux@exemple.fr';
    const id = await createAccount(app.db, email, PASSWORD);
    expect(await startTrial(app.db, id, 14, actor(id, email), new Date(Date.now() - 20 * DAY))).not.toBeNull();
    expect(await startTrial(app.db, id, 14, actor(id, email))).toBeNull();
    const subscribed = await createAccount(app.db, 'essai-abonne@exemple.fr', PASSWORD, { subscription: 'active' });
    expect(await startTrial(app.db, subscribed, 14, actor(subscribed, 'essai-abonne@exemple.fr'))).toBeNull();
    const none = await createAccount(app.db, 'essai-zero@exemple.fr', PASSWORD);
    expect(await startTrial(app.db, none, 0, actor(none, 'essai-zero@exemple.fr'))).toBeNull();
    const [rows] = await app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM subscriptions s JOIN clients c ON c.id = s.client_id WHERE c.user_id = ANY($1::uuid[]) AND s.source = 'trial'`,
      [[id, subscribed, none]],
    );
    expect(rows?.n).toBe(1);
  });

  it('TRIAL_DAYS: 14 by default, 0 accepted, a bad value refused in French', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).TRIAL_DAYS).toBe(14);
    expect(loadConfig({ NODE_ENV: 'test', TRIAL_DAYS: '0' }).TRIAL_DAYS).toBe(0);
    expect(() => loadConfig({ NODE_ENV: 'test', TRIAL_DAYS: '-3' })).toThrow('TRIAL_DAYS\u00a0: doit être 0 ou plus');
    expect(() => loadConfig({ NODE_ENV: 'test', TRIAL_DAYS: 'deux semaines' })).toThrow('TRIAL_DAYS');
  });
});
