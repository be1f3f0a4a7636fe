/**
 * The e-mail alert journey of issue 13 in a real browser, against the built server, a real SMTP
 * server (npm smtp-server) and the job queue on PGlite: the 2022 Bondy DVF sample is loaded; a
 * subscriber saves the transactions search « appartements à Bondy » with a daily alert from the
 * tool; an administrator imports a newer DVF file from /pro/admin (2023 sales made from the
 * sample's own flats and houses, written to a temporary folder) and runs the alerts now; the
 * digest received has the new flats only, both parts and the RFC 8058 headers; its link opens
 * the tool with the saved filters; « se désabonner » turns the alert off, and the next import
 * and run send nothing more.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSalesFile } from '../../server/src/features/alerts/testing/dvf-fixture.ts';
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from '../../server/src/features/alerts/testing/smtp-capture.ts';
import { displayAddress } from '../../shared/src/address-display.ts';
import { ALERTS_ADMIN as ADMIN, ALERTS_AGENT as AGENT } from '../support/accounts.js';
import { type OpenBrowser, openBrowser, screenshot } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';
import { importFromAdmin, newerSales, runAlertsNow } from './alerts-support.js';

const SEARCH = '/pro/transactions?insee=93010&types=appartement';

let server: RunningServer;
let smtp: SmtpCapture;
let fixtures: string;
let admin: OpenBrowser;
let agent: OpenBrowser;

const headerOf = (m: CapturedMail, name: string) =>
  new RegExp(`^${name}:\\s*(.+)$`, 'mi').exec(m.raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '')?.[1]?.trim();
const linksOf = (m: CapturedMail) =>
  [...String(m.parsed.html).matchAll(/href="([^"]+)"/g)].map((x) => (x[1] as string).replace(/&amp;/g, '&'));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  fixtures = mkdtempSync(path.join(tmpdir(), 'immoloupe-e2e-alertes-dvf-'));
  // The 2022 sample alone (SAMPLE): the newer sales come from the admin page.
  server = await startServer({ prepared: 'bondy-sales', env: { SMTP_URL: smtp.url, MAIL_FROM: 'Immoloupe <alertes@immoloupe.test>' } });
  admin = await openBrowser({ viewport: { width: 1400, height: 1000 } });
  agent = await openBrowser({ viewport: { width: 1400, height: 1000 } });
  await signIn(admin.page, server.url, ADMIN, '/pro/admin');
});
afterAll(async () => {
  await admin?.close();
  await agent?.close();
  await server?.stop();
  await smtp?.close();
  if (fixtures) rmSync(fixtures, { recursive: true, force: true });
});

describe('e-mail alert of a saved transactions search', () => {
  const newer = newerSales({ appartement: 3, maison: 2 }, 'A');
  const flats = newer.filter((s) => s.type === 'appartement');
  let digest: CapturedMail;

  it('saves the search with a daily alert from the transactions page', async () => {
    const { page } = agent;
    await signIn(page, server.url, AGENT, SEARCH);
    await page.getByRole('button', { name: 'Enregistrer cette recherche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enregistrer cette recherche' });
    await dialog.getByLabel('Nom').fill('Appartements à Bondy');
    await dialog.getByLabel('Alerte par e-mail').click();
    await page.getByRole('option', { name: 'Chaque jour' }).click();
    // SMTP is configured: no « not sent » note.
    expect(await dialog.getByTestId('alerts-not-sent').count()).toBe(0);
    await screenshot(page, 'alerts-save-dialog');
    await dialog.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await dialog.getByText('Recherche enregistrée, alerte chaque jour.').waitFor();
    await dialog.getByRole('link', { name: 'Voir mes recherches' }).click();
    await page.waitForURL(`${server.url}/pro/mesrecherches`);
    const row = page.getByRole('row').filter({ hasText: 'Appartements à Bondy' });
    expect(await row.getByLabel('Alerte de «\u00a0Appartements à Bondy\u00a0»').inputValue()).toBe('Chaque jour');
  });

  it('sends nothing before a newer import, then one digest with the new matching sales', async () => {
    expect(await runAlertsNow(server.url, admin.page)).toMatchObject({ digests: 0, sent: 0 });
    await importFromAdmin(server.url, admin.page, writeSalesFile(fixtures, 'geo-dvf-bondy-2023.csv', newer));
    expect(await runAlertsNow(server.url, admin.page)).toMatchObject({ digests: 1, sent: 1, rows: 3, failed: 0 });
    [digest] = (await smtp.waitFor(1)) as [CapturedMail];
    expect(digest.recipients).toEqual([AGENT.email]);
    expect(digest.parsed.to && 'text' in digest.parsed.to ? digest.parsed.to.text : '').toBe(AGENT.email);
    expect(digest.parsed.subject).toBe('Immoloupe\u00a0: 3\u00a0nouveautés dans vos alertes du jour');
    const text = String(digest.parsed.text);
    const html = String(digest.parsed.html);
    expect(text).toContain('Recherche «\u00a0Appartements à Bondy\u00a0» — Transactions DVF');
    // The streets as the pages write them (« AV CARNOT » → « Avenue Carnot »).
    for (const s of flats) {
      expect(text).toContain(displayAddress(s.street));
      expect(html).toContain(displayAddress(s.street));
    }
    // The houses of the same release are not in this search; the 2022 flats were there before the alert.
    expect(text).not.toMatch(/\bMaison\b/);
    expect(text).not.toContain('/2022');
    expect(html).toContain('lang="fr"');
    expect(headerOf(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(digest, 'List-Unsubscribe')).toMatch(
      new RegExp(`^<${server.url.replace(/[.]/g, '\\.')}/brevo/alertes/desinscription\\?k=d%3A[^>]+>$`),
    );
  });

  it('opens the tool from the e-mail with the saved filters applied', async () => {
    const tool = linksOf(digest).find((l) => l.includes('/pro/transactions')) as string;
    expect(tool).toBe(`${server.url}${SEARCH}`);
    expect(String(digest.parsed.text)).toContain(tool);
    const { page } = agent;
    await page.goto(tool);
    await page.getByRole('checkbox', { name: 'Appartement' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Appartement' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Maison' }).isChecked()).toBe(false);
    expect(await page.getByRole('radio', { name: 'Commune' }).isChecked()).toBe(true);
    // The commune's field fills once the page has read its name.
    await expect.poll(() => page.getByRole('combobox', { name: 'Commune' }).inputValue(), { timeout: 15_000 }).toBe('Bondy (93140)');
    await page
      .getByText(displayAddress(flats[flats.length - 1]?.street as string))
      .first()
      .waitFor();
    await screenshot(page, 'alerts-tool-from-mail');
  });

  it('unsubscribes in one click without signing in, and no further digest is sent', async () => {
    const link = linksOf(digest).find((l) => l.includes('desinscription?k=s%3A')) as string;
    expect(link).toBeTruthy();
    const anonymous = await openBrowser();
    try {
      await anonymous.page.goto(link);
      await anonymous.page.getByRole('button', { name: 'Se désabonner' }).click();
      await anonymous.page.getByText('Cette alerte ne vous sera plus envoyée.').waitFor();
      await screenshot(anonymous.page, 'alerts-unsubscribed');
    } finally {
      await anonymous.close();
    }
    const { page } = agent;
    await page.goto(`${server.url}/pro/mesrecherches`);
    const row = page.getByRole('row').filter({ hasText: 'Appartements à Bondy' });
    expect(await row.getByLabel('Alerte de «\u00a0Appartements à Bondy\u00a0»').inputValue()).toBe('Pas d’alerte');
    await screenshot(page, 'alerts-mesrecherches-off');

    const later = [...newer, ...newerSales({ appartement: 6, maison: 0 }, 'B').slice(3)];
    await importFromAdmin(server.url, admin.page, writeSalesFile(fixtures, 'geo-dvf-bondy-2023-bis.csv', later));
    expect(await runAlertsNow(server.url, admin.page)).toMatchObject({ digests: 0, sent: 0 });
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages).toHaveLength(1);
  });
});
