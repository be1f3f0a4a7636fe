/**
 * The DPE and co-ownership searches as saved searches, in a real browser: save the F–G DPE of
 * Lyon 7e from /pro/recherchedpe, find it in « Mes recherches » with its count, re-open it with the
 * filters applied; create a co-ownership search from scratch in /pro/creer_recherche and open it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROSPECTOR as USER } from '../support/accounts.js';
import { openBrowser } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ prepared: 'dpe-copro' });
});
afterAll(async () => {
  await server?.stop();
});

describe('DPE and co-ownership saved searches', () => {
  it('saves the DPE filters of the page and re-opens them; creates a co-ownership search', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    const page = b.page;
    try {
      await signIn(page, server.url, USER, '/pro/recherchedpe?insee=69387&classes=F,G');
      await page.getByText('10 DPE', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Enregistrer cette recherche' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enregistrer cette recherche' });
      await dialog.getByLabel('Nom').fill('Passoires Lyon 7e');
      await dialog.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await dialog.getByText('Recherche enregistrée.').waitFor();
      await dialog.getByRole('link', { name: 'Voir mes recherches' }).click();

      await page.waitForURL(`${server.url}/pro/mesrecherches`);
      const row = page.getByRole('row').filter({ hasText: 'Passoires Lyon 7e' });
      await row.waitFor();
      expect(await row.textContent()).toMatch(/Recherche DPE\s*10(?!\d)/);
      await row.getByRole('link', { name: 'Ouvrir' }).click();
      await page.waitForURL(`${server.url}/pro/recherchedpe?classes=F%2CG&insee=69387`);
      await page.getByText('10 DPE', { exact: true }).waitFor();

      await page.goto(`${server.url}/pro/creer_recherche`);
      const form = page.getByRole('form', { name: 'Créer une recherche' });
      await form.getByLabel('Outil').click();
      await page.getByRole('option', { name: 'Recherche de copropriétés' }).click();
      await form.getByLabel('Nom de la recherche').fill('Grandes copros de Bondy');
      // Bondy picked from the suggestions of its INSEE code.
      await form.getByRole('combobox', { name: 'Communes', exact: true }).pressSequentially('93010', { delay: 20 });
      await page.getByRole('option', { name: 'Bondy (93140)' }).click();
      await form.getByLabel('Lots min.').fill('50');
      await form.getByLabel('Lots max.').fill('10');
      await form.getByRole('button', { name: 'Enregistrer la recherche' }).click();
      // The tool's own rule, in French.
      await form
        .getByRole('alert')
        .getByText(/inversée/)
        .waitFor();
      await form.getByLabel('Lots max.').fill('');
      await form.getByRole('button', { name: 'Enregistrer la recherche' }).click();
      await form.getByText('Recherche « Grandes copros de Bondy » enregistrée.').waitFor();
      await form.getByRole('link', { name: 'L’ouvrir' }).click();
      await page.waitForURL(`${server.url}/pro/recherchecopro?insee=93010&lotsMin=50`);
      // 27 of the 37 Bondy co-ownerships have at least 50 lots.
      await page.getByText(/^27 copropriétés — mandats comptés depuis le/).waitFor();
    } finally {
      await b.close();
    }
  }, 240_000);
});
