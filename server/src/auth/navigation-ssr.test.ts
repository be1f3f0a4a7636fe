/**
 * The navigation rules applied on the server while rendering (SEED-SPEC §4, §6): the redirect
 * comes before any protected HTML, for visitors, users without subscription and administrators.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { createAccount, TestBrowser } from './testing/browser.js';

const PASSWORD = 'Maison-bleue-2026';
let app: TestApp;
let n = 0;
beforeAll(async () => {
  app = await startTestApp({ web: true });
});
afterAll(async () => app?.close());

async function signedIn(options: Parameters<typeof createAccount>[3] = {}, target = app) {
  const email = `nav-${++n}@exemple.fr`;
  await createAccount(app.db, email, PASSWORD, options);
  const b = new TestBrowser(target.url);
  expect((await b.signIn(email, PASSWORD)).ok).toBe(true);
  return { b, email };
}

const layoutOf = (html: string) => /data-layout="([a-z]+)"/.exec(html)?.[1];

describe('server-side navigation rules', () => {
  it('sends a visitor of a pro page to the login page with the wanted address, before any HTML', async () => {
    const res = await new TestBrowser(app.url).fetch('/pro/transactions?commune=75056');
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location') ?? '', app.url);
    expect(to.pathname).toBe('/abo/connexion');
    expect(to.searchParams.get('redirect')).toBe('/pro/transactions?commune=75056');
    expect(to.searchParams.get('error')).toBe('SessionRequired');
    expect(await res.text()).not.toContain('<html');
    for (const path of ['/pro', '/pro/admin', '/abo/moncompte', '/abo/mescles', '/pdf/printanalysemarche']) {
      expect((await app.fetch(path)).status, path).toBe(302);
    }
  });

  it('opens the pro area to a subscriber, with the session read during SSR', async () => {
    const { b, email } = await signedIn({ subscription: 'active' });
    const res = await b.fetch('/pro/transactions');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(email);
    expect(layoutOf(html)).toBe('pro');
    const home = await b.fetch('/pro');
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    expect(homeHtml).toContain('data-testid="pro-tool"');
    expect(homeHtml).toContain('href="/pro/transactions"');
  });

  it('sends a signed-in user away from login and sign-up to /pro', async () => {
    const { b } = await signedIn({ subscription: 'active' });
    for (const path of ['/abo/connexion', '/abo/nouveaucompte']) {
      const res = await b.fetch(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/pro');
    }
  });

  it('after an ended subscription, sends /pro through /api/session/reload to the offer', async () => {
    const { b } = await signedIn({ subscription: 'canceled' });
    const res = await b.fetch('/pro');
    expect(res.status).toBe(302);
    const reload = new URL(res.headers.get('location') ?? '', app.url);
    expect(reload.pathname).toBe('/api/session/reload');
    expect(Object.fromEntries(reload.searchParams)).toEqual({
      status: 'authenticated',
      data: 'abonnement-inactif',
      to: '/abo/offre?redirectionclient=abonnement-inactif',
      from: '/pro',
    });
    const next = await b.fetch(`${reload.pathname}${reload.search}`, { headers: { accept: 'text/html' } });
    expect(next.status).toBe(302);
    expect(next.headers.get('location')).toBe('/abo/offre?redirectionclient=abonnement-inactif');
    const offer = await b.fetch('/abo/offre?redirectionclient=abonnement-inactif');
    expect(offer.status).toBe(200);
    expect(await offer.text()).toContain('n’est plus actif');
  });

  it('sends a user without client record to the offer too, and lets them open /abo/moncompte', async () => {
    const { b } = await signedIn();
    const res = await b.fetch('/pro/analysemarche');
    const reload = new URL(res.headers.get('location') ?? '', app.url);
    expect(reload.searchParams.get('data')).toBe('sans-client');
    const json = await b.fetch(`${reload.pathname}${reload.search}`, { headers: { accept: 'application/json' } });
    expect(await json.json()).toMatchObject({ status: 'authenticated', to: '/abo/offre?redirectionclient=sans-client' });
    const account = await b.fetch('/abo/moncompte');
    expect(account.status).toBe(200);
    // No client record: the page-level rule gives the paspro layout.
    expect(layoutOf(await account.text())).toBe('paspro');
  });

  it('goes back to the wanted page when the reload finds the subscription active', async () => {
    const { b } = await signedIn({ subscription: 'active' });
    const res = await b.fetch(
      '/api/session/reload?status=authenticated&data=abonnement-inactif&to=%2Fabo%2Foffre&from=%2Fpro%2Ftransactions',
    );
    expect(res.headers.get('location')).toBe('/pro/transactions');
    // Never to another site.
    const evil = await b.fetch('/api/session/reload?to=https%3A%2F%2Fevil.example%2F&from=%2F%2Fevil.example');
    expect(evil.headers.get('location')).toBe('/pro');
  });

  it('gives an administrator the pro area without subscription, and refuses the admin page to others', async () => {
    const admin = await signedIn({ role: 'admin' });
    expect((await admin.b.fetch('/pro/transactions')).status).toBe(200);
    const adminPage = await admin.b.fetch('/pro/admin');
    expect(adminPage.status).toBe(200);
    expect(await adminPage.text()).toContain('Utilisateurs');
    const subscriber = await signedIn({ subscription: 'active' });
    const refused = await subscriber.b.fetch('/pro/admin');
    expect(refused.status).toBe(403);
    // Said inside the pro layout, with its menu and a way back; not the fatal error screen.
    const html = await refused.text();
    expect(html).toContain('Accès réservé aux administrateurs');
    expect(html).toContain('Retour à l’accueil des outils');
    expect(layoutOf(html)).toBe('pro');
    expect(html).not.toContain('rencontré une erreur');
    expect(html).not.toContain('Messages de contact');
    // The page keeps its CSP nonce: its scripts run (a menu that works).
    const nonce = /'nonce-([^']+)'/.exec(refused.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    for (const m of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)) expect(m[1]).toContain(`nonce="${nonce}"`);
  });

  it('uses the pro layout on /abo/* and /contact for a user with a client record', async () => {
    const { b } = await signedIn({ subscription: 'active' });
    for (const path of ['/abo/moncompte', '/abo/offre', '/contact']) {
      expect(layoutOf(await (await b.fetch(path)).text()), path).toBe('pro');
    }
    expect(layoutOf(await (await app.fetch('/abo/offre')).text())).toBe('paspro');
  });

  it('says on the offer page that online payment is not configured', async () => {
    const html = await (await app.fetch('/abo/offre')).text();
    expect(html).toContain('data-testid="payment-not-configured"');
    expect(html).toContain('Le paiement en ligne n’est pas configuré sur ce serveur.');
    expect(html).toContain('49');
  });
});

describe('settings', () => {
  it('warns and does not redirect when the login page setting is misconfigured', async () => {
    const other = await startTestApp({ web: true, db: app.db, env: { AUTH_LOGIN_PAGE: '/connexion-inexistante' } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const res = await other.fetch('/pro/transactions');
      expect(res.status).toBe(200);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('/connexion-inexistante'));
    } finally {
      warn.mockRestore();
      await other.close();
    }
  });

  it('leaves the rules to the browser when server-side auth is off', async () => {
    const other = await startTestApp({ web: true, db: app.db, env: { AUTH_SERVER_SIDE: 'false' } });
    try {
      const { b } = await signedIn({ subscription: 'active' }, other);
      const res = await b.fetch('/pro/transactions');
      expect(res.status).toBe(200);
      // The session was not read while rendering: the page does not know the user yet.
      expect(await res.text()).not.toMatch(/nav-\d+@exemple\.fr/);
      expect((await other.fetch('/pro')).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('can require sign-in on unknown paths', async () => {
    const other = await startTestApp({ web: true, db: app.db, env: { AUTH_ALLOW_404_WITHOUT_AUTH: 'false' } });
    try {
      const res = await other.fetch('/nulle-part');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toContain('/abo/connexion?redirect=%2Fnulle-part');
      expect((await app.fetch('/nulle-part')).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
