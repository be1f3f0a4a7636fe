/// <reference lib="dom" />
/**
 * The public site in a real browser: no serious or critical axe violation on any public page,
 * no horizontal scrolling at 360 px, screenshots at 360 and 1280 px (e2e/artifacts/), the
 * contact form's French errors and its success, keyboard use of the form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
