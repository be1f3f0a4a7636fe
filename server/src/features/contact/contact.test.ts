/** The contact API over HTTP: validation, storage, honeypot, rate limit per IP, admin listing, e-mail. */
import type { AddressInfo } from 'node:net';
import { CONTACT_RATE_LIMIT } from '@immoloupe/shared/contact/contact-message';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestUser } from '../../auth/guards.js';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { errorHandler } from '../../http/errors.js';
import { createLogger } from '../../logger.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import type { ContactMailer } from './mailer.js';
import { contactRoutes } from './routes.js';

const NBSP = '\u00a0';
const valid = {
  name: 'Camille Martin',
  email: 'camille@exemple.fr',
  subject: 'Démonstration',
  message: 'Bonjour, je voudrais voir l’analyse de marché sur Bondy.',
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => app?.close());
beforeEach(async () => {
  await app.db.exec('DELETE FROM contact_messages; DELETE FROM auth_attempts;');
});

const post = (body: unknown, ip = '203.0.113.7', csrf = 'jeton-de-test') =>
  app.fetch('/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `immoloupe.csrf=jeton-de-test`, 'x-csrf-token': csrf, 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

const storedMessages = () =>
  app.db.query<{ name: string; email: string; subject: string; message: string }>('SELECT * FROM contact_messages');

describe('POST /api/contact', () => {
  it('stores a valid message and answers 201', async () => {
    const res = await post({ ...valid, name: '  Camille Martin ' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(valid);
  });

  it('rejects invalid input with French messages per field, and stores nothing', async () => {
    const res = await post({ name: '', email: 'camille@', subject: 'Objet', message: 'court' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; issues: { path: string; message: string }[] };
    expect(body.message).toBe(`Le message n’a pas été envoyé${NBSP}: corrigez les champs signalés.`);
    expect(body.issues.map((i) => i.path).sort()).toEqual(['email', 'message', 'name']);
    expect(body.issues.find((i) => i.path === 'name')?.message).toBe('Votre nom est obligatoire.');
    expect(await storedMessages()).toHaveLength(0);
  });

  it('refuses a request without the CSRF token', async () => {
    const res = await post(valid, '203.0.113.7', 'autre-jeton');
    expect(res.status).toBe(403);
    expect(await storedMessages()).toHaveLength(0);
  });

  it('answers a filled honeypot as a success but does not store it', async () => {
    const res = await post({ ...valid, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(await storedMessages()).toHaveLength(0);
  });

  it(`limits each IP address to ${CONTACT_RATE_LIMIT.max} messages an hour, others still pass`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await post(valid, '198.51.100.1')).status).toBe(201);
    const limited = await post(valid, '198.51.100.1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3600');
    expect(((await limited.json()) as { message: string }).message).toContain('Trop de messages');
    expect((await post(valid, '198.51.100.2')).status).toBe(201);
    expect(await storedMessages()).toHaveLength(CONTACT_RATE_LIMIT.max + 1);
  });

  it('deletes messages older than three years and attempts older than a day when a new message arrives', async () => {
    await post({ ...valid, subject: 'Ancien' });
    await app.db.query("UPDATE contact_messages SET created_at = now() - interval '3 years 1 day'");
    await app.db.query("UPDATE auth_attempts SET at = now() - interval '25 hours'");
    await post({ ...valid, subject: 'Récent' }, '192.0.2.9');
    expect((await storedMessages()).map((m) => m.subject)).toEqual(['Récent']);
    expect(await app.db.query('SELECT scope, key FROM auth_attempts')).toEqual([{ scope: 'contact-ip', key: '192.0.2.9' }]);
  });

  it('forgets attempts older than the window', async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await post(valid, '198.51.100.3')).status).toBe(201);
    await app.db.query("UPDATE auth_attempts SET at = now() - interval '61 minutes'");
    expect((await post(valid, '198.51.100.3')).status).toBe(201);
  });
});

