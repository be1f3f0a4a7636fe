/**
 * Prospecting in a real browser, against the built server on the Paris 18e samples (cadastre and
 * legal-entity owners): open a parcel sheet by its link, see its owners, add it to a new list,
 * change its status, and download the letters PDF, which carries the address and the agency name.
 * (Written from the parcel sheet: the DPE search of part B was not on main yet.)
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROSPECTOR as USER } from '../support/accounts.js';
import { downloadFrom, openBrowser, screenshot, traceOnFailure } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { pdfText } from '../support/pdf.js';
import { type RunningServer, startServer } from '../support/server.js';

const AGENCY = 'Agence des Abbesses';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ prepared: 'paris18' });
});
afterAll(async () => {
  await server?.stop();
});

describe('prospecting', () => {
  it('adds a parcel owned by a company to a list, changes its status and downloads its letter', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    traceOnFailure(b.page, server);
    try {
      await signIn(b.page, server.url, USER, '/pro/template');
      await b.page.getByLabel('Nom de l’agence').fill(AGENCY);
      await b.page.getByRole('button', { name: 'Enregistrer l’agence' }).click();
      await b.page.getByRole('status').filter({ hasText: 'Agence enregistrée' }).waitFor();

      await b.page.goto(`${server.url}/pro/rechercheparcelle`);
      await b.page.getByPlaceholder('Nom, code postal ou INSEE').fill('75118');
      await b.page.getByRole('option', { name: 'Paris 18e Arrondissement (75018)' }).click();
      await b.page.getByLabel('Propriétaire personne morale').selectOption('sci');
      await b.page.getByRole('button', { name: 'Rechercher' }).click();
      await b.page.getByText(/\d+ parcelles? à Paris 18e Arrondissement/).waitFor();
      await screenshot(b.page, 'prospecting-parcel-search-sci');

      await b.page.goto(`${server.url}/pro/rechercheparcelle?parcelle=75118000CF0104`);
      const sheet = b.page.getByTestId('parcel-sheet');
      await sheet.getByRole('heading', { name: /Parcelle CF 0?104/ }).waitFor();
      await sheet.getByRole('cell', { name: 'ENEDIS' }).first().waitFor();
      await screenshot(b.page, 'prospecting-parcel-sheet');

      await sheet.getByTestId('add-to-list').click();
      await b.page.getByLabel('Nom de la nouvelle liste').fill('Paris 18e — sociétés');
      await b.page.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await b.page.getByText('Ajoutée à « Paris 18e — sociétés ».').waitFor();
      await b.page.getByRole('link', { name: 'Ouvrir la liste' }).click();
      await b.page.waitForURL(/\/pro\/prospection\?liste=/);

      const row = b.page.getByTestId('prospecting-target').first();
      await row.getByText('ENEDIS').waitFor();
      await row.getByRole('combobox', { name: /Statut de/ }).selectOption('rendez_vous');
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
        .toBe('rendez_vous');
      await screenshot(b.page, 'prospecting-list');
      // On a phone the page itself does not scroll sideways (the targets table's visually hidden
      // header, absolutely placed, used to widen it to 937 px).
      const viewport = b.page.viewportSize();
      await b.page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => b.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
        .toBeLessThanOrEqual(0);
      // Each target is a card there: its status, first of its details, within the screen's width.
      const card = b.page.getByRole('list', { name: 'Cibles de la liste' }).getByTestId('prospecting-target').first();
      const status = card.getByRole('combobox', { name: /Statut de/ });
      await status.scrollIntoViewIfNeeded();
      expect(await status.inputValue()).toBe('rendez_vous');
      const box = await status.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
      await screenshot(b.page, 'prospecting-list-phone');
      if (viewport) await b.page.setViewportSize(viewport);

      const download = await downloadFrom(b.page, b.page.getByRole('button', { name: 'Télécharger les lettres (PDF)' }), /\/letters\.pdf/);
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'immoloupe-pdf-')), 'lettres.pdf');
      await download.saveAs(file);
      const text = (await pdfText(readFileSync(file))).replace(/\s+/g, ' ');
      expect(text).toContain(AGENCY);
      // The owners file gives the parcel's street: the letter has a postal address, not a cadastral reference.
      expect(text).toMatch(/29 Rue Doudeauville/i);
      expect(text).toMatch(/75018 Paris/i);
      expect(text).toContain('À l’attention de ENEDIS');
    } finally {
      await b.close();
    }
  }, 240_000);
});
