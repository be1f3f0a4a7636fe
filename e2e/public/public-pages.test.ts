/// <reference lib="dom" />
/**
 * The public site in a real browser: no serious or critical axe violation on any public page,
 * no horizontal scrolling at 360 px, screenshots at 360 and 1280 px (e2e/artifacts/), the
 * contact form's French errors and its success, keyboard use of the form. Then, on the same
 * server (a start costs more than these tests), the pages of the public-site issue that need a
 * session: the user guide (/pro/modedemploi) for a subscriber, checked with axe at 1280 and
 * 360 px, and a contact message reaching the admin area.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDE_ADMIN as ADMIN, GUIDE_SUBSCRIBER as SUBSCRIBER } from '../support/accounts.js';
import { type OpenBrowser, openBrowser, screenshot } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server.js';
import { axeViolations, denyConsent, waitForHydration } from './a11y.js';

const PAGES = [
  '/',
  '/cgu',
  '/apropos',
  '/clients',
  '/contact',
  '/methodo',
  '/demenagement',
  '/index_old',
  '/prospection_dpe',
  '/clientscibles/agents_mandataires',
  '/clientscibles/prospecteurs_fonciers',
  '/clientscibles/chasseurs_appartement_maison',
];

const shotName = (path: string, width: number) => `public${path === '/' ? '-accueil' : path.replace(/\//g, '-')}-${width}`;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ prepared: 'empty', env: { OFFER_PRICE_CENTS: '4900', OFFER_INTERVAL: 'month' } });
});
afterAll(async () => server?.stop());

describe.each([1280, 360])('public pages at %i px', (width) => {
  let b: OpenBrowser;
  beforeAll(async () => {
    b = await openBrowser({ viewport: { width, height: width === 360 ? 740 : 800 } });
    await b.page.goto(`${server.url}/`);
    await denyConsent(b.page);
  });
  afterAll(async () => b?.close());

  for (const path of PAGES) {
    it(`${path}: no serious accessibility violation, fits the width, screenshot`, async () => {
      const res = await b.page.goto(`${server.url}${path}`);
      expect(res?.status()).toBe(200);
      await b.page.waitForLoadState('networkidle');
      expect(await b.page.locator('h1').count()).toBe(1);
      const overflow = await b.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'horizontal scrolling').toBeLessThanOrEqual(0);
      await screenshot(b.page, shotName(path, width));
      expect(await axeViolations(b.page)).toEqual([]);
    });
  }
});

describe('contact form', () => {
  it('shows French errors under the fields, then sends the message', async () => {
    const b = await openBrowser();
    try {
      await b.page.goto(`${server.url}/contact`);
      await waitForHydration(b.page);
      const page = b.page;
      await page.getByLabel('Votre nom').fill('Camille Martin');
      await page.getByLabel('Votre adresse e-mail').fill('camille@');
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await page.getByTestId('contact-erreur').waitFor();
      expect(await page.getByText('Cette adresse e-mail n’est pas valide', { exact: false }).isVisible()).toBe(true);
      expect(await page.getByText('L’objet est obligatoire.').isVisible()).toBe(true);
      expect(await page.getByLabel('Votre adresse e-mail').getAttribute('aria-invalid')).toBe('true');
      // The first invalid field has the focus, so a keyboard user lands on it.
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('email');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'public-contact-erreurs-1280');

      // Keyboard only from here: type, Tab to the next fields, Enter to send.
      await page.getByLabel('Votre adresse e-mail').fill('camille@exemple.fr');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Démonstration');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Bonjour, je voudrais une démonstration sur Bondy.');
      expect(await page.locator('textarea[name="message"]').inputValue()).toBe('Bonjour, je voudrais une démonstration sur Bondy.');
      await page.getByRole('button', { name: 'Envoyer le message' }).focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('contact-envoye').waitFor();
      expect(await page.getByLabel('Votre nom').inputValue()).toBe('');
      await screenshot(page, 'public-contact-envoye-1280');
    } finally {
      await b.close();
    }
  });
});

async function signIn(page: Page, who = ADMIN): Promise<void> {
  await page.goto(`${server.url}/abo/connexion`);
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((u) => u.pathname === '/pro');
}

describe('user guide', () => {
  for (const width of [1280, 360]) {
    it(`is accessible and fits at ${width} px`, async () => {
      const b = await openBrowser({ viewport: { width, height: 800 } });
      try {
        await signIn(b.page);
        const res = await b.page.goto(`${server.url}/pro/modedemploi`);
        expect(res?.status()).toBe(200);
        await b.page.waitForLoadState('networkidle');
        expect(await b.page.getByRole('heading', { level: 1, name: 'Mode d’emploi' }).count()).toBe(1);
        expect(await b.page.getByRole('heading', { level: 3, name: 'Avis de valeur' }).count()).toBe(1);
        const overflow = await b.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(b.page, `pro-modedemploi-${width}`);
        expect(await axeViolations(b.page)).toEqual([]);
      } finally {
        await b.close();
      }
    });
  }
});

describe('user guide for a subscriber', () => {
  it('describes every tool step by step, and offers the administration to administrators only', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 800 } });
    try {
      await signIn(b.page, SUBSCRIBER);
      await b.page.goto(`${server.url}/pro/modedemploi`);
      const admin = b.page.getByRole('article', { name: 'Administration' });
      await admin.getByText('Réservé aux administrateurs', { exact: true }).waitFor();
      expect(await admin.getByRole('link', { name: /Ouvrir/ }).count()).toBe(0);
      expect(await b.page.getByRole('link', { name: 'Ouvrir «\u00a0Transactions\u00a0»' }).count()).toBe(1);
      const articles = b.page.getByRole('article');
      const n = await articles.count();
      expect(n).toBeGreaterThan(20);
      expect(await b.page.getByRole('heading', { level: 4, name: 'Pas à pas' }).count()).toBe(n);
    } finally {
      await b.close();
    }
  });
});

describe('contact messages in the admin area', () => {
  it('lists a message sent through /contact on /pro/admin', async () => {
    const visitor = await openBrowser();
    try {
      await visitor.page.goto(`${server.url}/contact`);
      await waitForHydration(visitor.page);
      await visitor.page.getByLabel('Votre nom').fill('Dominique Petit');
      await visitor.page.getByLabel('Votre adresse e-mail').fill('dominique@exemple.fr');
      await visitor.page.getByLabel('Objet').fill('Couverture de la Moselle');
      await visitor.page.locator('textarea[name="message"]').fill('Les ventes de Metz seront-elles disponibles un jour ?');
      await visitor.page.getByRole('button', { name: 'Envoyer le message' }).click();
      await visitor.page.getByTestId('contact-envoye').waitFor();
    } finally {
      await visitor.close();
    }
    const admin = await openBrowser();
    try {
      await signIn(admin.page);
      await admin.page.goto(`${server.url}/pro/admin`);
      await waitForHydration(admin.page);
      await admin.page.getByRole('tab', { name: 'Messages de contact' }).click();
      await admin.page.getByText('Couverture de la Moselle').waitFor();
      expect(await admin.page.getByText('dominique@exemple.fr').isVisible()).toBe(true);
      expect(await admin.page.getByText('Dominique Petit').isVisible()).toBe(true);
      await screenshot(admin.page, 'pro-admin-messages-contact-1280');
    } finally {
      await admin.close();
    }
  });
});