describe('GET /api/contact/messages', () => {
  it('is refused without an administrator session', async () => {
    const res = await app.fetch('/api/contact/messages');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Connexion requise.', requestId: expect.any(String) });
  });

  it('is listed to an administrator signed in through the real session, and refused to a subscriber', async () => {
    await post({ ...valid, subject: 'Par la session' });
    await createAccount(app.db, 'admin-contact@exemple.fr', 'Un-mot-de-passe-solide-2026', { role: 'admin' });
    await createAccount(app.db, 'abonne-contact@exemple.fr', 'Un-mot-de-passe-solide-2026', { subscription: 'active' });
    const admin = new TestBrowser(app.url);
    expect(await admin.signIn('admin-contact@exemple.fr', 'Un-mot-de-passe-solide-2026')).toMatchObject({ ok: true });
    const res = await admin.api('/api/contact/messages');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { messages: { subject: string }[] }).messages.map((m) => m.subject)).toEqual(['Par la session']);
    const subscriber = new TestBrowser(app.url);
    expect(await subscriber.signIn('abonne-contact@exemple.fr', 'Un-mot-de-passe-solide-2026')).toMatchObject({ ok: true });
    expect((await subscriber.api('/api/contact/messages')).status).toBe(403);
  });

  /** The router alone, behind a stand-in for the accounts feature's session middleware. */
  async function withUser(user: RequestUser | undefined, mailer?: ContactMailer) {
    const log = createLogger('silent');
    const server = express()
      .use(express.json())
      .use((req, _res, next) => {
        req.user = user;
        next();
      })
      .use('/api', contactRoutes({ db: app.db, log, mailer }))
      .use(errorHandler(log))
      .listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      fetch: (p: string, init?: RequestInit) => fetch(`${url}${p}`, init),
      close: () => new Promise((r) => server.close(r)),
    };
  }
  const admin: RequestUser = { id: '1', email: 'admin@exemple.fr', role: 'admin', aboactif: false, via: 'session' };
  const subscriber: RequestUser = { ...admin, role: 'subscriber', aboactif: true };

  it('lists the messages, newest first, to an administrator only', async () => {
    await post({ ...valid, subject: 'Premier' });
    await post({ ...valid, subject: 'Second' });
    const asAdmin = await withUser(admin);
    const asSubscriber = await withUser(subscriber);
    try {
      expect((await asSubscriber.fetch('/api/contact/messages')).status).toBe(403);
      const res = await asAdmin.fetch('/api/contact/messages?limit=10');
      expect(res.status).toBe(200);
      const body = (await res.json()) as { total: number; messages: { subject: string; mailedAt: string | null; createdAt: string }[] };
      expect(body.total).toBe(2);
      expect(body.messages.map((m) => m.subject)).toEqual(['Second', 'Premier']);
      expect(body.messages[0]?.mailedAt).toBeNull();
      expect(Number.isNaN(Date.parse(body.messages[0]?.createdAt ?? ''))).toBe(false);
      expect((await asAdmin.fetch('/api/contact/messages?limit=0')).status).toBe(400);
    } finally {
      await asAdmin.close();
      await asSubscriber.close();
    }
  });

  it('e-mails the message when a mailer is configured, and keeps it when sending fails', async () => {
    const sent: string[] = [];
    const ok = await withUser(admin, async (m) => {
      sent.push(`${m.id}:${m.subject}`);
    });
    const failing = await withUser(admin, async () => {
      throw new Error('SMTP indisponible');
    });
    const send = (c: typeof ok, subject: string) =>
      c.fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...valid, subject }),
      });
    try {
      expect((await send(ok, 'Envoyé')).status).toBe(201);
      expect((await send(failing, 'Non envoyé')).status).toBe(201);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/^\d+:Envoyé$/);
      const list = (await (await ok.fetch('/api/contact/messages')).json()) as { messages: { subject: string; mailedAt: string | null }[] };
      expect(list.messages.find((m) => m.subject === 'Envoyé')?.mailedAt).not.toBeNull();
      expect(list.messages.find((m) => m.subject === 'Non envoyé')?.mailedAt).toBeNull();
    } finally {
      await ok.close();
      await failing.close();
    }
  });
});
