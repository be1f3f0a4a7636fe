/**
 * The 3D pages and the component gallery render in headless Chromium (WebGL on SwiftShader),
 * on the Bondy samples imported with the documented command; screenshots in e2e/artifacts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot } from '../support/browser.js';
import { createAccounts, importSamples, signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';

const USER = { email: 'relief@exemple.fr', password: 'Maison-bleue-2026', subscription: 'active' as const };
let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'immoloupe-e2e-3d-'));
  await importSamples(dataDir, ['cadastre/cadastre-93010-parcelles_2025.json.gz', 'dvf/valeursfoncieres-2022_93010_bondy.txt']);
  await createAccounts(dataDir, [USER]);
  server = await startServer({ dataDir });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('3D maps and gallery', () => {
  it('draws the sections of Bondy in relief, then with the sales as columns', async () => {
    const b = await openBrowser({ viewport: { width: 1400, height: 950 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/test/carte3dsimple');
      await b.page.getByRole('heading', { name: 'Carte 3D des prix', level: 1 }).waitFor();
      await b.page.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
      await b.page
        .getByTestId('map3d-legend')
        .getByText(/et plus$/)
        .first()
        .waitFor();
      expect(await b.page.locator('input[value="Bondy (93010)"]').count()).toBe(1);
      await b.page.waitForTimeout(1500);
      await screenshot(b.page, 'carte3dsimple');

      await b.page.goto(`${server.url}/pro/test/carte3d%20combinee`);
      await b.page.getByRole('heading', { name: 'Carte 3D combinée', level: 1 }).waitFor();
      await b.page.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
      await b.page.getByText(/\d+ vente\(s\), \d+ DPE géolocalisé\(s\)\./).waitFor();
      const sections = b.page.getByRole('checkbox', { name: 'Sections (prix médian au m²)' });
      await sections.uncheck();
      expect(await sections.isChecked()).toBe(false);
      await sections.check();
      await b.page.waitForTimeout(1500);
      await screenshot(b.page, 'carte3dcombinee');
    } finally {
      await b.close();
    }
  });

  it('shows the component gallery with its map, chart and toasts', async () => {
    const b = await openBrowser({ viewport: { width: 1400, height: 950 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/test/menudemo');
      await b.page.getByRole('heading', { name: 'Galerie des composants', level: 1 }).waitFor();
      await b.page.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
      await b.page.locator('[data-chart-ready="true"]').waitFor();
      await b.page.getByRole('button', { name: 'Toast de succès' }).click();
      await b.page.getByText('Enregistré.').waitFor();
      await screenshot(b.page, 'menudemo');
    } finally {
      await b.close();
    }
  });
});
