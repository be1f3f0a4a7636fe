/**
 * The request log: one line per request with its id, the same id in `X-Request-Id` and in the
 * API's error bodies, the user signed in, and no secret (query tokens, cookies, passwords).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { REQUEST_ID_HEADER, redactUrl } from './request-log.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The request line of `id`, once the answer has ended (written on `finish`). */
async function lineOf(logs: Record<string, unknown>[], id: string | null): Promise<Record<string, unknown>> {
  let found: Record<string, unknown> | undefined;
  await expect.poll(() => (found = logs.find((l) => l.msg === 'request' && l.requestId === id))).toBeDefined();
  return found as Record<string, unknown>;
}

describe('request log', () => {
  it('writes one line per request with its id, which the answer carries in X-Request-Id', async () => {
    const res = await app.fetch('/api/version');
    expect(res.status).toBe(200);
    const id = res.headers.get(REQUEST_ID_HEADER);
    expect(id).toMatch(UUID);
    const line = await lineOf(app.logs, id);
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/api/version', url: '/api/version', status: 200 });
    expect(typeof line.durationMs).toBe('number');
    expect(line).not.toHaveProperty('userId');
    expect(app.logs.filter((l) => l.requestId === id && l.msg === 'request')).toHaveLength(1);
    // Each request its own id.
    const again = await app.fetch('/api/version');
    expect(again.headers.get(REQUEST_ID_HEADER)).not.toBe(id);
  });

  it('names the route pattern, not the address, and puts the id in the French error body', async () => {
    const res = await app.fetch('/api/nulle-part/123');
    expect(res.status).toBe(404);
    const id = res.headers.get(REQUEST_ID_HEADER);
    const body = await res.json();
    expect(body.message).toMatch(/^Ressource introuvable/);
    expect(body.requestId).toBe(id);
    expect(await lineOf(app.logs, id)).toMatchObject({ status: 404, route: '/api' });

    // A route with a parameter: the pattern, whatever the file asked for.
    const icons = await app.fetch('/api/_icons/inconnu-42.json?icons=home');
    expect(icons.status).toBe(404);
    const iconsId = icons.headers.get(REQUEST_ID_HEADER);
    expect(await icons.json()).toEqual({ message: 'Jeu d’icônes inconnu.', requestId: iconsId });
    expect(await lineOf(app.logs, iconsId)).toMatchObject({
      status: 404,
      route: '/api/_icons/:file',
      url: '/api/_icons/inconnu-42.json?icons=home',
    });

    // zod's 400, with its issues.
    const invalid = await app.fetch('/api/reverse?lat=abc');
    expect(invalid.status).toBe(400);
    const invalidBody = await invalid.json();
    expect(invalidBody).toMatchObject({ message: 'Requête invalide.', requestId: invalid.headers.get(REQUEST_ID_HEADER) });
    expect(invalidBody.issues.length).toBeGreaterThan(0);
  });

  it('logs the id of the user signed in, and never their password or session cookie', async () => {
    const email = 'journal@exemple.fr';
    const password = 'Secret-du-journal-2026';
    const userId = await createAccount(app.db, email, password, { subscription: 'active' });
    const b = new TestBrowser(app.url);
    expect(await b.signIn(email, password)).toMatchObject({ ok: true });
    const res = await b.api('/api/account');
    expect(res.status).toBe(200);
    const line = await lineOf(app.logs, res.headers.get(REQUEST_ID_HEADER));
    expect(line).toMatchObject({ userId, route: expect.stringMatching(/^\/api\//), status: 200 });

    const session = b.cookies.get('authjs.session-token') as string;
    expect(session.length).toBeGreaterThan(20);
    const text = JSON.stringify(app.logs);
    expect(text).not.toContain(password);
    expect(text).not.toContain(session);
  });

  it('never writes a token of the query string, a cookie or an authorization header', async () => {
    const secrets = ['jeton-de-lien-123456', 'reinit-789abcdef', 'cookie-secret-456789', 'cle-acces-abcdef123', 'csrf-jeton-0011'];
    const res = await app.fetch(`/api/version?token=${secrets[0]}&reinitialisation=${secrets[1]}&csrfToken=${secrets[4]}&insee=93010`, {
      headers: { cookie: `immoloupe.csrf=${secrets[2]}`, authorization: `Bearer ${secrets[3]}` },
    });
    const line = await lineOf(app.logs, res.headers.get(REQUEST_ID_HEADER));
    expect(line.url).toBe('/api/version?token=[redacted]&reinitialisation=[redacted]&csrfToken=[redacted]&insee=93010');
    const text = JSON.stringify(app.logs);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('takes an incoming id from a trusted proxy only, and only when well-formed', async () => {
    // Not behind a proxy: the client's own id is not taken.
    const direct = await app.fetch('/api/version', { headers: { [REQUEST_ID_HEADER]: 'proxy-id-0123456789' } });
    expect(direct.headers.get(REQUEST_ID_HEADER)).toMatch(UUID);

    const proxied = await startTestApp({ db: app.db, env: { TRUST_PROXY: 'loopback' } });
    try {
      const ok = await proxied.fetch('/api/version', { headers: { [REQUEST_ID_HEADER]: 'proxy-id-0123456789' } });
      expect(ok.headers.get(REQUEST_ID_HEADER)).toBe('proxy-id-0123456789');
      expect(await lineOf(proxied.logs, 'proxy-id-0123456789')).toMatchObject({ route: '/api/version' });
      for (const bad of ['court', 'x'.repeat(65), 'avec espace 0123', 'injection"}{0123']) {
        const res = await proxied.fetch('/api/version', { headers: { [REQUEST_ID_HEADER]: bad } });
        expect(res.headers.get(REQUEST_ID_HEADER)).toMatch(UUID);
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('redactUrl', () => {
  it('hides the value of every secret parameter and keeps the others', () => {
    expect(redactUrl('/brevo/alertes/desinscription?k=a%3Ab&t=sig')).toBe('/brevo/alertes/desinscription?k=[redacted]&t=[redacted]');
    expect(redactUrl('/abo/connexion?reinitialisation=abc&redirect=%2Fpro')).toBe(
      '/abo/connexion?reinitialisation=[redacted]&redirect=%2Fpro',
    );
    expect(redactUrl('/x?access_token=1&api_key=2&password=3&q=bondy')).toBe(
      '/x?access_token=[redacted]&api_key=[redacted]&password=[redacted]&q=bondy',
    );
    expect(redactUrl('/api/transactions?insee=93010&page=2')).toBe('/api/transactions?insee=93010&page=2');
    expect(redactUrl('/sans-requete')).toBe('/sans-requete');
    expect(redactUrl('/x?%E0=1&token')).toBe('/x?%E0=1&token');
  });
});
