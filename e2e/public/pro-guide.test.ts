/// <reference lib="dom" />
/**
 * The pages of the public-site issue that need a session: the user guide (/pro/modedemploi) for a
 * subscriber, checked with axe at 1280 and 360 px, and a contact message reaching the admin area.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDE_ADMIN as ADMIN, GUIDE_SUBSCRIBER as SUBSCRIBER } from '../support/accounts.js';
import { openBrowser, screenshot } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server.js';
import { axeViolations, waitForHydration } from './a11y.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ prepared: 'empty' });
});
afterAll(async () => {
  await server?.stop();
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
