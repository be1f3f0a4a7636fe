/**
 * The pages e-mailed links open (password reset, e-mail confirmation, unsubscribe): their answer
 * forbids any Referer, the request log masks their token, and the token is used by a POST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../auth/testing/browser.js';
import { BROWSER_UA, startTestApp, type TestApp } from '../test/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ web: true });
});
afterAll(async () => {
  await app?.close();
});

/** The request-log lines of `path`'s requests (the mail log line writes the link on purpose: no transport here). */
const requestLines = () => app.logs.filter((l) => l.msg === 'request');

async function landing(path: string): Promise<Response> {
  const res = await app.fetch(path, { headers: { 'user-agent': BROWSER_UA, accept: 'text/html' } });
  await res.text();
  return res;
}

describe('e-mailed links', () => {
  it('reset link: no Referer from its page, the token masked in the log, and the reset still works by POST', async () => {
    const address = 'lien-reinit@exemple.fr';
    await createAccount(app.db, address, 'Ancien-mot-2026');
    const b = new TestBrowser(app.url);
    expect((await b.api('/api/account/password/forgot', { method: 'POST', body: { email: address } })).status).toBe(202);
    const mail = [...app.logs].reverse().find((l) => l.to === address && typeof l.link === 'string');
    const link = new URL(String(mail?.link));
    const token = link.searchParams.get('reinitialisation') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);

    const before = requestLines().length;
    const page = await landing(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const reset = await b.api('/api/account/password/reset', { method: 'POST', body: { token, password: 'Nouveau-lien-2026' } });
    expect(reset.status).toBe(200);
    expect((await new TestBrowser(app.url).signIn(address, 'Nouveau-lien-2026')).ok).toBe(true);

    const lines = requestLines().slice(before);
    expect(lines.find((l) => String(l.url).startsWith('/abo/connexion'))?.url).toBe('/abo/connexion?reinitialisation=[redacted]');
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('confirmation link: the same', async () => {
    const token = 'b'.repeat(43);
    const before = requestLines().length;
    const page = await landing(`/abo/activate?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const lines = requestLines().slice(before);
    expect(lines.map((l) => l.url)).toContain('/abo/activate?token=[redacted]');
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('unsubscribe links: the same', async () => {
    for (const path of [
      '/brevo/desinscription?u=00000000-0000-4000-8000-000000000000&t=signature-inventee',
      '/brevo/alertes/desinscription?k=s%3A1&t=signature-inventee',
    ]) {
      const res = await landing(path);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    expect(JSON.stringify(requestLines())).not.toContain('signature-inventee');
  });

  it('keeps the usual policy elsewhere', async () => {
    expect((await landing('/abo/connexion')).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect((await landing('/pro/transactions?insee=93010')).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
