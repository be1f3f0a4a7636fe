/**
 * Land search in a real browser on Bondy's 2025 cadastre, its PLUi zoning (GPU / CNIG GeoPackage)
 * and its buildings, imported with the documented command: « zone U, couverture ≤ 20 %, surface ≥
 * 500 m² » finds parcels, the map draws the zoning under them with the zone types in its legend, and
 * parcel AC 13's sheet gives its zone UC48C16 of document 200057875_PLUI_20250624.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEYOR as USER } from '../support/accounts.js';
import { openBrowser, screenshot } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ prepared: 'bondy-land' });
});
afterAll(async () => {
  await server?.stop();
});

describe('land search', () => {
  it('finds under-built parcels of zone U in Bondy and draws the PLU zoning with its legend', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/rechercheparcelle');
      await b.page.locator('[data-map-ready="true"]').waitFor();
      await b.page.getByPlaceholder('Nom, code postal ou INSEE').fill('Bondy');
      await b.page.getByRole('option', { name: 'Bondy (93140)' }).click();
      await b.page.getByLabel('Surface minimale (m²)').fill('500');
      const land = b.page.getByRole('group', { name: 'Filtres fonciers' });
      await land.getByLabel('Type de zone (PLU)').selectOption('U');
      await land.getByLabel('Couverture bâtie maximale (%)').fill('20');
      await b.page.getByRole('button', { name: 'Rechercher' }).click();
      const count = b.page.getByText(/^[\d\s\u202f]+ parcelles à Bondy \(93140\)/);
      await count.waitFor();
      const found = Number((await count.innerText()).split(' parcelles')[0]?.replace(/\D/g, ''));
      expect(found).toBeGreaterThan(0);

      const legend = b.page.getByRole('list', { name: 'Légende de la carte des parcelles trouvées' });
      await legend.getByText(/^Zonage du PLU\s: U — zone urbaine$/).waitFor();
      // Every row found is in zone U: the zone column reads « <libellé> (U) », never AU, A or N.
      const table = b.page.getByRole('region', { name: 'Parcelles trouvées' });
      const rows = (await table.getByRole('row').allTextContents()).slice(1);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).toMatch(/\(U\)/);
        expect(row).not.toMatch(/bâti non importé/);
      }
      await screenshot(b.page, 'land-search-bondy-zone-u');
    } finally {
      await b.close();
    }
  });

  it('gives parcel AC 13 its zone UC48C16 of the 2025 PLUi on its sheet', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/rechercheparcelle');
      await b.page.getByPlaceholder('Nom, code postal ou INSEE').fill('Bondy');
      await b.page.getByRole('option', { name: 'Bondy (93140)' }).click();
      await b.page.getByLabel('Section').fill('AC');
      await b.page.getByLabel('Numéro').fill('13');
      await b.page.getByRole('button', { name: 'Rechercher' }).click();
      await b.page.getByText(/^1 parcelle à Bondy \(93140\)/).waitFor();
      const table = b.page.getByRole('region', { name: 'Parcelles trouvées' });
      await table.getByRole('row').nth(1).getByRole('button').first().click();
      await b.page.getByText('UC48C16').first().waitFor();
      await b.page
        .getByText(/200057875_PLUI_20250624/)
        .first()
        .waitFor();
      await screenshot(b.page, 'land-sheet-bondy-ac13');
    } finally {
      await b.close();
    }
  });
});
