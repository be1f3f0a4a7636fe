/**
 * In-app notifications on a site WITHOUT SMTP, through the real app (sessions, CSRF): a daily
 * alert run after a new import puts one notification in its owner's inbox and nobody else's; two
 * users neither read nor mark each other's; unread count, mark one, mark all; bad input refused
 * in French with nothing changed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { notificationListSchema, notificationSchema, unreadCountSchema } from '@immoloupe/shared/notifications/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { runImport } from '../../importers/run.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { BONDY, type FixtureSale, writeSalesFile } from '../alerts/testing/dvf-fixture.js';

const PASSWORD = 'Un-mot-de-passe-solide-2026';
let app: TestApp;
let dir: string;
let admin: TestBrowser;
let alice: TestBrowser;
let bob: TestBrowser;
let carol: TestBrowser;

const sale = (id: string, date: string, type: FixtureSale['type']): FixtureSale => ({
  id,
  date,
  type,
  surface: type === 'maison' ? 110 : 55,
  price: type === 'maison' ? 420_000 : 210_000,
  street: type === 'maison' ? 'RUE DES MAISONS' : 'AVENUE DES APPARTEMENTS',
  lon: BONDY.lon,
  lat: BONDY.lat,
});
const FIRST = [sale('N-A1', '2023-03-01', 'appartement'), sale('N-M1', '2023-04-01', 'maison')];
const SECOND = [...FIRST, sale('N-A2', '2023-09-01', 'appartement'), sale('N-A3', '2023-10-01', 'appartement')];

let files = 0;
async function importSales(sales: readonly FixtureSale[]): Promise<void> {
  const file = writeSalesFile(dir, `geo-dvf-notifications-${++files}.csv`, sales);
  const report = await runImport(app.db, { path: file, startedBy: 'cli:test' });
  expect(report.status, report.error ?? '').toBe('succeeded');
}
async function inbox(b: TestBrowser, query = '') {
  const res = await b.api(`/api/notifications${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return notificationListSchema.parse(await res.json());
}
async function unread(b: TestBrowser): Promise<number> {
  const res = await b.api('/api/notifications/unread');
  expect(res.status).toBe(200);
  return unreadCountSchema.parse(await res.json()).unread;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'notifications-'));
  // No SMTP_URL: this site sends no e-mail.
  app = await startTestApp();
  await createAccount(app.db, 'admin-notif@exemple.fr', PASSWORD, { role: 'admin' });
  await createAccount(app.db, 'alice-notif@exemple.fr', PASSWORD, { subscription: 'active' });
  await createAccount(app.db, 'bob-notif@exemple.fr', PASSWORD, { subscription: 'active' });
  await createAccount(app.db, 'carol-notif@exemple.fr', PASSWORD, { subscription: 'active' });
  admin = new TestBrowser(app.url);
  alice = new TestBrowser(app.url);
  bob = new TestBrowser(app.url);
  carol = new TestBrowser(app.url);
  for (const [b, email] of [
    [admin, 'admin-notif@exemple.fr'],
    [alice, 'alice-notif@exemple.fr'],
    [bob, 'bob-notif@exemple.fr'],
    [carol, 'carol-notif@exemple.fr'],
  ] as const) {
    expect(await b.signIn(email, PASSWORD)).toMatchObject({ ok: true });
  }
  await importSales(FIRST);
});
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('notifications without SMTP', () => {
  let aliceNote: string;

  it('a daily alert after a new import lands in its owner’s inbox only, no e-mail written', async () => {
    const save = (b: TestBrowser, body: unknown) => b.api('/api/saved-searches', { method: 'POST', body });
    expect(
      (await save(alice, { tool: 'transactions', query: 'insee=93010&types=appartement', name: 'Appartements à Bondy', alert: 'daily' }))
        .status,
    ).toBe(201);
    // Bob's search matches nothing new; Carol has no alert at all.
    expect(
      (await save(bob, { tool: 'transactions', query: 'insee=93010&types=maison', name: 'Maisons à Bondy', alert: 'daily' })).status,
    ).toBe(201);
    await importSales(SECOND);
    const run = await admin.api('/api/admin/alerts/run', { method: 'POST', body: { frequency: 'daily' } });
    expect(run.status).toBe(200);
    expect(await run.json()).toMatchObject({ notifications: 1, digests: 0, sent: 0, rows: 2 });

    const mine = await inbox(alice);
    expect(mine).toMatchObject({ total: 1, unread: 1, page: 1 });
    const [n] = mine.items;
    expect(n).toMatchObject({
      kind: 'search',
      name: 'Appartements à Bondy',
      subtitle: 'Transactions DVF',
      url: '/pro/transactions?insee=93010&types=appartement',
      rowCount: 2,
      readAt: null,
    });
    expect(n?.rows.map((r) => r.detail)).toEqual([
      expect.stringContaining('vendu le 01/10/2023'),
      expect.stringContaining('vendu le 01/09/2023'),
    ]);
    expect(n?.rows[0]?.title).toContain('Avenue des Appartements');
    aliceNote = n?.id as string;
    expect(await inbox(bob)).toMatchObject({ total: 0, unread: 0, items: [] });
    expect(await inbox(carol)).toMatchObject({ total: 0, unread: 0, items: [] });
    const [digests] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_digests');
    expect(digests?.n).toBe(0);
    // The rows were delivered: the next run brings nothing again.
    expect(await (await admin.api('/api/admin/alerts/run', { method: 'POST', body: {} })).json()).toMatchObject({ notifications: 0 });
    expect((await inbox(alice)).total).toBe(1);
  });

  it('another user can neither mark nor read it; its owner marks it read once', async () => {
    expect(await unread(alice)).toBe(1);
    const foreign = await bob.api(`/api/notifications/${aliceNote}/read`, { method: 'POST' });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: 'Notification introuvable.', requestId: expect.any(String) });
    expect((await bob.api('/api/notifications/read-all', { method: 'POST' })).status).toBe(200);
    expect(await unread(alice)).toBe(1);
    // Without the CSRF token: refused, nothing changed.
    const forged = await alice.fetch(`/api/notifications/${aliceNote}/read`, { method: 'POST' });
    expect(forged.status).toBe(403);
    expect(await unread(alice)).toBe(1);
    const read = await alice.api(`/api/notifications/${aliceNote}/read`, { method: 'POST' });
    expect(read.status).toBe(200);
    const first = notificationSchema.parse(await read.json()).readAt;
    expect(first).not.toBeNull();
    const again = notificationSchema.parse(await (await alice.api(`/api/notifications/${aliceNote}/read`, { method: 'POST' })).json());
    expect(again.readAt).toBe(first);
    expect(await unread(alice)).toBe(0);
  });

  it('marks all of one’s own as read, and only those', async () => {
    await importSales([...SECOND, sale('N-A4', '2023-11-01', 'appartement'), sale('N-M2', '2023-11-02', 'maison')]);
    expect(await (await admin.api('/api/admin/alerts/run', { method: 'POST', body: {} })).json()).toMatchObject({ notifications: 2 });
    expect(await unread(alice)).toBe(1);
    expect(await unread(bob)).toBe(1);
    const all = await alice.api('/api/notifications/read-all', { method: 'POST' });
    expect(await all.json()).toEqual({ marked: 1 });
    expect(await unread(alice)).toBe(0);
    expect(await unread(bob)).toBe(1);
    const bobs = await inbox(bob);
    expect(bobs.items.map((n) => n.name)).toEqual(['Maisons à Bondy']);
    expect(bobs.items[0]?.rows[0]?.detail).toContain('vendu le 02/11/2023');
    expect((await inbox(alice)).items.map((n) => n.rowCount)).toEqual([1, 2]);
  });

  it('refuses bad input in French and answers 401 without a session', async () => {
    const bad = await alice.api('/api/notifications?page=0');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Numéro de page invalide (1 au moins).');
    expect((await alice.api('/api/notifications/pas-un-id/read', { method: 'POST' })).status).toBe(404);
    const anonymous = new TestBrowser(app.url);
    expect((await anonymous.api('/api/notifications')).status).toBe(401);
    expect((await anonymous.api('/api/notifications/unread')).status).toBe(401);
  });

  it('deleting an account deletes its notifications', async () => {
    const [bobRow] = await app.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'bob-notif@exemple.fr'`);
    await app.db.query('DELETE FROM users WHERE id = $1', [bobRow?.id]);
    const [left] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1', [bobRow?.id]);
    expect(left?.n).toBe(0);
  });
});
