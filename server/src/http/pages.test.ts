/** Every route of the spec answers through SSR with its title and the layout the rules say. */
import { resolveLayout } from '@immoloupe/shared/layout';
import { documentTitle, routesStillComing, SPEC_ROUTES } from '@immoloupe/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../auth/testing/browser.js';
import { BROWSER_UA, startTestApp, type TestApp } from '../test/app.js';

let app: TestApp;
/** Signed-in browsers: a subscriber with an active subscription, an administrator. */
let subscriber: TestBrowser;
let admin: TestBrowser;
beforeAll(async () => {
  app = await startTestApp({ web: true });
  await createAccount(app.db, 'abonne@exemple.fr', 'Maison-bleue-2026', { subscription: 'active' });
  await createAccount(app.db, 'admin@exemple.fr', 'Maison-bleue-2026', { role: 'admin' });
  subscriber = new TestBrowser(app.url, BROWSER_UA);
  admin = new TestBrowser(app.url, BROWSER_UA);
  await subscriber.signIn('abonne@exemple.fr', 'Maison-bleue-2026');
  await admin.signIn('admin@exemple.fr', 'Maison-bleue-2026');
});
afterAll(async () => app?.close());

const page = (p: string, ua = BROWSER_UA) => app.fetch(p, { headers: { 'user-agent': ua } });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const layoutOf = (html: string) => /data-layout="([a-z]+)"/.exec(html)?.[1];
/**
 * French typography of the visible text: a no-break space (U+00A0 or U+202F), never a plain
 * space, before « : ; ? ! € % » (and none missing before € and %).
 */
function typographyFaults(html: string): string[] {
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  const faults: string[] = [];
  for (const m of text.matchAll(/.{0,20}(?: [:;?!€%]|[0-9][€%]).{0,10}/g)) {
    // URLs and times (« http://… », « 12:30 ») are not prose.
    if (/https?:|\d:\d/.test(m[0])) continue;
    faults.push(m[0]);
  }
  return faults;
}

const decodeEntities = (s: string | undefined) =>
  s
    ?.replace(/&#x27;/g, '’')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('spec routes', () => {
  it('lists every route of SEED-SPEC §2 (49 routes)', () => {
    expect(SPEC_ROUTES).toHaveLength(49);
    expect(new Set(SPEC_ROUTES.map((r) => r.path)).size).toBe(SPEC_ROUTES.length);
  });

  for (const route of SPEC_ROUTES) {
    it(`${decodeURI(route.path)} answers with its title and layout`, async () => {
      // Routes that carry a validation check are asserted with a valid query below.
      const target = route.path === '/abo/activate' ? `${route.path}?token=${'a'.repeat(40)}` : route.path;
      const open = route.access === 'public' || route.access === 'guest';
      let res = await page(target);
      if (!open) {
        // Protected: a visitor is sent to the login page with the wanted address (SEED-SPEC §4)…
        expect(res.status).toBe(302);
        const to = new URL(res.headers.get('location') ?? '', app.url);
        expect(to.pathname).toBe('/abo/connexion');
        expect(to.searchParams.get('redirect')).toBe(target);
        // …and the signed-in user who may open it gets the page.
        res = await (route.access === 'admin' ? admin : subscriber).fetch(target);
      }
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(decodeEntities(titleOf(html))).toBe(documentTitle(route.title));
      expect(layoutOf(html)).toBe(resolveLayout(route.path, { routeLayout: route.layout, hasClient: !open && route.access !== 'admin' }));
      if (route.noindex) expect(html).toMatch(/<meta name="robots" content="noindex/);
      expect(typographyFaults(html)).toEqual([]);
    });
  }

  it('has no page still to come: every route of the spec is delivered', () => {
    // A new route may only be listed as coming with a test update that names it here.
    expect(routesStillComing().map((r) => r.path)).toEqual([]);
  });

  it('never shows « Bientôt disponible » on a page of the spec', async () => {
    for (const r of SPEC_ROUTES.filter((x) => !x.path.includes(':'))) {
      const who = r.access === 'admin' ? admin : subscriber;
      const html = await (await who.fetch(r.path)).text();
      expect(html, r.path).not.toContain('Bientôt disponible');
    }
  });
});

