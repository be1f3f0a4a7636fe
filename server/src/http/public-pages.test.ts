/**
 * The public site as search engines and assistive technologies receive it (server-rendered HTML):
 * one unique title, a description, a canonical URL and Open Graph tags per page, headings in
 * order, French typography, the offer from config, the sitemap, and no map or chart code on the
 * home page.
 */

import { DATA_SOURCES } from '@immoloupe/shared/public/data-sources';
import { ALL_TOOLS, HOME_TOOLS, isToolAvailable, toolScreenshot, toolScreenshotId } from '@immoloupe/shared/public/tool-catalogue';
import { documentTitle, SPEC_ROUTES, type SpecRoute } from '@immoloupe/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../auth/testing/browser.js';
import { BROWSER_UA, startTestApp, type TestApp } from '../test/app.js';

const PUBLIC_URL = 'https://immoloupe.example';
let app: TestApp;
/** A signed-in subscriber: the user guide is a /pro page. */
let subscriber: TestBrowser;
beforeAll(async () => {
  app = await startTestApp({ web: true, env: { PUBLIC_URL, OFFER_PRICE_CENTS: '2990', OFFER_INTERVAL: 'month' } });
  await createAccount(app.db, 'abonne@exemple.fr', 'Un-mot-de-passe-solide-2026', { subscription: 'active' });
  subscriber = new TestBrowser(app.url);
  expect(await subscriber.signIn('abonne@exemple.fr', 'Un-mot-de-passe-solide-2026')).toMatchObject({ ok: true });
});
afterAll(async () => app?.close());

const PUBLIC_ROUTES = SPEC_ROUTES.filter((r) => r.access === 'public' && !r.path.startsWith('/abo/'));
const GUIDE = SPEC_ROUTES.find((r) => r.path === '/pro/modedemploi') as SpecRoute;

const html = new Map<string, string>();
async function page(path: string): Promise<string> {
  const cached = html.get(path);
  if (cached) return cached;
  const res = path.startsWith('/pro') ? await subscriber.fetch(path) : await app.fetch(path, { headers: { 'user-agent': BROWSER_UA } });
  expect(res.status, path).toBe(200);
  const text = await res.text();
  html.set(path, text);
  return text;
}

function decode(s: string): string {
  return s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}
const attr = (doc: string, re: RegExp) => {
  const m = re.exec(doc);
  return m?.[1] === undefined ? undefined : decode(m[1]);
};
const titleOf = (doc: string) => attr(doc, /<title>([^<]*)<\/title>/);
const metaName = (doc: string, name: string) => attr(doc, new RegExp(`<meta name="${name}" content="([^"]*)"`));
const metaProp = (doc: string, prop: string) => attr(doc, new RegExp(`<meta property="${prop}" content="([^"]*)"`));
const canonicalOf = (doc: string) => attr(doc, /<link rel="canonical" href="([^"]*)"/);
const mainOf = (doc: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(doc)?.[1] ?? '';
/** Visible text of a fragment: no tags, no scripts or styles, entities decoded. */
const textOf = (fragment: string) =>
  decode(
    fragment
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/[ \t\n]+/g, ' '),
  );
/** An `<img>` with this source and this alternative text (as React escapes it), lazily loaded. */
const imgTag = (src: string, alt: string) => {
  const esc = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const encoded = alt.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return new RegExp(`<img (?=[^>]*src="${esc(src)}")(?=[^>]*alt="${esc(encoded)}")(?=[^>]*loading="lazy")[^>]*>`);
};
const headingLevels = (fragment: string) => [...fragment.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));

