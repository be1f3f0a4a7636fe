/**
 * The mailing through HTTP against a fake Brevo that records every request: consent on sign-up
 * and in the account, a test to oneself, a send to a segment in batches (a job of the queue) with
 * its report, retried when Brevo is down, a send cut mid-call resumed without double e-mails, the
 * webhook (bad secret, replay, unknown event) and the one-click unsubscribe page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { createLogger } from '../../logger.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import type { BrevoClient } from './brevo-client.js';
import { createNewsletter } from './queries.js';
import { IN_DOUBT, NEWSLETTER_QUEUE, sendNewsletter } from './send-job.js';
import { startFakeBrevo } from './testing/fake-brevo.js';

const PASSWORD = 'Maison-bleue-2026';
const WEBHOOK_SECRET = 'secret-du-webhook-brevo-0123456789';
let app: TestApp;
let brevo: Awaited<ReturnType<typeof startFakeBrevo>>;
let admin: TestBrowser;

beforeAll(async () => {
  brevo = await startFakeBrevo();
  app = await startTestApp({
    env: {
      BREVO_API_KEY: 'cle-brevo-test',
      BREVO_API_URL: brevo.url,
      BREVO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      NEWSLETTER_BATCH_SIZE: '2',
      NEWSLETTER_RETRY_DELAY_SECONDS: '0',
    },
    jobs: true,
  });
  await createAccount(app.db, 'admin@exemple.fr', PASSWORD, { role: 'admin' });
  admin = new TestBrowser(app.url);
  expect((await admin.signIn('admin@exemple.fr', PASSWORD)).ok).toBe(true);
});
afterAll(async () => {
  await app?.close();
  await brevo?.close();
});

async function user(email: string, subscription: 'active' | 'canceled' | null, consent: boolean): Promise<string> {
  const id = await createAccount(app.db, email, PASSWORD, { subscription });
  if (consent) await app.db.query('UPDATE users SET marketing_consent = true WHERE id = $1', [id]);
  return id;
}
const consentOf = async (email: string) =>
  (await app.db.query<{ marketing_consent: boolean }>('SELECT marketing_consent FROM users WHERE email = $1', [email]))[0]
    ?.marketing_consent;

const DRAFT = {
  subject: 'Les prix de novembre',
  preheader: 'Bondy, Abzac et Hendaye',
  html: '<h2>Bonjour</h2><p onclick="x()">Les <strong>prix</strong> montent.<script>alert(1)</script></p><a href="javascript:alert(1)">piège</a>',
};

async function waitDone(id: number) {
  for (let i = 0; i < 300; i++) {
    const n = await (await admin.api(`/api/admin/newsletters/${id}`)).json();
    if (n.status !== 'sending') return n;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('send did not finish');
}

describe('marketing consent', () => {
  it('is off by default on sign-up, on when ticked, and each user changes only their own', async () => {
    const anon = new TestBrowser(app.url);
    await anon.api('/api/account/signup', { method: 'POST', body: { email: 'sans@exemple.fr', password: PASSWORD } });
    await anon.api('/api/account/signup', {
      method: 'POST',
      body: { email: 'avec@exemple.fr', password: PASSWORD, marketingConsent: true },
    });
    expect(await consentOf('sans@exemple.fr')).toBe(false);
    expect(await consentOf('avec@exemple.fr')).toBe(true);

    await user('alice@exemple.fr', 'active', false);
    await user('bob@exemple.fr', 'active', true);
    const alice = new TestBrowser(app.url);
    await alice.signIn('alice@exemple.fr', PASSWORD);
    expect((await (await alice.api('/api/account')).json()).marketingConsent).toBe(false);
    const on = await alice.api('/api/account/marketing', { method: 'POST', body: { consent: true } });
    expect(on.status).toBe(200);
    expect((await (await alice.api('/api/account')).json()).marketingConsent).toBe(true);
    expect(await consentOf('bob@exemple.fr')).toBe(true);
    await alice.api('/api/account/marketing', { method: 'POST', body: { consent: false } });
    expect(await consentOf('alice@exemple.fr')).toBe(false);
    expect(await consentOf('bob@exemple.fr')).toBe(true);

    const bad = await alice.api('/api/account/marketing', { method: 'POST', body: { consent: 'oui' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues[0].message).toBe('Choix requis (oui ou non).');
    expect(await consentOf('alice@exemple.fr')).toBe(false);
    expect((await new TestBrowser(app.url).api('/api/account/marketing', { method: 'POST', body: { consent: true } })).status).toBe(401);
  });
});

describe('newsletter sending', () => {
  it('sends a sanitised test to the administrator only, recorded by Brevo and in the audit log', async () => {
    const res = await admin.api('/api/admin/newsletters/test', { method: 'POST', body: DRAFT });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('Test envoyé à admin@exemple.fr.');
    const [call] = brevo.tagged('newsletter-test');
    expect(call?.path).toBe('/v3/smtp/email');
    expect(call?.headers['api-key']).toBe('cle-brevo-test');
    expect(call?.body.to).toEqual([{ email: 'admin@exemple.fr' }]);
    expect(call?.body.subject).toBe('[Test] Les prix de novembre');
    expect(call?.body.htmlContent).toContain('<h2>Bonjour</h2><p>Les <strong>prix</strong> montent.</p>');
    expect(call?.body.htmlContent).not.toMatch(/<script|onclick|javascript:/);
    expect(call?.body.htmlContent).toContain('Bondy, Abzac et Hendaye');
    expect(call?.body.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/brevo\/desinscription\?u=[0-9a-f-]{36}&t=[\w-]+>$/);
    expect(call?.body.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const audit = await (await admin.api('/api/admin/audit?action=newsletter.test')).json();
    expect(audit.entries[0]).toMatchObject({ actorEmail: 'admin@exemple.fr', details: { subject: 'Les prix de novembre' } });
  });

  it('sends to « abonnés actifs » who agreed, in batches, and reports sent and failed', async () => {
    await user('actif1@exemple.fr', 'active', true);
    await user('actif2@exemple.fr', 'active', true);
    await user('actif-refus@exemple.fr', 'active', false);
    const disabled = await user('actif-desactive@exemple.fr', 'active', true);
    await app.db.query('UPDATE users SET disabled_at = now() WHERE id = $1', [disabled]);
    await user('ancien@exemple.fr', 'canceled', true);
    await user('inscrit@exemple.fr', null, true);
    brevo.failFor.add('actif2@exemple.fr');

    const overview = await (await admin.api('/api/admin/newsletters')).json();
    expect(overview.configured).toBe(true);
    const counts = Object.fromEntries(overview.segments.map((s: { segment: string; recipients: number }) => [s.segment, s.recipients]));
    // bob, actif1, actif2 (alice withdrew, actif-refus never agreed, actif-desactive is disabled)
    expect(counts).toMatchObject({ 'abonnes-actifs': 3, 'abonnements-termines': 1 });
    // inscrit only: avec@ agreed on sign-up but never confirmed its address.
    expect(counts['inscrits-sans-abonnement']).toBe(1);

    const res = await admin.api('/api/admin/newsletters', { method: 'POST', body: { ...DRAFT, segment: 'abonnes-actifs' } });
    expect(res.status).toBe(202);
    const { id, recipients } = await res.json();
    expect(recipients).toBe(3);
    const report = await waitDone(id);
    expect(report).toMatchObject({ status: 'sent', recipients: 3, sent: 2, failed: 1, pending: 0, segment: 'abonnes-actifs' });

    const calls = brevo.tagged(`newsletter-${id}`);
    expect(calls.map((c) => c.body.to[0]?.email).sort()).toEqual(['actif1@exemple.fr', 'actif2@exemple.fr', 'bob@exemple.fr']);
    for (const c of calls) {
      expect(c.body.subject).toBe('Les prix de novembre');
      expect(c.body.to).toHaveLength(1);
      expect(c.body.textContent).toContain('Se désinscrire');
      expect(c.body.htmlContent).toContain(c.body.headers['List-Unsubscribe']?.slice(1, -1).replace('&', '&amp;'));
    }
    // Each recipient's link is their own.
    expect(new Set(calls.map((c) => c.body.headers['List-Unsubscribe'])).size).toBe(3);
    const [failed] = await app.db.query<{ error: string }>(
      `SELECT error FROM newsletter_recipients WHERE newsletter_id = $1 AND status = 'failed'`,
      [id],
    );
    expect(failed?.error).toBe('Brevo a répondu 400\u00a0: email is not valid');

    const audit = await (await admin.api('/api/admin/audit?action=newsletter.send')).json();
    expect(audit.entries[0]).toMatchObject({
      target: 'Abonnés actifs',
      details: { subject: 'Les prix de novembre', recipients: 3, campaignId: id },
    });
  });

  it('retries with back-off while Brevo answers 503, then sends once', async () => {
    brevo.state.unavailable = 2;
    const res = await admin.api('/api/admin/newsletters', { method: 'POST', body: { ...DRAFT, segment: 'inscrits-sans-abonnement' } });
    expect(res.status).toBe(202);
    const { id } = await res.json();
    expect(await waitDone(id)).toMatchObject({ status: 'sent', recipients: 1, sent: 1, failed: 0 });
    expect(brevo.state.unavailable).toBe(0);
    expect(brevo.tagged(`newsletter-${id}`).map((c) => c.body.to[0]?.email)).toEqual(['inscrit@exemple.fr']);
    // The job is marked done just after its last write to the newsletter: on a loaded machine the
    // newsletter can read « sent » a moment before the queue reads « completed ».
    await expect
      .poll(async () => ((await app.jobs?.list(NEWSLETTER_QUEUE, 10)) ?? [])[0], { timeout: 10_000 })
      .toMatchObject({ state: 'completed', retryCount: 2, data: { newsletterId: id } });
  });

  it('a run after a crash asks Brevo about the calls left in flight instead of sending them again', async () => {
    const a = await user('doute-a@exemple.fr', null, true);
    const b = await user('doute-b@exemple.fr', null, true);
    const c = await user('doute-c@exemple.fr', null, true);
    await app.db.query(`UPDATE users SET marketing_consent = false WHERE email = 'inscrit@exemple.fr'`);
    const { id, recipients } = await createNewsletter(app.db, {
      subject: 'Sujet',
      preheader: '',
      bodyHtml: '<p>Corps</p>',
      segment: 'inscrits-sans-abonnement',
      adminId: null,
      adminEmail: 'admin@exemple.fr',
    });
    expect(recipients).toBe(3);
    // The dead run had called Brevo for a (it got through), b (it did not) and c (Brevo cannot say).
    await app.db.query(`UPDATE newsletter_recipients SET status = 'sending' WHERE newsletter_id = $1`, [id]);
    const sent: string[] = [];
    const client: BrevoClient = {
      send: async (email) => {
        sent.push(email.to);
      },
      wasSent: async (to, tag) => {
        expect(tag).toBe(`newsletter-${id}`);
        if (to === 'doute-c@exemple.fr') throw new Error('Brevo injoignable');
        return to === 'doute-a@exemple.fr';
      },
    };
    await sendNewsletter(
      { db: app.db, log: createLogger('silent'), brevo: client, publicUrl: 'http://localhost:3000', secret: async () => 's', batchSize: 2 },
      id,
    );
    expect(sent).toEqual(['doute-b@exemple.fr']);
    const rows = await app.db.query<{ user_id: string; status: string; error: string | null }>(
      'SELECT user_id, status, error FROM newsletter_recipients WHERE newsletter_id = $1 ORDER BY email',
      [id],
    );
    expect(rows).toEqual([
      { user_id: a, status: 'sent', error: null },
      { user_id: b, status: 'sent', error: null },
      { user_id: c, status: 'failed', error: IN_DOUBT },
    ]);
    const [n] = await app.db.query<{ status: string }>('SELECT status FROM newsletters WHERE id = $1', [id]);
    expect(n?.status).toBe('sent');
    await app.db.query(`UPDATE users SET marketing_consent = false WHERE email LIKE 'doute-%'`);
  });

  it('sends a test once: bad text is refused before Brevo, and an audit failure after it is no error', async () => {
    const before = brevo.tagged('newsletter-test').length;
    const nul = await admin.api('/api/admin/newsletters/test', { method: 'POST', body: { ...DRAFT, subject: 'Prix\u0000' } });
    expect(nul.status).toBe(400);
    expect((await nul.json()).issues[0].path).toBe('subject');
    expect(brevo.tagged('newsletter-test')).toHaveLength(before);
    // The audit log refuses its row once the e-mail has left: the answer still says it was sent.
    await app.db.exec(`ALTER TABLE admin_audit ADD CONSTRAINT refuse_tout CHECK (action <> 'newsletter.test') NOT VALID`);
    try {
      const res = await admin.api('/api/admin/newsletters/test', { method: 'POST', body: { ...DRAFT, subject: 'Sans journal' } });
      expect(res.status).toBe(200);
      expect((await res.json()).message).toBe('Test envoyé à admin@exemple.fr.');
    } finally {
      await app.db.exec('ALTER TABLE admin_audit DROP CONSTRAINT refuse_tout');
    }
    expect(brevo.tagged('newsletter-test').map((c) => c.body.subject)).toEqual([
      ...brevo
        .tagged('newsletter-test')
        .slice(0, before)
        .map((c) => c.body.subject),
      '[Test] Sans journal',
    ]);
    expect(app.logs.some((l) => l.msg === 'newsletter test sent but not audited')).toBe(true);
  });

  it('refuses bad input, an empty segment and non-administrators, and sends nothing', async () => {
    const before = brevo.calls.length;
    const [{ n: newsletters } = { n: 0 }] = await app.db.query<{ n: number }>('SELECT count(*) AS n FROM newsletters');
    const bad = await admin.api('/api/admin/newsletters', { method: 'POST', body: { ...DRAFT, segment: 'tout-le-monde' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues[0].message).toBe('Segment inconnu.');
    const noSubject = await admin.api('/api/admin/newsletters/test', { method: 'POST', body: { ...DRAFT, subject: ' ' } });
    expect((await noSubject.json()).issues[0]).toMatchObject({ path: 'subject', message: 'Objet requis.' });
    const onlyScript = await admin.api('/api/admin/newsletters/test', { method: 'POST', body: { ...DRAFT, html: '<script>x</script>' } });
    expect(onlyScript.status).toBe(400);
    await app.db.query(`UPDATE users SET marketing_consent = false WHERE email = 'ancien@exemple.fr'`);
    const empty = await admin.api('/api/admin/newsletters', { method: 'POST', body: { ...DRAFT, segment: 'abonnements-termines' } });
    expect(empty.status).toBe(409);
    expect((await empty.json()).message).toContain('Aucun destinataire');
    const bob = new TestBrowser(app.url);
    await bob.signIn('bob@exemple.fr', PASSWORD);
    expect((await bob.api('/api/admin/newsletters', { method: 'POST', body: { ...DRAFT, segment: 'tous' } })).status).toBe(403);
    expect((await bob.api('/api/admin/newsletters')).status).toBe(403);
    expect(brevo.calls.slice(before).map((c) => [c.body.subject, c.body.to])).toEqual([]);
    expect((await app.db.query<{ n: number }>('SELECT count(*) AS n FROM newsletters'))[0]?.n).toBe(newsletters);
  });
});

describe('Brevo webhook', () => {
  const post = (body: unknown, auth = `?token=${WEBHOOK_SECRET}`) =>
    app.fetch(`/brevo/webhook${auth}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const unsubscribe = {
    event: 'unsubscribed',
    email: 'actif1@exemple.fr',
    'message-id': '<1@fake-brevo>',
    ts_event: 1_790_000_000,
    id: 42,
  };

  it('refuses a bad or missing secret and changes nothing', async () => {
    expect((await post(unsubscribe, '?token=mauvais')).status).toBe(401);
    expect((await post(unsubscribe, '')).status).toBe(401);
    expect((await post(unsubscribe, `?token=${WEBHOOK_SECRET}x`)).status).toBe(401);
    expect(await consentOf('actif1@exemple.fr')).toBe(true);
  });

  it('applies an unsubscribe once: a replay changes nothing, even after the user opted in again', async () => {
    const first = await post(unsubscribe);
    expect(await first.json()).toEqual({ applied: 1, replayed: 0, ignored: 0 });
    expect(await consentOf('actif1@exemple.fr')).toBe(false);
    await app.db.query(`UPDATE users SET marketing_consent = true WHERE email = 'actif1@exemple.fr'`);
    const replay = await app.fetch('/brevo/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${WEBHOOK_SECRET}` },
      body: JSON.stringify(unsubscribe),
    });
    expect(await replay.json()).toEqual({ applied: 0, replayed: 1, ignored: 0 });
    expect(await consentOf('actif1@exemple.fr')).toBe(true);
  });

  it('ignores unknown events, marks hard bounces and spam complaints undeliverable', async () => {
    expect(await (await post({ event: 'opened', email: 'bob@exemple.fr' })).json()).toEqual({ applied: 0, replayed: 0, ignored: 1 });
    expect(await consentOf('bob@exemple.fr')).toBe(true);
    const res = await post([
      { event: 'hard_bounce', email: 'BOB@exemple.fr', 'message-id': '<2@fake-brevo>', ts_event: 1 },
      { event: 'spam', email: 'actif1@exemple.fr', 'message-id': '<3@fake-brevo>', ts_event: 2 },
    ]);
    expect(await res.json()).toEqual({ applied: 2, replayed: 0, ignored: 0 });
    const rows = await app.db.query<{ email: string; marketing_consent: boolean; email_undeliverable_reason: string }>(
      `SELECT email, marketing_consent, email_undeliverable_reason FROM users WHERE email IN ('bob@exemple.fr', 'actif1@exemple.fr') ORDER BY email`,
    );
    expect(rows).toEqual([
      { email: 'actif1@exemple.fr', marketing_consent: false, email_undeliverable_reason: 'Signalé comme spam' },
      { email: 'bob@exemple.fr', marketing_consent: true, email_undeliverable_reason: 'Rejet définitif (hard bounce)' },
    ]);
    const overview = await (await admin.api('/api/admin/newsletters')).json();
    expect(overview.segments.find((s: { segment: string }) => s.segment === 'abonnes-actifs').recipients).toBe(1);
  });
});

describe('one-click unsubscribe page', () => {
  it('shows a confirmation on GET, unsubscribes on POST (one-click), refuses a forged link', async () => {
    const [call] = brevo.calls.filter((c) => c.body.to[0]?.email === 'actif2@exemple.fr');
    const link = String(call?.body.headers['List-Unsubscribe']).slice(1, -1).replace('http://localhost:3000', '');
    const page = await app.fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Confirmer la désinscription');
    expect(html).not.toContain('data-layout');
    expect(await consentOf('actif2@exemple.fr')).toBe(true);

    const url = new URL(link, app.url);
    const forged = await app.fetch(`/brevo/desinscription?u=${url.searchParams.get('u')}&t=${'A'.repeat(43)}`, { method: 'POST' });
    expect(forged.status).toBe(400);
    expect(await consentOf('actif2@exemple.fr')).toBe(true);

    const oneClick = await app.fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Vous êtes désinscrit');
    expect(await consentOf('actif2@exemple.fr')).toBe(false);
  });
});

describe('without Brevo configured', () => {
  it('says in French what to configure and refuses the webhook', async () => {
    const bare = await startTestApp({ db: app.db });
    try {
      const b = new TestBrowser(bare.url);
      await b.signIn('admin@exemple.fr', PASSWORD);
      expect((await (await b.api('/api/admin/newsletters')).json()).configured).toBe(false);
      const res = await b.api('/api/admin/newsletters/test', { method: 'POST', body: DRAFT });
      expect(res.status).toBe(503);
      expect((await res.json()).message).toContain('renseignez BREVO_API_KEY');
      expect((await bare.fetch('/brevo/webhook', { method: 'POST' })).status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