describe('headers of the layouts', () => {
  it('offers sign-in to visitors, and their space, account and sign-out to signed-in users', async () => {
    const visitor = await (await page('/methodo')).text();
    expect(visitor).toContain('href="/abo/connexion"');
    expect(visitor).not.toContain('Mon espace pro');
    const signedIn = await (await subscriber.fetch('/methodo')).text();
    expect(signedIn).toContain('Mon espace pro');
    expect(signedIn).not.toContain('href="/abo/connexion"');
    const pro = await (await subscriber.fetch('/pro/mazone')).text();
    expect(pro).toContain('abonne@exemple.fr');
    expect(pro).toContain('Se déconnecter');
  });
});

describe('layouts by path', () => {
  it('renders /pdf/* with the pdf layout and /brevo/* with none', async () => {
    expect(layoutOf(await (await subscriber.fetch('/pdf/printestimationavis')).text())).toBe('pdf');
    const brevo = await page('/brevo/webhook');
    expect(brevo.status).toBe(404);
    expect(layoutOf(await brevo.text())).toBe('none');
  });

  it('matches the combined 3D test page whether its space is encoded or not', async () => {
    expect((await subscriber.fetch('/pro/test/carte3d%20combinee')).status).toBe(200);
    expect((await subscriber.fetch('/pro/test/carte3d combinee'.replace(' ', '%20'))).status).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown route with a real 404 and the non-fatal message inside the layout', async () => {
    const res = await page('/pas/une/page?x=1');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('L&#x27;application a rencontré une erreur');
    expect(html).toContain('Page not found: /pas/une/page?x=1');
    // Under the spec's text, the same news in French and the ways on.
    expect(html).toContain('Cette page n’existe pas.');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Page d’accueil<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/pro"[^>]*>Mes outils professionnels<\/a>/);
    expect(html).toContain('Relancer');
    expect(layoutOf(html)).toBe('paspro');
  });

  it('raises a fatal "Page Not Found" when a route validation check fails', async () => {
    const res = await page('/abo/activate?token=court');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page Not Found: /abo/activate');
    expect(layoutOf(html)).toBe('default');
  });

  it('does not render the error page for crawlers, and logs the error', async () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1',
      'Twitterbot/1.0',
    ]) {
      const before = app.logs.length;
      const res = await page('/nulle-part', ua);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('');
      expect(app.logs.slice(before).some((l) => l.level === 'error' && l.path === '/nulle-part')).toBe(true);
    }
  });

  it('still renders the page for crawlers when there is no error', async () => {
    const res = await page('/methodo', 'Mozilla/5.0 (compatible; Googlebot/2.1)');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>');
  });
});

describe('headers', () => {
  it('sends a CSP without unsafe-inline scripts, a nonce on every inline script, and no x-powered-by', async () => {
    const res = await page('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers.get('x-powered-by')).toBeNull();
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const m of inline) expect(m[1]).toContain(`nonce="${nonce}"`);
  });

  it('sends HSTS only over TLS (behind a trusted proxy)', async () => {
    const proxied = await startTestApp({ env: { TRUST_PROXY: '1' }, db: app.db });
    try {
      const secure = await proxied.fetch('/api/version', { headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers.get('strict-transport-security')).toContain('max-age=');
      const plain = await proxied.fetch('/api/version');
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
  });

  it('keeps /pro and /pdf out of search engines', async () => {
    const robots = await (await page('/robots.txt')).text();
    expect(robots).toContain('Disallow: /pro');
    expect(robots).toContain('Disallow: /pdf');
    expect((await page('/pro/analysemarche')).headers.get('x-robots-tag')).toContain('noindex');
    expect((await page('/pdf/printanalysemarche')).headers.get('x-robots-tag')).toContain('noindex');
    expect((await page('/apropos')).headers.get('x-robots-tag')).toBeNull();
  });

  it('serves the favicon and the consent script from our own origin', async () => {
    expect((await page('/favicon.svg')).status).toBe(200);
    const tac = await page('/vendor/tarteaucitron/tarteaucitron.js');
    expect(tac.status).toBe(200);
    expect((await page('/vendor/tarteaucitron/lang/tarteaucitron.fr.js')).status).toBe(200);
  });
});
