/**
 * Saved searches in a real browser against the built server (its job queue running on PGlite):
 * save the transactions search of the page's filters, find it in « Mes recherches » with its
 * count, open it again with the filters applied; create a parcel search from scratch.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { HUNTER as USER } from '../support/accounts.js';
import { openBrowser, screenshot, traceOnFailure } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ prepared: 'bondy' });
});
afterAll(async () => {
  await server?.stop();
});

describe('saved searches', () => {
  it('saves the transactions filters, lists them with their count and opens them again', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      traceOnFailure(b.page, server);
      const navigations: string[] = [];
      b.page.on('framenavigated', (f) => {
        if (f === b.page.mainFrame()) navigations.push(f.url());
      });
      onTestFailed(() => console.error(`Adresses successives de la page :\n${navigations.join('\n')}`));
      await signIn(b.page, server.url, USER, '/pro/transactions?insee=93010&types=appartement');
      await b.page.getByRole('button', { name: 'Enregistrer cette recherche' }).click();
      const dialog = b.page.getByRole('dialog', { name: 'Enregistrer cette recherche' });
      await dialog.getByLabel('Nom').fill('Appartements à Bondy');
      await dialog.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await dialog.getByText('Recherche enregistrée.').waitFor();
      await dialog.getByRole('link', { name: 'Voir mes recherches' }).click();

      await b.page.waitForURL(`${server.url}/pro/mesrecherches`);
      const row = b.page.getByRole('row').filter({ hasText: 'Appartements à Bondy' });
      await row.waitFor();
      expect(await row.innerText()).toMatch(/Transactions DVF\s+\d[\d\u202f]*/);
      await screenshot(b.page, 'saved-searches-mesrecherches');
      await row.getByRole('link', { name: 'Ouvrir' }).click();
      await b.page.waitForURL(`${server.url}/pro/transactions?insee=93010&types=appartement`);
    } finally {
      await b.close();
    }
  });

  it('on a phone (390 × 844), gives each search as a card whose count and « Ouvrir » need no sideways scroll', async () => {
    // The search saved by the first test.
    const b = await openBrowser({ viewport: { width: 390, height: 844 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/mesrecherches');
      const card = b.page.getByRole('list', { name: 'Mes recherches' }).getByRole('listitem').filter({ hasText: 'Appartements à Bondy' });
      await card.waitFor();
      expect(await b.page.getByRole('table', { name: 'Mes recherches' }).count()).toBe(0);
      // The count's figure, with the day it was counted under it (« 123au 02/12/2026 » as text).
      const count = card.getByText(/^\d[\d\u202f]*(au |$)/).first();
      const open = card.getByRole('link', { name: 'Ouvrir' });
      await open.scrollIntoViewIfNeeded();
      for (const [what, el] of [
        ['count', count],
        ['« Ouvrir »', open],
      ] as const) {
        const box = await el.boundingBox();
        expect(box, what).not.toBeNull();
        expect(box?.x ?? -1, what).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0), what).toBeLessThanOrEqual(390);
      }
      expect(await b.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
        0,
      );
      await screenshot(b.page, 'saved-searches-mesrecherches-phone');
      await open.click();
      await b.page.waitForURL(`${server.url}/pro/transactions?insee=93010&types=appartement`);
    } finally {
      await b.close();
    }
  });

  it('creates a parcel search from scratch and opens it with its filters', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/creer_recherche');
      const form = b.page.getByRole('form', { name: 'Créer une recherche' });
      await form.getByLabel('Outil').click();
      await b.page.getByRole('option', { name: 'Recherche de parcelles' }).click();
      await form.getByLabel('Nom de la recherche').fill('Section AS');
      // The tool's own rule, said in French: an inverted surface range is refused.
      await form.getByRole('combobox', { name: 'Commune', exact: true }).pressSequentially('Bondy', { delay: 20 });
      await b.page.getByRole('option', { name: 'Bondy (93140)' }).click();
      await form.getByLabel('Section').fill('AS');
      await form.getByLabel('Surface minimale (m²)').fill('900');
      await form.getByLabel('Surface maximale (m²)').fill('20');
      await form.getByRole('button', { name: 'Enregistrer la recherche' }).click();
      await form.getByRole('alert').getByText('La surface minimale dépasse la surface maximale.').waitFor();
      await form.getByLabel('Surface minimale (m²)').fill('');
      await form.getByLabel('Surface maximale (m²)').fill('');
      await form.getByRole('button', { name: 'Enregistrer la recherche' }).click();
      await form.getByText('Recherche « Section AS » enregistrée.').waitFor();
      await screenshot(b.page, 'saved-searches-creer-recherche');
      await form.getByRole('link', { name: 'L’ouvrir' }).click();
      await b.page.waitForURL(`${server.url}/pro/rechercheparcelle?commune=93010&section=AS`);
      await b.page
        .getByText(/parcelles? à Bondy \(93140\)/)
        .first()
        .waitFor();
    } finally {
      await b.close();
    }
  });
});
