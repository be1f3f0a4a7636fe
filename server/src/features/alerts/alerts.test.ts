/**
 * E-mail alerts end to end on the real app, real sessions and a real SMTP server (smtp-server +
 * mailparser): only rows new since the watermark (by import, not by sale date), one digest per
 * user and frequency, both parts, headers (List-Unsubscribe, RFC 8058), links that open the tool
 * with the saved filters, never the same row twice (re-import, crash between send and record),
 * two users apart, one-click unsubscribe without session, no SMTP → not sent and said in French;
 * the same run writes the in-app notifications (their inbox: notifications/notifications.test.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALERTS_NOT_CONFIGURED, alertAdminSchema } from '@immoloupe/shared/alerts/contracts';
import { formatEuros } from '@immoloupe/shared/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { runImport } from '../../importers/run.js';
import { BIENICI_HEADER, bieniciRow } from '../../importers/testing/listing-feed-fixture.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { importSamples } from '../market/test-support.js';
import { type AlertDeps, runAlerts } from './engine.js';
import { alertDeps } from './feature.js';
import { BONDY, type FixtureSale, writeSalesFile } from './testing/dvf-fixture.js';
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from './testing/smtp-capture.js';

const PASSWORD = 'Un-mot-de-passe-solide-2026';
let smtp: SmtpCapture;
let app: TestApp;
let dir: string;
let admin: TestBrowser;
let alice: TestBrowser;
let bob: TestBrowser;
let aliceId: string;
let bobId: string;

const sale = (id: string, date: string, type: FixtureSale['type'], dLon = 0): FixtureSale => ({
  id,
  date,
  type,
  surface: type === 'maison' ? 110 : 55,
  price: type === 'maison' ? 420_000 : 210_000,
  street: type === 'maison' ? 'RUE DES MAISONS' : 'AVENUE DES APPARTEMENTS',
  lon: BONDY.lon + dLon,
  lat: BONDY.lat,
});

// A first release (2023), then a newer one that repeats it and adds 2023 sales AND older-dated
// 2021 sales: those are new too, the 2023 ones already loaded are not.
const FIRST = [sale('T-A1', '2023-03-01', 'appartement'), sale('T-M1', '2023-04-01', 'maison', 0.05)];
const SECOND = [
  ...FIRST,
  sale('T-A2', '2023-09-01', 'appartement'),
  sale('T-A3', '2021-02-01', 'appartement'),
  sale('T-M2', '2023-10-01', 'maison', 0.05),
];
let files = 0;
async function importSales(sales: readonly FixtureSale[]): Promise<void> {
  const file = writeSalesFile(dir, `geo-dvf-alertes-${++files}.csv`, sales);
  const report = await runImport(app.db, { path: file, startedBy: 'cli:test' });
  expect(report.status, report.error ?? '').toBe('succeeded');
}

async function runNow(browser = admin): Promise<Response> {
  return browser.api('/api/admin/alerts/run', { method: 'POST', body: {} });
}

/** A header as sent (unfolded), from the raw message. */
const headerOf = (m: CapturedMail, name: string) =>
  new RegExp(`^${name}:\\s*(.+)$`, 'mi').exec(m.raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '')?.[1]?.trim();

