/// <reference lib="dom" />
/**
 * `npm run screenshots`: real screenshots of every delivered professional tool, for the user
 * guide and the home page (decision 0500). Runs the BUILT server (it builds nothing: run
 * `npm run build` first) on a fresh PGlite folder with the Bondy and Hendaye samples, through the
 * e2e harness, and writes `web/public/guide/<outil>.jpg` (1280 × 800, JPEG quality 75) and its
 * thumbnail `web/public/guide/<outil>-vignette.jpg` (320 × 200) for the home page; then the
 * extension's panel on two portals for /pro/extension (scripts/extension-panels.ts). Arguments
 * restrict the run: tool ids (`creer_cle`…) and `extension-panneau` for the panel.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { denyConsent, waitForHydration } from '../e2e/public/a11y.ts';
import { openBrowser } from '../e2e/support/browser.ts';
import { createAccounts, DPE_SAMPLES, importSamples, MARKET_SAMPLES, signIn } from '../e2e/support/data.ts';
import { REPO_ROOT, type RunningServer, SHARED_DATA, startServer } from '../e2e/support/server.ts';
import { ALL_TOOLS, isToolAvailable, SCREENSHOT_SIZE, toolScreenshotId } from '../shared/src/public/tool-catalogue.ts';
import { capturePanels } from './extension-panels.ts';

const OUT_DIR = path.join(REPO_ROOT, 'web', 'public', 'guide');
/** The argument that asks for the extension's panel. */
const PANEL_ID = 'extension-panneau';
const ACCOUNT = { email: 'captures@exemple.fr', password: 'Captures-du-guide-2026' };
const QUALITY = 75;
const MAX_BYTES = 150 * 1024;
const THUMB = { width: 320, height: 200 };

/** Brings an element to the top of the viewport, below the pro layout's fixed header. */
async function scrollToTop(page: Page, selector: string): Promise<void> {
  await page.evaluate((s) => {
    const el = document.querySelector(s);
    if (el) window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72);
  }, selector);
}

/** Maps report `data-map-ready` once their style is loaded; tiles and layers may still be drawing. */
async function settle(page: Page): Promise<void> {
  // Some pages keep polling (imports in progress, the version check): a quiet network is welcome, not required.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(1_000);
}

async function pickAddress(page: Page, text: string, option: RegExp): Promise<void> {
  const input = page.getByPlaceholder('ex. 139 avenue Carnot Bondy');
  await input.click();
  await input.pressSequentially(text, { delay: 20 });
  await page.getByRole('option', { name: option }).first().click();
}

/** A listing feed for the automatic list: the Bien'ici export of Toulon (500 listings). */
const LISTING_FEEDS = ['listings/bienici/bienici_api-flattened_vente_toulon-83_2026-03_first500rows.csv'];

/** The page source of a SeLoger ad (Lyon 8e), as a person pastes it in the listing analysis. */
function selogerLyonSource(): string {
  let html = JSON.parse(
    readFileSync(path.join(SHARED_DATA, 'listings/seloger/seloger_ad-page-body_location_lyon-69008_2025-10.json'), 'utf8'),
  ) as string;
  if (html.startsWith('"<')) html = html.slice(1);
  return html;
}

