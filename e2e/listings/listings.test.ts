/**
 * The listing tools in a real browser, against the built server with the DPE samples imported:
 * paste the page source of a SeLoger ad (Lyon 8e), see its price, surface and DPE read, its €/m²
 * and the DPE candidates of 69008; save it; refine the candidates on /pro/localisationauto; find it
 * in « Mes annonces » and on the listings map. A pasted text that does not say sale or rent: the
 * page asks, compares nothing, and the answer changes the analysis.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_QUESTION } from '../../shared/src/listings/store.logic.ts';
import { HUNTER as USER } from '../support/accounts.js';
import { openBrowser, screenshot } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { type RunningServer, SHARED_DATA, startServer } from '../support/server.js';

/** The extension's capture of the ad's `<body>`, as a person would paste the page source. */
function selogerLyonSource(): string {
  let html = JSON.parse(
    readFileSync(path.join(SHARED_DATA, 'listings/seloger/seloger_ad-page-body_location_lyon-69008_2025-10.json'), 'utf8'),
  ) as string;
  if (html.startsWith('"<')) html = html.slice(1);
  return html;
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ prepared: 'dpe' });
});
afterAll(async () => {
  await server?.stop();
});

describe('listings', () => {
  it('reads a pasted SeLoger page, analyses it, saves it, and shows it in Mes annonces and on the map', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/analyseannonce');
      await b.page.getByLabel('Lien, code source ou texte de l’annonce').fill(selogerLyonSource());
      await b.page.getByRole('button', { name: 'Lire l’annonce' }).click();
      const field = (name: string) => b.page.getByRole('textbox', { name });
      await b.page.getByRole('heading', { name: 'Champs lus' }).waitFor({ timeout: 20_000 });
      expect(await field('Surface (m²)').inputValue()).toBe('70');
      expect(digits(await field('Loyer (€/mois)').inputValue())).toBe('1345');
      expect(await b.page.getByRole('combobox', { name: 'Étiquette DPE' }).inputValue()).toBe('D');
      expect(await field('Code postal').inputValue()).toBe('69008');
      // €/m² of the ad, and why it is not set against DVF sales (a rent, no Lyon sales imported).
      await b.page.getByTestId('prix-m2').waitFor({ timeout: 20_000 });
      expect(await b.page.getByTestId('prix-m2').textContent()).toMatch(/^19,2\s€\/m²\/mois$/);
      await b.page.getByText('Annonce de location').waitFor();
      const candidates = b.page.getByTestId('candidat');
      await candidates.first().waitFor();
      expect(await candidates.count()).toBeGreaterThan(0);
      expect(await candidates.first().textContent()).toMatch(/69008/);
      await screenshot(b.page, 'listings-analyseannonce');

      await b.page.getByRole('button', { name: 'Enregistrer dans Mes annonces' }).click();
      await b.page.getByText('Annonce enregistrée dans Mes annonces.').waitFor();

      // The same values, refined on /pro/localisationauto: filled in from the listing, candidates on the map.
      await b.page.getByRole('link', { name: 'Affiner les valeurs dans la localisation automatique' }).click();
      await b.page.waitForURL(/\/pro\/localisationauto\?/);
      expect(await b.page.getByRole('textbox', { name: 'Code postal' }).inputValue()).toBe('69008');
      expect(await b.page.getByRole('textbox', { name: 'Surface (m²)' }).inputValue()).toBe('70');
      expect(await b.page.getByRole('textbox', { name: 'Consommation (kWh/m²/an)' }).inputValue()).toBe('190');
      await b.page.getByTestId('candidat').first().waitFor({ timeout: 20_000 });
      expect(await b.page.getByTestId('candidat').first().textContent()).toMatch(/69008/);
      // No DPE of the samples is this flat's own: the nearest are shown, and said to be only that.
      await b.page.getByText('Aucun DPE du secteur ne reprend exactement ces valeurs', { exact: false }).waitFor();
      await b.page.locator('[data-map-ready="true"]').waitFor({ timeout: 30_000 });
      await screenshot(b.page, 'listings-localisationauto');

      await b.page.goto(`${server.url}/pro/mesannonces`);
      const mine = b.page.getByTestId('mon-annonce');
      await mine.first().waitFor();
      expect(await mine.count()).toBe(1);
      expect(await mine.first().textContent()).toMatch(/1\s345\s€\/mois[\s\S]*70\sm²[\s\S]*DPE D/);
      // The saved listing's analysis, in a window.
      await mine.first().getByRole('button', { name: 'Analyser' }).click();
      const dialog = b.page.getByRole('dialog');
      await dialog.getByTestId('prix-m2').waitFor({ timeout: 20_000 });
      expect(await dialog.getByTestId('prix-m2').textContent()).toMatch(/^19,2\s€\/m²\/mois$/);
      await dialog.getByTestId('candidat').first().waitFor();
      await screenshot(b.page, 'listings-mesannonces-analyse');
      await b.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await screenshot(b.page, 'listings-mesannonces');

      await b.page.goto(`${server.url}/pro/carte_annonces`);
      await b.page.getByTestId('annonce-carte').first().waitFor();
      expect(await b.page.getByTestId('annonce-carte').count()).toBe(1);
      await b.page.locator('[data-map-ready="true"]').waitFor({ timeout: 30_000 });
      await screenshot(b.page, 'listings-carte');
    } catch (err) {
      await screenshot(b.page, 'listings-debug');
      throw err;
    } finally {
      await b.close();
    }
  });
});

describe('a listing that does not say sale or rent', () => {
  it('asks « Vente ou location ? », compares nothing, and analyses the answer', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/analyseannonce');
      // A text as an agent copies it: price, surface, place and DPE, but neither « à vendre » nor « loyer ».
      await b.page
        .getByLabel('Lien, code source ou texte de l’annonce')
        .fill('Appartement 3 pièces de 62 m² à Lyon (69008)\nPrix : 245 000 €\nClasse énergie C\nLumineux, au calme, proche du métro.');
      await b.page.getByRole('button', { name: 'Lire l’annonce' }).click();
      const question = b.page.getByTestId('question-transaction');
      await question.waitFor({ timeout: 20_000 });
      expect(await question.textContent()).toContain('Vente ou location\u00a0?');
      const perM2 = b.page.getByTestId('prix-m2');
      await perM2.waitFor({ timeout: 20_000 });
      expect(await perM2.textContent()).toBe('Vente ou location à préciser');
      await b.page.getByText(TRANSACTION_QUESTION).waitFor();
      expect(await b.page.getByRole('table', { name: 'Médianes DVF' }).getByRole('row').count()).toBe(0);
      await screenshot(b.page, 'listings-question-transaction');

      await question.getByRole('button', { name: 'C’est une vente' }).click();
      await question.waitFor({ state: 'hidden' });
      // Now a sale: its price per m², and the comparison with DVF sales it calls for (none imported for Lyon here).
      await perM2.filter({ hasText: /€\/m²$/ }).waitFor({ timeout: 20_000 });
      expect(await perM2.textContent()).toMatch(/^3\s952\s€\/m²$/);
      await b.page.getByText(/^Aucune vente DVF importée pour Lyon/).waitFor();
      expect(await b.page.getByText(TRANSACTION_QUESTION).count()).toBe(0);
    } catch (err) {
      await screenshot(b.page, 'listings-debug');
      throw err;
    } finally {
      await b.close();
    }
  });
});

/** Digits of a French amount (`1 345` → `1345`). */
function digits(s: string): string {
  return s.replace(/\D/g, '');
}