const linksOf = (m: CapturedMail) =>
  [...String(m.parsed.html).matchAll(/href="([^"]+)"/g)].map((x) => (x[1] as string).replace(/&amp;/g, '&'));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'alertes-'));
  smtp = await startSmtpCapture();
  app = await startTestApp({ web: true, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Immoloupe <alertes@immoloupe.test>' } });
  await createAccount(app.db, 'admin-alertes@exemple.fr', PASSWORD, { role: 'admin' });
  aliceId = await createAccount(app.db, 'alice@exemple.fr', PASSWORD, { subscription: 'active' });
  bobId = await createAccount(app.db, 'bob@exemple.fr', PASSWORD, { subscription: 'active' });
  admin = new TestBrowser(app.url);
  alice = new TestBrowser(app.url);
  bob = new TestBrowser(app.url);
  expect(await admin.signIn('admin-alertes@exemple.fr', PASSWORD)).toMatchObject({ ok: true });
  expect(await alice.signIn('alice@exemple.fr', PASSWORD)).toMatchObject({ ok: true });
  expect(await bob.signIn('bob@exemple.fr', PASSWORD)).toMatchObject({ ok: true });
  await importSales(FIRST);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('alert digests', () => {
  let aliceSearch: string;
  let aliceMail: CapturedMail;

  it('sends nothing for the rows already there when the alert is turned on', async () => {
    const res = await alice.api('/api/saved-searches', {
      method: 'POST',
      body: { tool: 'transactions', query: 'insee=93010&types=appartement', name: 'Appartements à Bondy', alert: 'daily' },
    });
    expect(res.status).toBe(201);
    aliceSearch = ((await res.json()) as { id: string }).id;
    const bobRes = await bob.api('/api/saved-searches', {
      method: 'POST',
      body: { tool: 'transactions', query: 'insee=93010&types=maison', name: 'Maisons à Bondy', alert: 'daily' },
    });
    expect(bobRes.status).toBe(201);
    // Bob watches an address next to his houses (the address page sets `watch`).
    await app.db.query(
      `INSERT INTO saved_addresses (user_id, label, address, lon, lat, watch, watch_radius_m) VALUES ($1, '3 rue des Maisons, Bondy', '3 Rue des Maisons 93140 Bondy', $2, $3, 'daily', 300)`,
      [bobId, BONDY.lon + 0.05, BONDY.lat],
    );
    const report = await (await runNow()).json();
    // Their watermark is the newest import: nothing to look at yet.
    expect(report).toMatchObject({ alerts: 0, digests: 0, sent: 0 });
    const [n] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_states');
    expect(n?.n).toBe(3);
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends one digest per user with only the rows new since the watermark, older-dated sales included', async () => {
    await importSales(SECOND);
    const report = await (await runNow()).json();
    expect(report).toMatchObject({ digests: 2, sent: 2, failed: 0 });
    const mails = await smtp.waitFor(2);
    const toAlice = mails.filter((m) => m.recipients.includes('alice@exemple.fr'));
    const toBob = mails.filter((m) => m.recipients.includes('bob@exemple.fr'));
    expect(toAlice).toHaveLength(1);
    expect(toBob).toHaveLength(1);
    aliceMail = toAlice[0] as CapturedMail;
    const { parsed } = aliceMail;
    expect(parsed.subject).toBe('Immoloupe\u00a0: 2\u00a0nouveautés dans vos alertes du jour');
    expect(parsed.from?.text).toContain('alertes@immoloupe.test');
    // Text part: French, the two new flats (one sold in 2021), not the flat already loaded nor Bob's houses.
    expect(parsed.text).toContain('Recherche « Appartements à Bondy » — Transactions DVF');
    expect(parsed.text).toContain('210\u202f000\u00a0€');
    expect(parsed.text).toContain('vendu le 01/09/2023');
    expect(parsed.text).toContain('vendu le 01/02/2021');
    expect(parsed.text).not.toContain('01/03/2023');
    expect(parsed.text).not.toMatch(/MAISONS|Maison/);
    // HTML part (MJML): the same rows, the product's colour, lang fr.
    expect(parsed.html).toContain('lang="fr"');
    expect(parsed.html).toContain('#4263eb');
    expect(parsed.html).toContain('Avenue des Appartements');
    expect(parsed.html).not.toContain('Rue des Maisons');
    // RFC 8058 headers and a stable Message-ID.
    expect(headerOf(aliceMail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(aliceMail, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/brevo\/alertes\/desinscription\?k=d%3A[^>]+>$/);
    expect(parsed.messageId).toMatch(/^<alert-[0-9a-f-]{36}@localhost>$/);
    // Bob's digest: his houses and his watched address, in the same e-mail.
    const bobText = String(toBob[0]?.parsed.text);
    expect(bobText).toContain('Recherche « Maisons à Bondy »');
    expect(bobText).toContain('Adresse surveillée « 3 rue des Maisons, Bondy »');
    // The link opens the address analysis on the address itself (`adresse`), whatever its name.
    expect(linksOf(toBob[0] as never)).toContainEqual(
      expect.stringMatching(/\/pro\/analyseadresse\?lat=[\d.]+&lon=[\d.]+&adresse=3\+Rue\+des\+Maisons\+93140\+Bondy$/),
    );
    expect(bobText).toContain('vendu le 01/10/2023');
    expect(bobText).not.toContain('APPARTEMENTS');
    // The same run wrote the in-app notifications too, one per section, each tied to its e-mail.
    const notes = await app.db.query<{ user_id: string; name: string; row_count: number; mailed: boolean }>(
      `SELECT user_id, name, row_count, digest_id IS NOT NULL AS mailed FROM notifications ORDER BY name`,
    );
    expect(notes).toEqual([
      { user_id: bobId, name: '3 rue des Maisons, Bondy', row_count: expect.any(Number), mailed: true },
      { user_id: aliceId, name: 'Appartements à Bondy', row_count: 2, mailed: true },
      { user_id: bobId, name: 'Maisons à Bondy', row_count: 1, mailed: true },
    ]);
  });

  it('links into the tool with the saved filters, opened by the owner', async () => {
    const links = linksOf(aliceMail);
    const tool = links.find((l) => l.includes('/pro/transactions'));
    expect(tool).toBe('http://localhost:3000/pro/transactions?insee=93010&types=appartement');
    expect(aliceMail.parsed.text).toContain(tool);
    const page = await alice.fetch(new URL(tool as string).pathname + new URL(tool as string).search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Transactions');
  });

  it('never sends the same rows twice: a second run, then a re-import of the same release', async () => {
    expect(await (await runNow()).json()).toMatchObject({ digests: 0, sent: 0 });
    await importSales(SECOND);
    expect(await (await runNow()).json()).toMatchObject({ digests: 0, sent: 0 });
    expect(smtp.messages).toHaveLength(2);
  });

  it('after a crash between sending and recording, the digest is not sent again', async () => {
    await importSales([...SECOND, sale('T-A4', '2023-11-02', 'appartement')]);
    const deps: AlertDeps = {
      ...alertDeps({ config: app.config, db: app.db, log: app.log }),
      afterSend: async () => {
        throw new Error('process killed after SMTP accepted the digest');
      },
    };
    await expect(runAlerts(deps, ['daily'])).rejects.toThrow('process killed');
    await smtp.waitFor(3);
    const [d] = await app.db.query<{ status: string; row_count: number }>(
      `SELECT status, row_count FROM alert_digests WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [aliceId],
    );
    expect(d).toMatchObject({ status: 'sending', row_count: 1 });
    // The next run (another process, after the claim expired) finds it claimed and unrecorded.
    const next = await runAlerts({ ...alertDeps({ config: app.config, db: app.db, log: app.log }), uncertainAfterSeconds: 0 }, ['daily']);
    expect(next).toMatchObject({ digests: 0, sent: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages).toHaveLength(3);
    const states = await app.db.query<{ status: string }>(`SELECT status FROM alert_digests WHERE user_id = $1 ORDER BY created_at`, [
      aliceId,
    ]);
    expect(states.map((s) => s.status)).toEqual(['sent', 'uncertain']);
    const admin_ = alertAdminSchema.parse(await (await admin.api('/api/admin/alerts')).json());
    expect(admin_.digests.find((x) => x.status === 'uncertain')?.error).toContain('non renvoyé');
  });

  it('a digest written but not yet sent (crash after the outbox commit) is sent once by the next run', async () => {
    await importSales([...SECOND, sale('T-A4', '2023-11-02', 'appartement'), sale('T-A5', '2023-12-01', 'appartement')]);
    const collectOnly = { ...alertDeps({ config: app.config, db: app.db, log: app.log }) };
    // SMTP refused: the digest stays in the outbox, with its error, and goes at the next run.
    const down = await runAlerts({ ...collectOnly, send: async () => Promise.reject(new Error('connexion refusée')) }, ['daily']);
    expect(down).toMatchObject({ digests: 1, sent: 0, failed: 1 });
    expect(smtp.messages).toHaveLength(3);
    expect(await (await runNow()).json()).toMatchObject({ digests: 0, sent: 1 });
    const mails = await smtp.waitFor(4);
    expect(mails[3]?.parsed.text).toContain('vendu le 01/12/2023');
    expect(mails[3]?.parsed.text).not.toContain('02/11/2023');
    expect(await (await runNow()).json()).toMatchObject({ sent: 0 });
  });

  it('keeps each user’s alerts apart: the administration only, and nobody reads another’s digest rows', async () => {
    expect((await alice.api('/api/admin/alerts')).status).toBe(403);
    expect((await alice.api('/api/admin/alerts/run', { method: 'POST', body: {} })).status).toBe(403);
    for (const m of smtp.messages) expect(m.recipients).toHaveLength(1);
    const texts = smtp.messages.filter((m) => m.recipients[0] === 'alice@exemple.fr').map((m) => String(m.parsed.text));
    for (const t of texts) expect(t).not.toContain('Maisons à Bondy');
  });

  it('unsubscribes in one click without session, only with a valid signed link', async () => {
    const link = linksOf(aliceMail).find((l) => l.includes('desinscription?k=s%3A')) as string;
    expect(link).toContain(encodeURIComponent(`s:${aliceSearch}`));
    const url = new URL(link);
    const anonymous = new TestBrowser(app.url);
    const page = await anonymous.fetch(url.pathname + url.search);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Se désabonner');
    // A GET changes nothing.
    const [still] = await app.db.query<{ alert: string }>('SELECT alert FROM saved_searches WHERE id = $1', [aliceSearch]);
    expect(still?.alert).toBe('daily');
    const forged = new URLSearchParams({ k: `s:${aliceSearch}`, t: 'x'.repeat(43) });
    expect((await fetch(`${app.url}/brevo/alertes/desinscription`, { method: 'POST', body: forged })).status).toBe(400);
    // The mail client's RFC 8058 POST: no cookie, no CSRF token, the signed key in the URL.
    const post = await fetch(`${app.url}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toContain('Vous êtes désabonné');
    const [off] = await app.db.query<{ alert: string }>('SELECT alert FROM saved_searches WHERE id = $1', [aliceSearch]);
    expect(off?.alert).toBe('off');
    await importSales([
      ...SECOND,
      sale('T-A4', '2023-11-02', 'appartement'),
      sale('T-A5', '2023-12-01', 'appartement'),
      sale('T-A6', '2023-12-15', 'appartement'),
    ]);
    expect(await (await runNow()).json()).toMatchObject({ sent: 0 });
    expect(smtp.messages.filter((m) => m.recipients[0] === 'alice@exemple.fr')).toHaveLength(3);
  });

  it('the List-Unsubscribe link of a digest turns off every alert it reported on', async () => {
    const bobMail = smtp.messages.find((m) => m.recipients[0] === 'bob@exemple.fr') as CapturedMail;
    const header = (headerOf(bobMail, 'List-Unsubscribe') as string).slice(1, -1);
    const res = await fetch(header.replace('http://localhost:3000', app.url), {
      method: 'POST',
      body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(res.status).toBe(200);
    const rows = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_states WHERE user_id = $1', [bobId]);
    expect(rows[0]?.n).toBe(0);
    const [addr] = await app.db.query<{ watch: string }>('SELECT watch FROM saved_addresses WHERE user_id = $1', [bobId]);
    expect(addr?.watch).toBe('off');
  });

  it('deleting an account deletes its alerts and digests; the export lists the digests sent', async () => {
    const exported = (await (await alice.api('/api/account/export')).json()) as { alertDigests?: { subject: string; status: string }[] };
    expect(exported.alertDigests?.map((d) => d.status).sort()).toEqual(['sent', 'sent', 'uncertain']);
    await app.db.query('DELETE FROM users WHERE id = $1', [aliceId]);
    const [left] = await app.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM alert_digests WHERE user_id = $1) + (SELECT count(*) FROM alert_states WHERE user_id = $1) AS n`,
      [aliceId],
    );
    expect(Number(left?.n)).toBe(0);
  });
});

describe('DPE searches, and a saved query the tool no longer accepts', () => {
  it('sends the new DPE of a DPE search; a query now refused has nothing new and stops nothing', async () => {
    const carolId = await createAccount(app.db, 'carol@exemple.fr', PASSWORD, { subscription: 'active' });
    // Written before a schema change: the DPE tool now refuses this commune code; and « ma zone »
    // without a zone. Then a valid search of the same user.
    await app.db.query(
      `INSERT INTO saved_searches (user_id, tool, name, query, alert)
       VALUES ($1, 'dpe', 'Ancienne', 'insee=1053', 'daily'), ($1, 'dpe', 'Sans zone', 'classes=G', 'daily'),
              ($1, 'transactions', 'Tout Bondy', 'insee=93010', 'daily'), ($1, 'dpe', 'E à Savigny', 'insee=91421&classes=E', 'daily'),
              ($1, 'copros', 'Copros de Bondy', 'insee=93010&lotsMin=10', 'daily')`,
      [carolId],
    );
    await importSales([...SECOND, sale('T-C1', '2024-01-10', 'maison', 0.02)]);
    await importSamples(app.db, ['dpe/dpe03existant_extrait-1000_france.csv', 'copro/rnic_extrait-R_93010_bondy_37-lignes.csv']);
    const report = await (await runNow()).json();
    expect(report).toMatchObject({ alerts: 5, digests: 1, sent: 1, failed: 0 });
    const [mail] = smtp.messages.filter((m) => m.recipients[0] === 'carol@exemple.fr');
    expect(mail?.parsed.text).toContain('Recherche « Tout Bondy »');
    expect(mail?.parsed.text).toContain('vendu le 10/01/2024');
    expect(mail?.parsed.text).not.toContain('Ancienne');
    const dpe = String(mail?.parsed.text).split('Recherche « E à Savigny » — Recherche DPE')[1] ?? '';
    expect(dpe).toMatch(/^\n\d+\u00a0nouvelles lignes\n- .+\u00a0: .*DPE E · GES [A-G] · établi le \d\d\/\d\d\/\d{4}/);
    expect(dpe.split('Voir dans')[0]).not.toMatch(/DPE [A-DFG] /);
    expect(mail?.parsed.text).toContain('/pro/recherchedpe?insee=91421&classes=E');
    // The co-ownerships of at least 10 lots newly registered (the Bondy RNIC sample, imported now).
    const [big] = await app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM copros WHERE code_insee = '93010' AND nombre_total_lots >= 10`,
    );
    const copros = String(mail?.parsed.text).split('Recherche « Copros de Bondy » — Recherche de copropriétés')[1] ?? '';
    expect(big?.n).toBeGreaterThan(1);
    expect(copros).toMatch(new RegExp(`^\\n${big?.n}\\u00a0nouvelles lignes\\n- .+\\u00a0: \\d+\\u00a0lots · `));
  });
});

describe('listing searches', () => {
  it('sends the listings new in the pool that match, once; not those already there nor the others', async () => {
    const danId = await createAccount(app.db, 'dan@exemple.fr', PASSWORD, { subscription: 'active' });
    const feed = async (name: string, rows: string[]) => {
      const file = path.join(dir, name);
      writeFileSync(file, `${BIENICI_HEADER}\n${rows.join('\n')}\n`);
      const report = await runImport(app.db, { path: file, startedBy: 'cli:test' });
      expect(report.status, report.error ?? '').toBe('succeeded');
    };
    await feed('bienici-alertes-1.csv', [bieniciRow('alerte-1', 250_000, 60, 43.1245, 5.9301)]);
    await app.db.query(
      `INSERT INTO saved_searches (user_id, tool, name, query, alert) VALUES ($1, 'annonces', 'Toulon moins de 400 000 €', 'postcode=83000&priceMax=400000', 'daily')`,
      [danId],
    );
    // A newer feed: the listing already known (price unchanged), a new one that matches, a new one too dear.
    await feed('bienici-alertes-2.csv', [
      bieniciRow('alerte-1', 250_000, 60, 43.1245, 5.9301),
      bieniciRow('alerte-2', 312_000, 78, 43.1262, 5.9288),
      bieniciRow('alerte-3', 820_000, 140, 43.1201, 5.9342),
    ]);
    expect(await (await runNow()).json()).toMatchObject({ digests: 1, sent: 1, failed: 0 });
    const mails = smtp.messages.filter((m) => m.recipients[0] === 'dan@exemple.fr');
    expect(mails).toHaveLength(1);
    const text = String(mails[0]?.parsed.text);
    const part = text.split('Recherche « Toulon moins de 400 000 € » — Annonces')[1] ?? '';
    expect(part.split('\n').slice(0, 3)).toEqual([
      '',
      '1\u00a0nouvelle ligne',
      `- Toulon (83000)\u00a0: Appartement · 78\u00a0m² · 3\u00a0pièces · ${formatEuros(312_000)} · ${formatEuros(4_000)}/m² · DPE D · sur Bien’ici`,
    ]);
    // The listing's own page on its portal, in both parts.
    expect(part.split('\n')[3]).toBe('  https://www.bienici.com/annonce/vente/toulon/flat/alerte-2');
    expect(linksOf(mails[0] as CapturedMail)).toContain('https://www.bienici.com/annonce/vente/toulon/flat/alerte-2');
    expect(text).not.toContain(formatEuros(820_000));
    expect(text).not.toContain(formatEuros(250_000));
    expect(text).toContain('/pro/carte_annonces?postcode=83000&priceMax=400000');
    // Nothing more on the next run: the same listing is never sent twice.
    expect(await (await runNow()).json()).toMatchObject({ digests: 0, sent: 0 });
  });
});

describe('without SMTP', () => {
  it('writes no e-mail, runs into the notifications, and says so in French', async () => {
    const bare = await startTestApp();
    try {
      await createAccount(bare.db, 'admin-sans-smtp@exemple.fr', PASSWORD, { role: 'admin' });
      const b = new TestBrowser(bare.url);
      expect(await b.signIn('admin-sans-smtp@exemple.fr', PASSWORD)).toMatchObject({ ok: true });
      const status = await (await b.api('/api/alerts/status')).json();
      expect(status).toEqual({ mailConfigured: false, message: ALERTS_NOT_CONFIGURED });
      const run = await b.api('/api/admin/alerts/run', { method: 'POST', body: {} });
      expect(run.status).toBe(200);
      expect(await run.json()).toMatchObject({ digests: 0, sent: 0, notifications: 0 });
    } finally {
      await bare.close();
    }
  });
});
