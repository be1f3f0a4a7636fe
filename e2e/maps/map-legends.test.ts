/**
 * Every map of the pro area explains itself (issue 38): one subscriber walks them all through the
 * menu, on one server holding Bondy (cadastre, sales, BAN, co-ownerships), the new builds of
 * Lyon 8e (DPE) and a listing feed of Toulon, and finds beside each map its legend with the
 * entries that name what it draws.
 * Screenshots at 1 280 × 800 (each map with its legend) and 390 × 844 (the search maps above
 * their results) land in e2e/artifacts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPS_AGENT as USER } from '../support/accounts.js';
import { ARTIFACTS_DIR, type OpenBrowser, openBrowser, screenshot } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { clickMenuLink } from '../support/nav.js';
import { type RunningServer, SHARED_DATA, startServer } from '../support/server.js';

const NB = '\u00a0';
const ADDRESS = `/pro/analyseadresse?adresse=${encodeURIComponent('139 Avenue Carnot 93140 Bondy')}&lat=48.9006&lon=2.4904&parcelle=93010000AS0167`;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ prepared: 'bondy-lyon8-feeds' });
});
afterAll(async () => {
  await server?.stop();
});

/** Lower-cases the first letter: « Carte des ventes » → « Légende de la carte des ventes ». */
const legendOf = (map: string) => `Légende de la ${map.charAt(0).toLowerCase()}${map.slice(1)}`;

/**
 * Waits for the map to be drawn, then for its legend (a list, or a group for the 3D one) and each
 * of its entries; screenshots the screen with the legend in it.
 */
async function expectLegend(page: Page, map: string, entries: readonly (string | RegExp)[], shot: string, legend = legendOf(map)) {
  await page.locator(`section[aria-label="${map}"][data-map-ready="true"]`).first().waitFor({ timeout: 60_000 });
  const box = page
    .getByRole('list', { name: legend })
    .or(page.getByRole('group', { name: legend }))
    .first();
  await box.waitFor({ timeout: 30_000 });
  for (const entry of entries) {
    await box.getByText(entry).first().waitFor({ timeout: 10_000 });
  }
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `legende-${shot}.png`) });
}

/** The extension's capture of a SeLoger ad of Lyon 8e (a rent), pasted as a person would. */
function selogerLyonSource(): string {
  const html = JSON.parse(
    readFileSync(path.join(SHARED_DATA, 'listings/seloger/seloger_ad-page-body_location_lyon-69008_2025-10.json'), 'utf8'),
  ) as string;
  return html.startsWith('"<') ? html.slice(1) : html;
}