describe.each([...PUBLIC_ROUTES, GUIDE].map((r) => [decodeURI(r.path), r] as const))('%s', (_label, route) => {
  it('is delivered, with its title and description from the route table', async () => {
    const doc = await page(route.path);
    expect(doc).toContain('<html lang="fr"');
    expect(doc).not.toContain('data-testid="coming-soon"');
    expect(titleOf(doc)).toBe(documentTitle(route.title));
    expect(metaName(doc, 'description')).toBe(route.description);
    expect((metaName(doc, 'description') ?? '').length).toBeGreaterThan(40);
  });

  it(route.noindex ? 'is kept out of search engines' : 'has a canonical URL and Open Graph tags', async () => {
    const doc = await page(route.path);
    if (route.noindex) {
      expect(metaName(doc, 'robots')).toContain('noindex');
      expect(canonicalOf(doc)).toBeUndefined();
      return;
    }
    const url = `${PUBLIC_URL}${route.path}`;
    expect(metaName(doc, 'robots')).toBeUndefined();
    expect(canonicalOf(doc)).toBe(url);
    expect(metaProp(doc, 'og:url')).toBe(url);
    expect(metaProp(doc, 'og:title')).toBe(documentTitle(route.title));
    expect(metaProp(doc, 'og:description')).toBe(route.description);
    expect(metaProp(doc, 'og:type')).toBe('website');
    expect(metaProp(doc, 'og:locale')).toBe('fr_FR');
  });

  it('has landmarks, one h1 and headings that never skip a level', async () => {
    const doc = await page(route.path);
    expect(doc).toMatch(/<main[^>]*id="contenu"/);
    expect(doc).toMatch(/<(header|nav)[\s>]/);
    const levels = headingLevels(mainOf(doc));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    for (let i = 1; i < levels.length; i++)
      expect(levels[i] as number, `h${levels[i - 1]} → h${levels[i]}`).toBeLessThanOrEqual((levels[i - 1] as number) + 1);
  });

  it('follows French typography in its text', async () => {
    const text = textOf(mainOf(await page(route.path)));
    expect(text.length).toBeGreaterThan(200);
    // A plain space before : ; ? ! € % (a no-break space is required), or a straight apostrophe in prose.
    expect(text.match(/\S [:;?!€%]/g) ?? []).toEqual([]);
    expect(text.match(/[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]/g) ?? []).toEqual([]);
    expect(text).not.toMatch(/lorem ipsum/i);
  });
});

