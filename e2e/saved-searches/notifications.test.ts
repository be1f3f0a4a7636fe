/**
 * The in-app notifications in a real browser (decision 1370), against the built server with no
 * SMTP configured and the job queue on PGlite: a subscriber saves « appartements à Bondy » with a
 * daily alert; an administrator imports newer Bondy sales from /pro/admin and runs the daily
 * alerts now; the owner's bell says « 1 non lue », lists the search with its new rows and opens the
 * tool from its link, marked read; another subscriber's bell stays empty.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSalesFile } from '../../server/src/features/alerts/testing/dvf-fixture.ts';
import { BELL_ADMIN as ADMIN, BELL_AGENT as AGENT, BELL_OTHER as OTHER } from '../support/accounts.js';
import { type OpenBrowser, openBrowser, screenshot } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';
import { importFromAdmin, newerSales, runAlertsNow } from './alerts-support.js';

const SEARCH = '/pro/transactions?insee=93010&types=appartement';

let server: RunningServer;
let fixtures: string;
let admin: OpenBrowser;
let agent: OpenBrowser;
let other: OpenBrowser;

beforeAll(async () => {
  fixtures = mkdtempSync(path.join(tmpdir(), 'immoloupe-e2e-cloche-dvf-'));
  // No SMTP_URL: the alerts are delivered in the app only.
  server = await startServer({ prepared: 'bondy-sales' });
  admin = await openBrowser({ viewport: { width: 1400, height: 1000 } });
  agent = await openBrowser({ viewport: { width: 1400, height: 1000 } });
  other = await openBrowser({ viewport: { width: 1400, height: 1000 } });
  await signIn(admin.page, server.url, ADMIN, '/pro/admin');
});
afterAll(async () => {
  await admin?.close();
  await agent?.close();
  await other?.close();
  await server?.stop();
  if (fixtures) rmSync(fixtures, { recursive: true, force: true });
});

describe('notifications of a daily alert without SMTP', () => {
  const flats = newerSales({ appartement: 3, maison: 2 }, 'N');

  it('saves the search with a daily alert, the bell empty', async () => {
    const { page } = agent;
    await signIn(page, server.url, AGENT, SEARCH);
    await page.getByRole('button', { name: 'Notifications, aucune non lue' }).waitFor();
    await page.getByRole('button', { name: 'Enregistrer cette recherche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enregistrer cette recherche' });
    await dialog.getByLabel('Nom').fill('Appartements à Bondy');
    await dialog.getByLabel('Alerte par e-mail').click();
    await page.getByRole('option', { name: 'Chaque jour' }).click();
    await dialog.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await dialog.getByText('Recherche enregistrée, alerte chaque jour.').waitFor();
  });

  it('after a newer import and the daily run, the owner’s bell lists the search and opens its rows', async () => {
    await importFromAdmin(server.url, admin.page, writeSalesFile(fixtures, 'geo-dvf-bondy-2023.csv', flats));
    expect(await runAlertsNow(server.url, admin.page)).toMatchObject({ digests: 0, notifications: 1, rows: 3, failed: 0 });

    const { page } = agent;
    await page.goto(`${server.url}/pro/mesrecherches`);
    const bell = page.getByRole('button', { name: 'Notifications, 1\u00a0non lue' });
    await bell.waitFor({ timeout: 30_000 });
    await bell.click();
    const inbox = page.getByRole('dialog', { name: 'Notifications' });
    const item = inbox.getByRole('listitem').filter({ hasText: 'Recherche «\u00a0Appartements à Bondy\u00a0»' });
    await item.waitFor();
    expect(await item.textContent()).toContain('3\u00a0nouvelles lignes');
    await screenshot(page, 'notifications-bell-open');
    await item.getByRole('link').first().click();
    await page.waitForURL((u) => u.pathname === '/pro/transactions' && u.searchParams.get('insee') === '93010');
    await page.getByRole('button', { name: 'Notifications, aucune non lue' }).waitFor({ timeout: 15_000 });
  });

  it('shows nothing to another subscriber', async () => {
    const { page } = other;
    await signIn(page, server.url, OTHER, '/pro/mesrecherches');
    const bell = page.getByRole('button', { name: 'Notifications, aucune non lue' });
    await bell.waitFor({ timeout: 15_000 });
    await bell.click();
    await page
      .getByRole('dialog', { name: 'Notifications' })
      .getByText(/^Aucune notification\./)
      .waitFor();
    // Nor does the API give them the owner's.
    const res = await page.request.get(`${server.url}/api/notifications`);
    expect(res.status()).toBe(200);
    expect(JSON.stringify(await res.json())).not.toContain('Appartements à Bondy');
  });
});