describe('map legends', () => {
  it('shows a legend with its entries beside every map of the pro area', async () => {
    const b: OpenBrowser = await openBrowser({ viewport: { width: 1280, height: 800 } });
    const page = b.page;
    try {
      // Analyser
      await signIn(page, server.url, USER, ADDRESS);
      await expectLegend(
        page,
        'Carte de l’adresse, de sa parcelle et des ventes voisines',
        [
          'Adresse analysée',
          'Parcelle cadastrale',
          `Rayon de 500${NB}m${NB}: ventes prises en compte`,
          /^Groupe de ventes proches/,
          /^Vente seule/,
        ],
        'analyse-adresse',
        'Légende de la carte de l’adresse',
      );
      // Saved for « Mes adresses » below.
      const analysis = page.getByTestId('address-analysis');
      await analysis.getByRole('button', { name: 'Enregistrer l’adresse' }).click();
      await analysis.getByRole('status').getByText('Adresse enregistrée dans vos adresses.').waitFor();

      await clickMenuLink(page, 'Analyser', 'Transactions');
      await page.goto(`${server.url}/pro/transactions?lieu=commune&insee=93010&from=2022-01-01&to=2022-12-31`);
      await expectLegend(
        page,
        'Carte des ventes',
        ['Parcelles de la vente choisie', /^Groupe de ventes proches/, /^Vente seule/],
        'transactions',
      );

      await clickMenuLink(page, 'Analyser', 'Analyse de marché');
      await page.goto(`${server.url}/pro/analysemarche?zone=communes&insee=93010&from=2022-01-01&to=2022-12-31`);
      await expectLegend(
        page,
        'Carte des prix médians par section',
        [/^Prix médian au m² des ventes de la section/, /^Disque/],
        'analyse-marche',
      );

      await clickMenuLink(page, 'Analyser', 'Carte 3D des prix');
      await expectLegend(
        page,
        'Carte en relief des prix',
        ['Prix médian au m² de la section'],
        'carte-3d',
        'Légende de la carte en relief des prix',
      );
      await clickMenuLink(page, 'Analyser', 'Carte 3D combinée');
      await expectLegend(
        page,
        'Carte en relief des prix',
        ['Vente (hauteur = prix)', 'Vente hors bornes, écartée des prix médians', 'Étiquette DPE'],
        'carte-3d-combinee',
        'Légende de la carte en relief des prix',
      );

      // Prospecter
      await clickMenuLink(page, 'Prospecter', 'Parcelles');
      await page.goto(`${server.url}/pro/rechercheparcelle?commune=93010&section=AS`);
      await expectLegend(
        page,
        'Carte des parcelles trouvées',
        ['Parcelle trouvée, au cadastre actuel', 'Parcelle disparue du cadastre', /^Parcelle choisie/],
        'recherche-parcelles',
      );
      await clickMenuLink(page, 'Prospecter', 'DPE');
      await page.goto(`${server.url}/pro/recherchedpe?insee=69388`);
      await expectLegend(
        page,
        'Carte des DPE trouvés',
        [
          'Étiquette énergie (un groupe prend la couleur de sa plus mauvaise étiquette)',
          /^Nombre dans le cercle/,
          `Cerclé de noir${NB}: la ligne choisie dans le tableau`,
        ],
        'recherche-dpe',
      );
      // Beside the map at 1 280 px, the DPE table has the width its columns need: no sideways scroll.
      const dpeTable = page.getByRole('region', { name: 'DPE trouvés', exact: true });
      const fits = await dpeTable.evaluate((el) => ({ width: el.clientWidth, scroll: el.scrollWidth }));
      expect(fits.scroll).toBeLessThanOrEqual(fits.width);
      expect(fits.width).toBeGreaterThanOrEqual(600);
      await clickMenuLink(page, 'Prospecter', 'Copropriétés');
      await page.goto(`${server.url}/pro/recherchecopro?insee=93010`);
      await expectLegend(
        page,
        'Carte des copropriétés trouvées',
        ['Type de syndic', 'Syndic professionnel', 'Syndic bénévole', /^Nombre dans le cercle/],
        'recherche-copro',
      );

      // Annonces: a pasted SeLoger ad of Lyon 8e, its candidate addresses, then the same ad saved, on the listings map.
      await clickMenuLink(page, 'Annonces', 'Analyse d’annonce');
      await page.getByLabel('Lien, code source ou texte de l’annonce').fill(selogerLyonSource());
      await page.getByRole('button', { name: 'Lire l’annonce' }).click();
      // The analysis draws its candidates' map only when a candidate is placed: none of these DPE is; the same map and legend follow on the localisation page.
      await page.getByTestId('candidat').first().waitFor({ timeout: 30_000 });
      const candidates = [/^Vraisemblance de 80/, /^Moins de 50/, /son rang dans la liste des adresses candidates$/];
      await page.getByRole('button', { name: 'Enregistrer dans Mes annonces' }).click();
      await page.getByText('Annonce enregistrée dans Mes annonces.').waitFor();

      await clickMenuLink(page, 'Annonces', 'Localisation automatique');
      await page.goto(`${server.url}/pro/localisationauto?postcode=69008&type=appartement&surface=70&dpe=D`);
      if ((await page.getByTestId('candidat').count()) === 0) await page.getByRole('button', { name: 'Localiser' }).click();
      await page.getByTestId('candidat').first().waitFor({ timeout: 30_000 });
      await expectLegend(page, 'Carte des adresses candidates', candidates, 'localisation');

      await clickMenuLink(page, 'Annonces', 'Carte des annonces');
      await expectLegend(
        page,
        'Carte de mes annonces',
        [/^Sous le marché/, /^Dans le marché/, /^Au-dessus du marché/, 'Sans comparaison (location, ou pas de médiane DVF)'],
        'carte-annonces',
      );
      // The listing feeds' tab: the Toulon export, placed and coloured by the DVF median.
      await page.goto(`${server.url}/pro/carte_annonces?postcode=83000`);
      await page.getByRole('tab', { name: 'Annonces des flux importés', selected: true }).waitFor();
      await expectLegend(
        page,
        'Carte des annonces des flux',
        [/^Sous le marché/, /^Dans le marché/, /^Au-dessus du marché/, 'Sans comparaison (location, ou pas de médiane DVF)'],
        'annonces-des-flux',
      );

      // Mes données
      await clickMenuLink(page, 'Mes données', 'Ma zone');
      await expectLegend(page, 'Carte de ma zone', ['Zone tracée sur la carte', /^Sommet du tracé/, /^Commune de ma zone/], 'ma-zone');
      await clickMenuLink(page, 'Mes données', 'Mes adresses');
      await expectLegend(
        page,
        'Carte de mes adresses',
        [/^Adresse surveillée/, 'Adresse non surveillée', /^Le plus gros point est l’adresse choisie/],
        'mes-adresses',
      );

      // The component gallery's example map: the base alone.
      await page.goto(`${server.url}/pro/test/menudemo`);
      await expectLegend(
        page,
        'Carte d’exemple',
        ['Limite de commune (vue de loin)', 'Section cadastrale', 'Parcelle (vue de près)'],
        'galerie',
      );
    } catch (err) {
      await screenshot(page, 'legende-echec');
      throw err;
    } finally {
      await b.close();
    }
  }, 600_000);

  it('puts the search maps above their results on a phone, their legend under them', async () => {
    const b = await openBrowser({ viewport: { width: 390, height: 844 } });
    const page = b.page;
    try {
      for (const [url, map, first, shot] of [
        ['/pro/rechercheparcelle?commune=93010&section=AS', 'Carte des parcelles trouvées', 'Parcelles trouvées', 'recherche-parcelles'],
        ['/pro/recherchedpe?insee=69388', 'Carte des DPE trouvés', 'DPE trouvés', 'recherche-dpe'],
        ['/pro/recherchecopro?insee=93010', 'Carte des copropriétés trouvées', 'Copropriétés trouvées', 'recherche-copro'],
      ] as const) {
        if (page.url() === 'about:blank') await signIn(page, server.url, USER, url);
        else await page.goto(`${server.url}${url}`);
        const mapBox = page.locator(`section[aria-label="${map}"]`);
        await mapBox.and(page.locator('[data-map-ready="true"]')).waitFor({ timeout: 60_000 });
        const results = page
          .getByRole('region', { name: first })
          .or(page.getByRole('list', { name: first }))
          .first();
        await results.waitFor({ timeout: 30_000 });
        const m = await mapBox.boundingBox();
        const r = await results.boundingBox();
        // Above the results, and within the phone's width.
        expect(m && r && m.y + m.height <= r.y).toBe(true);
        expect(m && m.x >= 0 && m.x + m.width <= 390).toBe(true);
        await page.getByRole('list', { name: legendOf(map) }).waitFor();
        // The screen as the phone shows it there: the map, its legend, then the first results.
        await mapBox.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.evaluate(() => window.scrollBy(0, -64));
        await page.screenshot({ path: path.join(ARTIFACTS_DIR, `legende-telephone-${shot}.png`) });
      }
    } finally {
      await b.close();
    }
  });
});
