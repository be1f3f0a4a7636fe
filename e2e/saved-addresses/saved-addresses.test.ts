/**
 * « Mes adresses » in a real browser against the built server: save 139 avenue Carnot from the
 * address analysis and its neighbour parcel from the parcel sheet, find both in /pro/mesadresses
 * (on the map too), write notes and tags, filter by tag, turn on « Surveiller » with a radius
 * (stored: the alert job reads it), export the CSV (checked), delete one.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_KEEPER as USER } from '../support/accounts.js';
import { openBrowser, screenshot } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';

const CARNOT = '139 Avenue Carnot 93140 Bondy';
const ANALYSIS = `/pro/analyseadresse?${new URLSearchParams({ adresse: CARNOT, lat: '48.895901', lon: '2.479688', rayon: '200' })}`;
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ prepared: 'bondy' });
});
afterAll(async () => {
  await server?.stop();
});

const card = (page: Page, label: string | RegExp) => page.getByTestId('saved-address').filter({ hasText: label });

describe('my addresses', () => {
  it('saves from the analysis and the parcel sheet, edits, watches, exports and deletes', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    const page = b.page;
    try {
      await signIn(page, server.url, USER, ANALYSIS);
      const analysis = page.getByTestId('address-analysis');
      await analysis.getByRole('heading', { name: 'Parcelle AS 167' }).waitFor();
      await analysis.getByRole('button', { name: 'Enregistrer l’adresse' }).click();
      await analysis.getByRole('status').getByText('Adresse enregistrée dans vos adresses.').waitFor();

      // From the parcel sheet: a parcel without BAN address here, saved under its cadastral name.
      await page.goto(`${server.url}/pro/rechercheparcelle?parcelle=93010000AS0166`);
      const sheet = page.getByTestId('parcel-sheet');
      await sheet.getByRole('button', { name: 'Enregistrer l’adresse' }).click();
      await sheet.getByRole('status').getByText('Adresse enregistrée dans vos adresses.').waitFor();
      await sheet.getByRole('link', { name: 'Mes adresses' }).click();

      await page.waitForURL(`${server.url}/pro/mesadresses`);
      expect(await page.getByText('Bientôt disponible').count()).toBe(0);
      await page.getByText('2 adresses enregistrées sur 500 possibles').waitFor();
      const carnot = card(page, CARNOT);
      const parcel = card(page, 'section AS n° 166');
      await carnot.waitFor();
      await parcel.waitFor();
      await page.locator('[data-map-ready="true"]').waitFor();
      expect(await carnot.getByRole('link', { name: 'Analyse de l’adresse' }).getAttribute('href')).toContain('parcelle=93010000AS0167');
      expect(await parcel.getByRole('link', { name: 'Fiche de la parcelle' }).getAttribute('href')).toBe(
        '/pro/rechercheparcelle?parcelle=93010000AS0166',
      );

      // Notes and tags, saved together.
      await carnot.getByLabel('Notes').fill('Propriétaire vendeur d’ici 2027 ; rappeler en mars.');
      const tags = carnot.getByLabel('Étiquettes');
      await tags.fill('Vendeur');
      await tags.press('Enter');
      await tags.fill('Bondy');
      await tags.press('Enter');
      await carnot.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      await page.getByRole('status').getByText('Modifications enregistrées.').waitFor();
      await expect.poll(async () => carnot.getByRole('button', { name: 'Enregistrer les modifications' }).isDisabled()).toBe(true);

      // « Surveiller »: weekly, within 500 m, explained in French.
      await carnot.getByRole('combobox', { name: 'Surveiller', exact: true }).click();
      await page.getByRole('option', { name: 'Hebdomadaire' }).click();
      await carnot.getByText('Surveillée (hebdomadaire)').waitFor();
      await carnot.getByRole('combobox', { name: 'Rayon surveillé' }).click();
      await page.getByRole('option', { name: '500\u00a0m' }).click();
      await carnot
        .getByText(
          'Une alerte par e-mail quand une nouvelle vente DVF ou un nouveau DPE apparaît sur la parcelle ou dans un rayon de 500\u00a0m.',
        )
        .waitFor();
      await screenshot(page, 'saved-addresses-mesadresses');

      // Filter by tag: only Carnot carries « Vendeur ».
      await page.getByRole('combobox', { name: 'Filtrer par étiquette' }).click();
      await page.getByRole('option', { name: 'Vendeur' }).click();
      await page.getByText('1 adresse avec l’étiquette «\u00a0Vendeur\u00a0»').waitFor();
      expect(await page.getByTestId('saved-address').count()).toBe(1);

      // The CSV of the filtered list.
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('link', { name: 'Exporter en CSV' }).click(),
      ]);
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'immoloupe-csv-')), 'adresses.csv');
      await download.saveAs(file);
      const bytes = readFileSync(file);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Nom;Adresse;Notes;Étiquettes;Surveillance;Rayon surveillé (m);Code INSEE;Parcelle;Longitude;Latitude;Enregistrée le',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(
        /^139 Avenue Carnot 93140 Bondy;139 Avenue Carnot 93140 Bondy;"Propriétaire vendeur d’ici 2027 ; rappeler en mars\.";Vendeur, Bondy;Hebdomadaire;500;93010;93010000AS0167;2,479688;48,895901;\d{2}\/\d{2}\/\d{4}$/,
      );

      // Delete the parcel one (after the confirmation), Carnot stays with its notes.
      await page.goto(`${server.url}/pro/mesadresses`);
      await parcel.waitFor();
      page.once('dialog', (d) => void d.accept());
      await parcel.getByRole('button', { name: 'Supprimer' }).click();
      await page.getByRole('status').getByText('Adresse supprimée.').waitFor();
      await page.getByText('1 adresse enregistrée sur 500 possibles').waitFor();
      expect(await parcel.count()).toBe(0);
      await page.reload();
      await carnot.waitFor();
      expect(await carnot.getByLabel('Notes').inputValue()).toBe('Propriétaire vendeur d’ici 2027 ; rappeler en mars.');
      expect(await carnot.getByText('Surveillée (hebdomadaire)').count()).toBe(1);
    } finally {
      await b.close();
    }
  }, 240_000);
});
