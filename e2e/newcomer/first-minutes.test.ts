/**
 * What a new subscriber sees in the first minutes, on the sample data in an English-language
 * Chromium: the market analysis of Hendaye opens on a period that holds sales (the default ends at
 * the newest sale imported, not today), and its date fields read JJ/MM/AAAA, not 11/24/2024.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot } from '../support/browser.js';
import { createAccounts, importSamples, signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';

const USER = { email: 'nouvel-agent@exemple.fr', password: 'Maison-bleue-2026' };
const HENDAYE_DVF = 'dvf/dvf-api-cquest_2019-2023_64260_hendaye_appart-maison.csv';
const FRENCH_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

let server: RunningServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'immoloupe-e2e-newcomer-'));
  await importSamples(dataDir, [HENDAYE_DVF]);
  await createAccounts(dataDir, [{ ...USER, subscription: 'active' }]);
  server = await startServer({ dataDir });
});
afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('first minutes of a new subscriber', () => {
  it('analyses Hendaye on the default period with figures, dates in JJ/MM/AAAA in an English browser', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      expect(await b.page.evaluate(() => navigator.language)).toBe('en-US');
      await signIn(b.page, server.url, USER, '/pro/analysemarche');
      const commune = b.page.getByRole('combobox', { name: 'Ajouter une commune' });
      await commune.pressSequentially('Hendaye', { delay: 20 });
      await b.page.getByRole('option', { name: 'Hendaye (64700)' }).click();

      const figures = b.page.getByRole('region', { name: 'Chiffres clés' });
      await figures.waitFor();
      await expect.poll(() => figures.innerText()).toMatch(/Prix médian\s+[\d\s\u202f]+\u00a0€\/m²/);
      expect(await figures.innerText()).not.toContain('Pas assez de ventes');
      const freshness = (await figures.innerText()).match(/Données DVF à jour au (\d{2}\/\d{2}\/\d{4})/)?.[1];
      expect(freshness).toBeDefined();

      // The fields show the period used, in French, ending at the newest sale imported for Hendaye.
      const from = await b.page.getByLabel('Du', { exact: true }).inputValue();
      const to = await b.page.getByLabel('Au', { exact: true }).inputValue();
      expect(from).toMatch(FRENCH_DATE);
      expect(to).toBe(freshness);
      await b.page.getByTestId('period-note').getByText(`Période par défaut`).waitFor();

      // The statistics tables of the half-width panels show their last column without scrolling sideways.
      for (const name of ['Par type de bien', 'Par nombre de pièces']) {
        const panel = b.page.getByRole('region', { name, exact: true });
        const last = panel.getByRole('columnheader', { name: 'Moyenne (€/m²)' });
        const [panelBox, lastBox] = [await panel.boundingBox(), await last.boundingBox()];
        expect(lastBox && panelBox && lastBox.x + lastBox.width <= panelBox.x + panelBox.width + 1, name).toBe(true);
      }

      // Typing a date the French way changes the period; the URL keeps ISO dates.
      const du = b.page.getByLabel('Du', { exact: true });
      await du.fill('01/01/2022');
      await du.blur();
      await expect.poll(() => new URL(b.page.url()).searchParams.get('from')).toBe('2022-01-01');
      await expect.poll(() => figures.innerText()).toContain('du 01/01/2022 au');
      await screenshot(b.page, 'newcomer-analysemarche-hendaye-en-US');

      // An impossible date is refused in French and changes nothing.
      await du.fill('31/02/2022');
      await du.blur();
      await b.page.getByText(/Cette date n’existe pas\s: 31\/02\/2022/).waitFor();
      expect(new URL(b.page.url()).searchParams.get('from')).toBe('2022-01-01');
    } finally {
      await b.close();
    }
  });

  it('at 1 280 × 800, reaches every entry of the menu: the current group open, the others one click away', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 800 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/mesrecherches');
      const nav = b.page.getByRole('navigation', { name: 'Outils professionnels' });
      const groups = nav.getByTestId('nav-group');
      await expect.poll(() => groups.count()).toBe(5);
      // On arrival only the page's group is open, and the whole menu fits the screen.
      // Polled: right after sign-in the router may still be committing the page the URL already shows.
      await expect.poll(() => nav.getByRole('button', { name: /^Mes données/ }).getAttribute('aria-expanded')).toBe('true');
      await expect
        .poll(() => nav.getByRole('link').allInnerTexts())
        .toEqual(['Ma zone', 'Mes adresses', 'Mes recherches', 'Créer une recherche']);
      const lastGroup = await groups.last().boundingBox();
      expect((lastGroup?.y ?? 0) + (lastGroup?.height ?? 0)).toBeLessThanOrEqual(800);

      for (const group of await groups.all()) {
        if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
      }
      const links = nav.getByRole('link');
      // 24 entries: all but the administration, for a subscriber.
      expect(await links.count()).toBe(24);
      for (const link of await links.all()) {
        await link.scrollIntoViewIfNeeded();
        const box = await link.boundingBox();
        expect(box?.y ?? -1, await link.innerText()).toBeGreaterThanOrEqual(56);
        expect((box?.y ?? 0) + (box?.height ?? 0), await link.innerText()).toBeLessThanOrEqual(800);
      }
      // Every group open outgrows the screen: the menu then shows its scroll bar.
      await expect.poll(() => nav.locator('[data-orientation="vertical"]').first().isVisible()).toBe(true);
      await screenshot(b.page, 'pro-menu-1280x800');

      // The choice is this browser's: a new page of another group opens with them all still open.
      await nav.getByRole('link', { name: 'Transactions' }).click();
      await b.page.waitForURL(`${server.url}/pro/transactions`);
      await b.page.reload();
      await expect.poll(() => nav.getByRole('link').count()).toBe(24);
      await nav.getByRole('button', { name: /^Compte/ }).click();
      await b.page.reload();
      await expect.poll(() => nav.getByRole('link').count()).toBe(19);
      expect(await nav.getByRole('link', { name: 'Clés d’accès' }).count()).toBe(0);
    } finally {
      await b.close();
    }
  });

  it('on a phone, keeps the header on one line and finds the account in the menu', async () => {
    const b = await openBrowser({ viewport: { width: 390, height: 844 } });
    try {
      await signIn(b.page, server.url, USER, '/pro');
      const header = b.page.locator('header');
      const box = await header.boundingBox();
      // Nothing of the header spills below it (the account buttons used to wrap under it).
      const bottoms = await header
        .locator('a:visible, button:visible')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom));
      for (const bottom of bottoms) expect(bottom).toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0) + 1);
      await b.page.getByRole('button', { name: 'Ouvrir le menu des outils' }).click();
      const account = b.page.getByRole('group', { name: 'Mon compte' });
      await account.getByRole('button', { name: 'Se déconnecter' }).waitFor();
      await account.getByRole('link', { name: 'Mon compte' }).click();
      await b.page.waitForURL(`${server.url}/abo/moncompte`);
    } finally {
      await b.close();
    }
  });
});
