/**
 * Every tool of the pro area, and the administration, checked with axe (WCAG 2.1 A and AA, and
 * axe's best practices: serious and critical findings) on the Bondy samples, as a subscriber and
 * an administrator see them: tables, maps, badges, empty states and import hints included; the
 * tools with wide tables on a phone too, and every page in the dark scheme a system may ask for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../public/a11y.js';
import { A11Y_ADMIN as ADMIN, A11Y_SUBSCRIBER as SUBSCRIBER } from '../support/accounts.js';
import { type OpenBrowser, openBrowser } from '../support/browser.js';
import { type Account, signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';

const CARNOT = new URLSearchParams({
  adresse: '139 Avenue Carnot, 93140 Bondy',
  lat: '48.895901',
  lon: '2.479688',
  parcelle: '93010000AS0167',
  position: 'ban',
});
const SUBSCRIBER_PAGES = [
  '/pro',
  `/pro/analyseadresse?${CARNOT}`,
  '/pro/transactions?insee=93010',
  '/pro/analysemarche',
  '/pro/avisdevaleur',
  '/pro/test/carte3dsimple',
  '/pro/test/carte3d%20combinee',
  '/pro/rechercheparcelle?commune=93010&section=AS',
  '/pro/recherchedpe?postcode=69008',
  '/pro/recherchecopro?insee=93010',
  '/pro/localisationauto',
  '/pro/analyseannonce',
  '/pro/carte_annonces',
  '/pro/listeautomatique',
  '/pro/mesannonces',
  '/pro/prospection',
  '/pro/mazone',
  '/pro/mesadresses',
  '/pro/mesrecherches',
  '/pro/creer_recherche',
  '/abo/moncompte',
];
const ADMIN_PAGES = [
  '/pro/admin',
  '/pro/admin?onglet=donnees',
  '/pro/admin?onglet=imports',
  '/pro/admin?onglet=journal',
  '/pro/admin/brevo',
];

let server: RunningServer;
beforeAll(async () => {
  // Bondy (cadastre, DVF 2022, BAN, RNIC) and the new builds of Lyon 8e (DPE).
  server = await startServer({ prepared: 'bondy-lyon8' });
});
afterAll(async () => {
  await server?.stop();
});

function sweep(who: Account, pages: readonly string[], { width = 1440, dark = false } = {}) {
  let b: OpenBrowser;
  beforeAll(async () => {
    b = await openBrowser({ viewport: { width, height: 900 } });
    // The pages follow the system's scheme (`defaultColorScheme="auto"`).
    if (dark) await b.page.emulateMedia({ colorScheme: 'dark' });
    await signIn(b.page, server.url, who, '/pro');
  });
  afterAll(async () => {
    await b?.close();
  });
  for (const page of pages) {
    it(`${page} has no serious accessibility finding`, async () => {
      const res = await b.page.goto(`${server.url}${page}`);
      expect(res?.status()).toBe(200);
      await b.page.getByRole('heading', { level: 1 }).first().waitFor();
      // The page's data, its map's tiles and its lists: what axe must see is what the user reads.
      await b.page.waitForLoadState('networkidle', { timeout: 30_000 });
      expect(await axeViolations(b.page)).toEqual([]);
    });
  }
}

describe('accessibility of the pro area, for a subscriber', () => {
  sweep(SUBSCRIBER, SUBSCRIBER_PAGES);
});

// On a phone the wide tables scroll sideways: each must be reachable with the keyboard.
describe('accessibility of the pro area on a phone (360 px)', () => {
  sweep(
    SUBSCRIBER,
    [
      `/pro/analyseadresse?${CARNOT}`,
      '/pro/transactions?insee=93010',
      '/pro/rechercheparcelle?commune=93010&section=AS',
      '/pro/recherchecopro?insee=93010',
      '/pro/recherchedpe?postcode=69008',
    ],
    { width: 360 },
  );
});

describe('accessibility of the pro area in the dark scheme', () => {
  sweep(SUBSCRIBER, SUBSCRIBER_PAGES, { dark: true });
});

describe('accessibility of the administration', () => {
  sweep(ADMIN, ADMIN_PAGES);
});

describe('accessibility of the administration in the dark scheme', () => {
  sweep(ADMIN, ADMIN_PAGES, { dark: true });
});
