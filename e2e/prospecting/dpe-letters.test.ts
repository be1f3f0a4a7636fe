/**
 * The acceptance journey of prospecting, from the DPE search, in a real browser against the built
 * server on the ADEME sample: find the F–G DPE of a commune (Flers, 61169), open one, add it to a
 * new list, change its status, download the letters PDF and find in its text the DPE's address
 * and the agency's name.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DPE_PROSPECTOR as USER } from '../support/accounts.js';
import { downloadFrom, openBrowser, screenshot, traceOnFailure } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { pdfText } from '../support/pdf.js';
import { type RunningServer, startServer } from '../support/server.js';

const AGENCY = 'Agence du Bocage';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ prepared: 'dpe-france' });
});
afterAll(async () => {
  await server?.stop();
});

describe('prospecting from the DPE search', () => {
  it('finds the F–G DPE of Flers, adds one to a list, changes its status and downloads its letter', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    traceOnFailure(b.page, server);
    try {
      await signIn(b.page, server.url, USER, '/pro/template');
      await b.page.getByLabel('Nom de l’agence').fill(AGENCY);
      await b.page.getByRole('button', { name: 'Enregistrer l’agence' }).click();
      await b.page.getByRole('status').filter({ hasText: 'Agence enregistrée' }).waitFor();

      await b.page.goto(`${server.url}/pro/recherchedpe`);
      await b.page.getByRole('heading', { name: 'Recherche DPE', level: 1 }).waitFor();
      await b.page.getByText('Communes', { exact: true }).click();
      // Flers by its INSEE code (several communes are named Flers), picked from the suggestions.
      await b.page.getByRole('combobox', { name: 'Ajouter une commune' }).pressSequentially('61169', { delay: 20 });
      await b.page.getByRole('option', { name: 'Flers (61100)' }).click();
      await b.page.getByLabel('Passoires (F–G)').check();
      await b.page.getByRole('button', { name: 'Rechercher' }).click();
      await b.page.waitForURL(/passoires=1/);
      const found = b.page.getByText(/^\d+ DPE$/);
      await found.waitFor();
      const n = Number(((await found.textContent()) ?? '').replace(/\D/g, ''));
      // The sample has 8 DPE F or G in Flers (a replaced one would be hidden, none is).
      expect(n).toBe(8);
      const classes = await b.page
        .getByRole('region', { name: 'DPE trouvés' })
        .getByLabel(/^Classe [A-G]$/)
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      expect(classes.length).toBe(n);
      for (const c of classes) expect(['Classe F', 'Classe G']).toContain(c);
      await screenshot(b.page, 'prospecting-dpe-passoires-flers');

      await b.page
        .getByRole('button', { name: /^Ouvrir le DPE / })
        .first()
        .click();
      const drawer = b.page.getByRole('dialog');
      await drawer.getByText(/Interdiction de louer/).waitFor();
      const address = ((await drawer.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
      expect(address).not.toBe('');
      const addButton = drawer.getByTestId('add-to-list');
      await addButton.click();
      await b.page.getByLabel('Nom de la nouvelle liste').fill('Flers — passoires');
      // The form unfolds in the drawer and pushes the details down: it covers none of them.
      const panel = drawer.locator(`[id="${await addButton.getAttribute('aria-controls')}"]`);
      const parcelTitle = drawer.getByRole('heading', { name: 'Parcelle', exact: true });
      await expect
        .poll(async () => {
          const [p, t] = [await panel.boundingBox(), await parcelTitle.boundingBox()];
          return p !== null && t !== null && p.height > 100 && p.y + p.height <= t.y;
        })
        .toBe(true);
      await b.page.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await b.page.getByText('Ajoutée à « Flers — passoires ».').waitFor();
      await screenshot(b.page, 'prospecting-dpe-drawer-added');
      await b.page.getByRole('link', { name: 'Ouvrir la liste' }).click();
      await b.page.waitForURL(/\/pro\/prospection\?liste=/);

      const row = b.page.getByTestId('prospecting-target').first();
      await row.getByText(address, { exact: false }).first().waitFor();
      await row.getByRole('combobox', { name: /Statut de/ }).selectOption('contacte');
      await b.page.waitForTimeout(300);
      await b.page.reload();
      await expect
        .poll(async () =>
          b.page
            .getByTestId('prospecting-target')
            .first()
            .getByRole('combobox', { name: /Statut de/ })
            .inputValue(),
        )
        .toBe('contacte');

      const download = await downloadFrom(b.page, b.page.getByRole('button', { name: 'Télécharger les lettres (PDF)' }), /\/letters\.pdf/);
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'immoloupe-pdf-')), 'lettres.pdf');
      await download.saveAs(file);
      const text = (await pdfText(readFileSync(file))).replace(/\s+/g, ' ');
      expect(text).toContain(AGENCY);
      expect(text).toContain(address.replace(/\s+/g, ' '));
      expect(text).toContain('Flers');
    } finally {
      await b.close();
    }
  }, 240_000);
});
