/**
 * The account export (real app, real sessions) includes the user's saved searches and addresses,
 * never another user's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../../test/app.js';

const PASSWORD = 'Un-mot-de-passe-solide-2026';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('account export', () => {
  it('includes my saved searches and addresses, not another user’s', async () => {
    const a = await createAccount(app.db, 'export-a@exemple.fr', PASSWORD, { subscription: 'active' });
    const b = await createAccount(app.db, 'export-b@exemple.fr', PASSWORD, { subscription: 'active' });
    for (const [user, name] of [
      [a, 'Recherche de A'],
      [b, 'Recherche de B'],
    ] as const) {
      await app.db.query(`INSERT INTO saved_searches (user_id, tool, name, query) VALUES ($1, 'parcelles', $2, 'commune=93010')`, [
        user,
        name,
      ]);
      await app.db.query(`INSERT INTO saved_addresses (user_id, label, lon, lat) VALUES ($1, $2, 2.48, 48.9)`, [user, `Adresse ${name}`]);
    }
    const browser = new TestBrowser(app.url);
    expect(await browser.signIn('export-a@exemple.fr', PASSWORD)).toMatchObject({ ok: true });
    const data = (await (await browser.api('/api/account/export')).json()) as Record<string, { name?: string; label?: string }[]>;
    expect(data.savedSearches?.map((s) => s.name)).toEqual(['Recherche de A']);
    expect(data.savedAddresses?.map((s) => s.label)).toEqual(['Adresse Recherche de A']);
  });
});