describe('titles', () => {
  it('gives every public page a title of its own', async () => {
    const titles = await Promise.all([...PUBLIC_ROUTES, GUIDE].map(async (r) => titleOf(await page(r.path))));
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe('home page', () => {
  it('shows each tool in one line with a picture, the offer price from config, and the data sources with their licences', async () => {
    const doc = await page('/');
    const text = textOf(mainOf(doc));
    for (const path of HOME_TOOLS) {
      const tool = ALL_TOOLS.find((t) => t.path === path);
      expect(text).toContain(tool?.name);
      const shot = tool && toolScreenshot(tool);
      // A delivered tool shows its real screenshot (described), a tool to come its drawing.
      if (shot) expect(doc).toMatch(imgTag(shot.thumbnail, shot.alt));
      else expect(doc).toContain(`src="/illustrations/${tool?.illustration}.svg"`);
    }
    // Light: every picture of the page waits to be scrolled to, and keeps its box while it loads.
    for (const img of mainOf(doc).match(/<img [^>]*>/g) ?? []) {
      expect(img).toContain('loading="lazy"');
      expect(img).toMatch(/ width="\d+"/);
      expect(img).toMatch(/ height="\d+"/);
    }
    expect(text).toContain('29,90\u00a0€');
    expect(text).toContain('TTC par mois');
    expect(doc).toContain('href="/abo/offre"');
    for (const source of DATA_SOURCES) expect(text).toContain(source.name);
    expect(text).toContain('Licence Ouverte 2.0');
    for (const a of ['agents_mandataires', 'prospecteurs_fonciers', 'chasseurs_appartement_maison']) {
      expect(doc).toContain(`href="/clientscibles/${a}"`);
    }
  });

  it('serves the illustrations as SVG images', async () => {
    for (const name of new Set(ALL_TOOLS.map((t) => t.illustration))) {
      const res = await app.fetch(`/illustrations/${name}.svg`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
    }
  });

  it('serves the screenshots of the delivered tools as JPEG images', async () => {
    for (const tool of ALL_TOOLS) {
      const shot = toolScreenshot(tool);
      if (!shot) continue;
      for (const src of [shot.src, shot.thumbnail]) {
        const res = await app.fetch(src);
        expect(res.status, src).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/jpeg');
      }
    }
  });

  it('loads no map or chart code', async () => {
    const doc = await page('/');
    const scripts = [...doc.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
    const imports = [...doc.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
    const files = [...new Set([...scripts, ...imports])];
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) {
      const js = await (await app.fetch(file)).text();
      expect(js, file).not.toMatch(/maplibre|echarts/i);
    }
  });
});

describe('other pages', () => {
  it('keeps /index_old for old links: noindex, pointing to the home page', async () => {
    const doc = await page('/index_old');
    expect(metaName(doc, 'robots')).toContain('noindex');
    expect(mainOf(doc)).toContain('href="/"');
  });

  it('offers a labelled contact form with a hidden honeypot', async () => {
    const doc = await page('/contact');
    for (const label of ['Votre nom', 'Votre adresse e-mail', 'Objet', 'Message']) expect(textOf(doc)).toContain(label);
    expect(doc).toMatch(/<input[^>]*name="website"[^>]*tabindex="-1"|<input[^>]*tabindex="-1"[^>]*name="website"/i);
    expect(doc).toMatch(/<div aria-hidden="true"[^>]*><label for="contact-site">/);
  });

  it('marks in the user guide which tools are open and which are coming, from the route table', async () => {
    const text = textOf(mainOf(await page('/pro/modedemploi')));
    for (const tool of ALL_TOOLS) expect(text).toContain(tool.name);
    const open = ALL_TOOLS.filter((t) => isToolAvailable(t.path)).length;
    expect(text.match(/Disponible/g)?.length ?? 0).toBe(open);
    expect(text.match(/En préparation/g)?.length ?? 0).toBeGreaterThanOrEqual(ALL_TOOLS.length - open);
  });

  it('shows in the user guide the screenshot of each delivered tool, described, and none of a tool to come', async () => {
    const doc = mainOf(await page('/pro/modedemploi'));
    for (const tool of ALL_TOOLS) {
      const shot = toolScreenshot(tool);
      if (isToolAvailable(tool.path)) {
        expect(shot, tool.path).toBeDefined();
        if (shot) expect(doc).toMatch(imgTag(shot.src, shot.alt));
      } else expect(doc).not.toContain(`/guide/${toolScreenshotId(tool.path)}`);
    }
  });

  it('explains the statistics rules and the legal conditions on /methodo and /cgu', async () => {
    const methodo = textOf(mainOf(await page('/methodo')));
    expect(methodo).toContain('Pas assez de ventes');
    expect(methodo).toContain('15\u202f000\u00a0€');
    expect(methodo).toContain('R112\u00a0A-3');
    expect(methodo).toContain('14,2\u00a0%');
    const cgu = textOf(mainOf(await page('/cgu')));
    for (const s of [
      'réidentifier',
      'Cookies',
      'tarteaucitron',
      'Commission nationale de l’informatique et des libertés',
      'Trois ans',
      '24 heures',
      '29,90\u00a0€ TTC par mois',
    ])
      expect(cgu).toContain(s);
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages with absolute URLs, and no private or noindex page', async () => {
    const res = await app.fetch('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = PUBLIC_ROUTES.filter((r) => !r.noindex).map((r) => `${PUBLIC_URL}${r.path}`);
    expect(locs.sort()).toEqual(expected.sort());
    expect(locs).toContain(`${PUBLIC_URL}/`);
    expect(xml).not.toMatch(/\/(pro|abo|pdf)(\/|<)|index_old/);
    const robots = await (await app.fetch('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