/** Pastes the SeLoger ad in the listing analysis and waits for its fields, €/m² and DPE candidates. */
async function analyseListing(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/pro/analyseannonce`);
  await waitForHydration(page);
  await page.getByLabel('Lien, code source ou texte de l’annonce').fill(selogerLyonSource());
  await page.getByRole('button', { name: 'Lire l’annonce' }).click();
  await page.getByRole('heading', { name: 'Champs lus' }).waitFor({ timeout: 20_000 });
  await page.getByTestId('prix-m2').waitFor({ timeout: 20_000 });
  await page.getByTestId('candidat').first().waitFor();
}

let listingSaved = false;
/** « Mes annonces » and the listings map need a saved ad: the SeLoger one, saved once. */
async function ensureSavedListing(page: Page, url: string): Promise<void> {
  if (listingSaved) return;
  await analyseListing(page, url);
  await page.getByRole('button', { name: 'Enregistrer dans Mes annonces' }).click();
  await page.getByText('Annonce enregistrée dans Mes annonces.').waitFor();
  listingSaved = true;
}

/** « Ma zone » of the captures: Bondy and the nine arrondissements of Lyon (the DPE sample's densest city). */
const ZONE_COMMUNES = ['93010', '69381', '69382', '69383', '69384', '69385', '69386', '69387', '69388', '69389'];
let zoneSaved = false;
async function ensureZone(page: Page, url: string): Promise<void> {
  if (zoneSaved) return;
  await page.goto(`${url}/pro/mazone`);
  await waitForHydration(page);
  const field = page.getByRole('combobox', { name: 'Communes de ma zone' });
  for (const code of ZONE_COMMUNES) {
    await field.pressSequentially(code, { delay: 20 });
    // An option is named « Bondy (93140) », its postcode; its INSEE code is a note beside the name.
    await page
      .getByRole('option')
      .filter({ hasText: new RegExp(`INSEE ${code}$`) })
      .first()
      .click();
  }
  await page.getByRole('button', { name: 'Enregistrer ma zone' }).click();
  await page.getByText('Ma zone est enregistrée. Les outils de recherche l’utilisent par défaut.').waitFor();
  zoneSaved = true;
}

/** How each delivered tool is brought to a meaningful state before the picture is taken. */
const SCENES: Record<string, (page: Page, url: string) => Promise<void>> = {
  '/pro/analyseadresse': async (page, url) => {
    await page.goto(`${url}/pro/analyseadresse`);
    await pickAddress(page, '139 avenue Carnot Bondy', /139 Avenue Carnot/);
    await page.getByTestId('address-analysis').getByRole('heading', { name: 'Parcelle AS 167' }).waitFor();
    await page.locator('[data-chart-ready="true"]').first().waitFor();
    await page.locator('[data-map-ready="true"]').first().waitFor();
    await settle(page);
    // The map, then the parcel and its sales: the title and the address field add nothing.
    await scrollToTop(page, '[data-map-ready="true"]');
  },
  '/pro/transactions': async (page, url) => {
    await page.goto(`${url}/pro/transactions?lieu=commune&insee=93010&carte=2.4828,48.9022,14`);
    await page
      .getByRole('row')
      .filter({ hasText: /\d{2}\/\d{2}\/2022/ })
      .first()
      .waitFor();
    await page.locator('[data-map-ready="true"]').first().waitFor();
    await settle(page);
    // The filters fill the first screen: show the map beside the table of sales.
    await scrollToTop(page, '[data-map-ready="true"]');
  },
  '/pro/analysemarche': async (page, url) => {
    await page.goto(`${url}/pro/analysemarche?insee=93010&from=2022-01-01&to=2022-12-31`);
    const report = page.getByTestId('market-report');
    await report.getByText('Bondy (93010), du 01/01/2022 au 31/12/2022').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-chart-ready="true"]').length >= 4);
    await settle(page);
    // The form fills the first screen: show the report, its figures and first charts.
    await scrollToTop(page, '[data-testid="market-report"]');
  },
  '/pro/avisdevaleur': async (page, url) => {
    await page.goto(`${url}/pro/avisdevaleur`);
    await pickAddress(page, 'Hendaye', /Hendaye/);
    await page.getByRole('radio', { name: 'Appartement' }).check({ force: true });
    await page.getByRole('textbox', { name: 'Surface habitable (m²)' }).fill('50');
    await page.getByRole('textbox', { name: 'Pièces principales' }).fill('3');
    await page.getByLabel('Date de référence').fill('30/06/2023');
    await page.getByRole('button', { name: 'Estimer' }).click();
    await page.getByTestId('estimate-value').waitFor();
    await page.locator('[data-map-ready="true"]').first().waitFor();
    await settle(page);
    await scrollToTop(page, 'section[aria-label="Estimation"]');
  },
  '/pro/rechercheparcelle': async (page, url) => {
    // A commune in the link: without one, « ma zone » (once saved by another scene) would be searched.
    await page.goto(`${url}/pro/rechercheparcelle?commune=Bondy`);
    await page.locator('[data-map-ready="true"]').waitFor();
    await page.getByLabel('Commune').fill('Bondy');
    await page.getByLabel('Section').fill('AS');
    await page.getByLabel('Numéro').fill('167');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByText(/^1 parcelle à Bondy \(93010\)/).waitFor();
    await settle(page);
  },
  '/pro/recherchedpe': async (page, url) => {
    await ensureZone(page, url);
    await page.goto(`${url}/pro/recherchedpe`);
    await page.getByText(/^\d[\d\u202f]* DPE dans ma zone$/).waitFor();
    await page.locator('[data-map-ready="true"]').first().waitFor();
    // A G dwelling: its drawer shows the date from which it may no longer be let.
    await page
      .getByRole('row')
      .filter({ has: page.getByLabel('Classe G') })
      .first()
      .getByRole('button', { name: /^Ouvrir le DPE / })
      .click();
    await page.getByRole('dialog').getByText('Interdiction de louer (loi Climat et résilience)').waitFor();
    await settle(page);
  },
  '/pro/recherchecopro': async (page, url) => {
    await page.goto(`${url}/pro/recherchecopro?insee=93010&endsWithin=12`);
    await page.getByText(/copropriétés — mandats comptés depuis le/).waitFor();
    await page.locator('[data-map-ready="true"]').first().waitFor();
    await settle(page);
    await scrollToTop(page, 'form[aria-label="Recherche de copropriétés"] ~ *');
  },
  '/pro/mazone': async (page, url) => {
    await ensureZone(page, url);
    await page.goto(`${url}/pro/mazone`);
    await page.getByRole('heading', { name: 'Depuis votre dernière visite' }).waitFor();
    await page.locator('[data-map-ready="true"]').first().waitFor();
    await settle(page);
  },
  '/pro/prospection': async (page, url) => {
    await page.goto(`${url}/pro/rechercheparcelle?parcelle=93010000AS0167`);
    const sheet = page.getByTestId('parcel-sheet');
    await sheet.getByRole('heading', { name: /Parcelle AS 0?167/ }).waitFor();
    await sheet.getByTestId('add-to-list').click();
    await page.getByLabel('Nom de la nouvelle liste').fill('Bondy, centre-ville');
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await page.getByText('Ajoutée à « Bondy, centre-ville ».').waitFor();
    await page.goto(`${url}/pro/prospection`);
    const row = page.getByTestId('prospecting-target').first();
    await row.getByRole('combobox', { name: /Statut de/ }).selectOption('rendez_vous');
    await settle(page);
  },
  '/pro/localisationauto': async (page, url) => {
    // A new 63 m² flat of Lyon 8e, DPE C and GES C, as a listing shows it.
    await page.goto(`${url}/pro/localisationauto?postcode=69008&type=appartement&surface=63&dpe=C&ges=C`);
    await page.getByTestId('candidat').first().waitFor({ timeout: 20_000 });
    await page.locator('[data-map-ready="true"]').first().waitFor({ timeout: 30_000 });
    await settle(page);
  },
  '/pro/analyseannonce': async (page, url) => {
    await analyseListing(page, url);
    await settle(page);
    // The pasted source fills the first screen: show the fields read, the €/m² and the candidates.
    await page
      .getByRole('heading', { name: 'Champs lus' })
      .evaluate((h) => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 72));
  },
  '/pro/carte_annonces': async (page, url) => {
    await ensureSavedListing(page, url);
    await page.goto(`${url}/pro/carte_annonces`);
    await page.getByTestId('annonce-carte').first().waitFor();
    await page.locator('[data-map-ready="true"]').first().waitFor({ timeout: 30_000 });
    await settle(page);
  },
  '/pro/mesannonces': async (page, url) => {
    await ensureSavedListing(page, url);
    await page.goto(`${url}/pro/mesannonces`);
    await page.getByTestId('mon-annonce').first().waitFor();
    await settle(page);
  },
  '/pro/listeautomatique': async (page, url) => {
    // A listing search over the Bien'ici export of Toulon (imported feed): its matches, newest first.
    await page.goto(`${url}/pro/listeautomatique`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Créez une recherche d’annonces' }).click();
    await page.getByRole('textbox', { name: 'Nom de la recherche' }).fill('Appartements à Toulon');
    await page.getByRole('textbox', { name: 'Codes postaux (séparés par des virgules)' }).fill('83000, 83100, 83200');
    await page.getByRole('button', { name: 'Enregistrer la recherche' }).click();
    await page.getByText('Recherche « Appartements à Toulon » enregistrée.').waitFor();
    await page.goto(`${url}/pro/listeautomatique`);
    await page.getByTestId('annonce-auto').first().waitFor({ timeout: 20_000 });
    await settle(page);
  },
  '/pro/mesadresses': async (page, url) => {
    await page.goto(`${url}/pro/analyseadresse`);
    await pickAddress(page, '139 avenue Carnot Bondy', /139 Avenue Carnot/);
    const analysis = page.getByTestId('address-analysis');
    await analysis.getByRole('heading', { name: 'Parcelle AS 167' }).waitFor();
    await analysis.getByRole('button', { name: 'Enregistrer l’adresse' }).click();
    await analysis.getByRole('status').getByText('Adresse enregistrée dans vos adresses.').waitFor();
    await page.goto(`${url}/pro/mesadresses`);
    await page.getByTestId('saved-address').first().waitFor();
    await page.locator('[data-map-ready="true"]').first().waitFor({ timeout: 30_000 });
    await settle(page);
  },
  '/pro/mesrecherches': async (page, url) => {
    await page.goto(`${url}/pro/transactions?insee=93010&types=appartement`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Enregistrer cette recherche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enregistrer cette recherche' });
    await dialog.getByLabel('Nom').fill('Appartements à Bondy');
    await dialog.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await dialog.getByText('Recherche enregistrée.').waitFor();
    await page.goto(`${url}/pro/mesrecherches`);
    await page.getByRole('row').filter({ hasText: 'Appartements à Bondy' }).waitFor();
    await settle(page);
  },
  '/pro/creer_recherche': async (page, url) => {
    await page.goto(`${url}/pro/creer_recherche`);
    await waitForHydration(page);
    const form = page.getByRole('form', { name: 'Créer une recherche' });
    await form.getByLabel('Outil').click();
    await page.getByRole('option', { name: 'Recherche de parcelles' }).click();
    await form.getByLabel('Nom de la recherche').fill('Section AS de Bondy');
    await form.getByRole('combobox', { name: 'Commune', exact: true }).pressSequentially('Bondy', { delay: 20 });
    await page.getByRole('option', { name: 'Bondy (93010)' }).click();
    await form.getByLabel('Section').fill('AS');
    await form.getByRole('button', { name: 'Enregistrer la recherche' }).click();
    await form.getByText('Recherche « Section AS de Bondy » enregistrée.').waitFor();
    await settle(page);
  },
  '/pro/template': async (page, url) => {
    await page.goto(`${url}/pro/template`);
    // The form loads the saved agency after hydration: typing earlier is overwritten.
    await waitForHydration(page);
    await settle(page);
    const name = page.getByRole('textbox', { name: 'Nom de l’agence' });
    await name.fill('Agence du Canal');
    await page
      .getByRole('textbox', { name: 'Coordonnées (adresse, téléphone, e-mail)' })
      .fill('12 rue de la République, 93140 Bondy\n01 23 45 67 89\ncontact@agence-du-canal.fr');
    await page.getByRole('button', { name: 'Enregistrer l’agence' }).click();
    await page.getByText('Agence enregistrée').waitFor();
    await settle(page);
    if ((await name.inputValue()) !== 'Agence du Canal') throw new Error('le nom de l’agence a été effacé');
  },
  '/pro/creer_cle': async (page, url) => {
    await page.goto(`${url}/pro/creer_cle`);
    await waitForHydration(page);
    await page.getByRole('textbox', { name: 'Nom de la clé' }).fill('Extension, ordinateur du bureau');
    await page.getByRole('button', { name: 'Créer la clé' }).click();
    await page.getByTestId('new-key-secret').waitFor();
    await page.getByTestId('keys-table').waitFor();
    await settle(page);
  },
  '/pro/extension': async (page, url) => {
    await page.goto(`${url}/pro/extension`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Associer l’extension' }).click();
    await page.getByTestId('pairing-secret').waitFor();
    await settle(page);
  },
  '/pro/admin': async (page, url) => {
    await page.goto(`${url}/pro/admin`);
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Imports de données' }).click();
    const runs = page.getByRole('region', { name: 'Imports de données' });
    await runs.getByText('valeursfoncieres-2022_93010_bondy.txt').waitFor();
    // A file sent from the page, so that the first run listed is signed by the administrator
    // (the command-line imports are signed by the machine's user name).
    await page.locator('input[type="file"]').setInputFiles(path.join(SHARED_DATA, 'dvf/etalab-geo-dvf_2021_33001_abzac.csv'));
    await page.getByRole('button', { name: 'Envoyer et importer' }).click();
    await runs
      .getByRole('row')
      .filter({ hasText: 'etalab-geo-dvf_2021_33001_abzac.csv' })
      .filter({ hasText: 'Réussi' })
      .waitFor({ timeout: 60_000 });
    // Opened again without the upload's toast: the forms, the last import's result and that run.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Imports de données' }).click();
    await runs.getByRole('row').filter({ hasText: 'etalab-geo-dvf_2021_33001_abzac.csv' }).first().waitFor();
    await settle(page);
  },
};

async function capture(page: Page, id: string): Promise<{ full: number; thumb: number }> {
  // No caret, no hover, no focus ring: the picture shows the page, not the robot's cursor.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // A busy page (a map full of labels) is taken again a little less finely to stay under the
  // pages' weight budget (MAX_BYTES, checked by the tests of the guide).
  let full = await page.screenshot({ type: 'jpeg', quality: QUALITY, caret: 'hide', animations: 'disabled' });
  for (let quality = QUALITY - 5; full.length > MAX_BYTES && quality >= 55; quality -= 5)
    full = await page.screenshot({ type: 'jpeg', quality, caret: 'hide', animations: 'disabled' });
  writeFileSync(path.join(OUT_DIR, `${id}.jpg`), full);
  // The thumbnail is the same picture drawn smaller by Chromium itself: no image library needed.
  const small = await page.context().newPage();
  try {
    await small.setViewportSize(THUMB);
    await small.setContent(
      `<body style="margin:0"><img src="data:image/jpeg;base64,${full.toString('base64')}" width="${THUMB.width}" height="${THUMB.height}"></body>`,
    );
    await small.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const thumb = await small.screenshot({ type: 'jpeg', quality: 80 });
    writeFileSync(path.join(OUT_DIR, `${id}-vignette.jpg`), thumb);
    return { full: full.length, thumb: thumb.length };
  } finally {
    await small.close();
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(REPO_ROOT, 'server', 'dist', 'main.js')) || !existsSync(path.join(REPO_ROOT, 'web', 'build', 'client'))) {
    console.error('Application non construite\u00a0: lancez « npm run build » avant « npm run screenshots ».');
    process.exit(1);
  }
  const delivered = ALL_TOOLS.filter((t) => isToolAvailable(t.path));
  const only = process.argv.slice(2);
  // `npm run screenshots -- <outil> …` takes only those tools: only they need a scene.
  const missing = delivered.filter((t) => !SCENES[t.path] && (!only.length || only.includes(toolScreenshotId(t.path))));
  if (missing.length) {
    console.error(`Aucune scène de capture pour\u00a0: ${missing.map((t) => t.path).join(', ')} (à ajouter dans scripts/screenshots.ts).`);
    process.exit(1);
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'immoloupe-captures-'));
  let server: RunningServer | undefined;
  try {
    console.info('Import des données d’exemple (Bondy, Hendaye, DPE de Lyon 8e, annonces de Toulon)…');
    await importSamples(dataDir, [...MARKET_SAMPLES, ...DPE_SAMPLES, ...LISTING_FEEDS]);
    // An administrator with a subscription opens every tool, the admin page included.
    await createAccounts(dataDir, [{ ...ACCOUNT, role: 'admin', subscription: 'active' }]);
    server = await startServer({ dataDir });
    const b = await openBrowser({ viewport: SCREENSHOT_SIZE });
    try {
      await signIn(b.page, server.url, ACCOUNT, '/pro');
      await denyConsent(b.page);
      for (const tool of delivered) {
        const id = toolScreenshotId(tool.path);
        if (only.length && !only.includes(id)) continue;
        const scene = SCENES[tool.path];
        if (!scene) continue;
        const url = server.url;
        await scene(b.page, url).catch(async (err: unknown) => {
          await b.page.screenshot({ path: path.join(tmpdir(), `immoloupe-capture-${id}-erreur.png`) });
          throw new Error(
            `Capture de ${tool.path} impossible (état de la page\u00a0: ${path.join(tmpdir(), `immoloupe-capture-${id}-erreur.png`)})\u00a0: ${err instanceof Error ? err.message : String(err)}`,
          );
        });
        const size = await capture(b.page, id);
        console.info(`${id}.jpg\u00a0: ${Math.round(size.full / 1024)} Ko, vignette ${Math.round(size.thumb / 1024)} Ko`);
      }
    } finally {
      await b.close();
    }
    if (!only.length || only.includes(PANEL_ID)) await capturePanels(server.url, ACCOUNT);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const heavy = delivered
    .map((t) => path.join(OUT_DIR, `${toolScreenshotId(t.path)}.jpg`))
    .filter((f) => existsSync(f) && statSync(f).size > MAX_BYTES);
  if (heavy.length) console.warn(`Plus de 150 Ko\u00a0: ${heavy.map((f) => path.basename(f)).join(', ')}`);
}

await main();
