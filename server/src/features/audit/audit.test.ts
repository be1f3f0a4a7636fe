/**
 * The audit log of administrator actions, and disabling, enabling and signing out a user:
 * through HTTP, as an administrator and as two ordinary users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../../test/app.js';

const PASSWORD = 'Maison-bleue-2026';
let app: TestApp;
let admin: TestBrowser;
let adminId: string;
beforeAll(async () => {
  app = await startTestApp({ jobs: true });
  adminId = await createAccount(app.db, 'chef@exemple.fr', PASSWORD, { role: 'admin' });
  admin = new TestBrowser(app.url);
  expect((await admin.signIn('chef@exemple.fr', PASSWORD)).ok).toBe(true);
});
afterAll(async () => app?.close());

async function signedIn(email: string): Promise<TestBrowser> {
  const b = new TestBrowser(app.url);
  expect((await b.signIn(email, PASSWORD)).ok).toBe(true);
  return b;
}

const whoAmI = async (b: TestBrowser) => (await b.api('/api/stripe/auth')).status;

describe('disable, enable and sign out a user', () => {
  it('disabling ends every session of that user only, refuses sign-in and access keys; enabling lets them back', async () => {
    const aliceId = await createAccount(app.db, 'alice@exemple.fr', PASSWORD, { subscription: 'active' });
    await createAccount(app.db, 'bob@exemple.fr', PASSWORD, { subscription: 'active' });
    const alice1 = await signedIn('alice@exemple.fr');
    const alice2 = await signedIn('alice@exemple.fr');
    const bob = await signedIn('bob@exemple.fr');
    const key = await (await alice1.api('/api/keys', { method: 'POST', body: { name: 'extension' } })).json();
    expect(await whoAmI(alice1)).toBe(200);

    const res = await admin.api(`/api/admin/users/${aliceId}/disable`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('Compte alice@exemple.fr désactivé.');
    expect(await whoAmI(alice1)).toBe(401);
    expect(await whoAmI(alice2)).toBe(401);
    expect(await whoAmI(bob)).toBe(200);
    const byKey = await app.fetch('/api/stripe/auth', { headers: { authorization: `Bearer ${key.secret}` } });
    expect(byKey.status).toBe(401);
    const again = await new TestBrowser(app.url).signIn('alice@exemple.fr', PASSWORD);
    expect(again.ok).toBe(false);
    const list = await (await admin.api('/api/admin/users?q=alice')).json();
    expect(list.users[0]).toMatchObject({ email: 'alice@exemple.fr', disabled: true });

    expect((await admin.api(`/api/admin/users/${aliceId}/enable`, { method: 'POST' })).status).toBe(200);
    const back = await signedIn('alice@exemple.fr');
    expect(await whoAmI(back)).toBe(200);
  });

  it('forced sign-out ends every session of the user but leaves the account usable', async () => {
    const id = await createAccount(app.db, 'carole@exemple.fr', PASSWORD, { subscription: 'active' });
    const a = await signedIn('carole@exemple.fr');
    const b = await signedIn('carole@exemple.fr');
    const res = await admin.api(`/api/admin/users/${id}/signout`, { method: 'POST' });
    expect(await res.json()).toMatchObject({ sessionsEnded: 2 });
    expect(await whoAmI(a)).toBe(401);
    expect(await whoAmI(b)).toBe(401);
    expect(await whoAmI(await signedIn('carole@exemple.fr'))).toBe(200);
  });

  it('refuses ordinary users, unknown ids and disabling oneself, and changes nothing', async () => {
    const id = await createAccount(app.db, 'denis@exemple.fr', PASSWORD, { subscription: 'active' });
    const denis = await signedIn('denis@exemple.fr');
    const other = await createAccount(app.db, 'emma@exemple.fr', PASSWORD);
    expect((await denis.api(`/api/admin/users/${other}/disable`, { method: 'POST' })).status).toBe(403);
    expect((await denis.api(`/api/admin/users/${id}/signout`, { method: 'POST' })).status).toBe(403);
    expect((await denis.api('/api/admin/audit')).status).toBe(403);
    expect((await admin.api('/api/admin/users/pas-un-id/disable', { method: 'POST' })).status).toBe(404);
    expect((await admin.api('/api/admin/users/00000000-0000-4000-8000-000000000000/enable', { method: 'POST' })).status).toBe(404);
    const self = await admin.api(`/api/admin/users/${adminId}/disable`, { method: 'POST' });
    expect(self.status).toBe(409);
    expect((await self.json()).message).toContain('propre compte');
    expect(
      await app.db.query('SELECT 1 FROM users WHERE disabled_at IS NOT NULL AND email IN ($1, $2)', ['chef@exemple.fr', 'emma@exemple.fr']),
    ).toEqual([]);
    // Without the CSRF header the change is refused too.
    const noCsrf = await admin.fetch(`/api/admin/users/${other}/disable`, { method: 'POST' });
    expect(noCsrf.status).toBe(403);
    expect(await whoAmI(denis)).toBe(200);
  });
});

describe('audit log', () => {
  it('records who did what, when and from where, newest first, filtered by action and text', async () => {
    const id = await createAccount(app.db, 'fanny@exemple.fr', PASSWORD);
    await admin.api(`/api/admin/users/${id}/subscription`, { method: 'POST', body: { action: 'grant', months: 3 } });
    await admin.api(`/api/admin/users/${id}/signout`, { method: 'POST' });

    const all = await (await admin.api('/api/admin/audit?q=fanny')).json();
    expect(all.total).toBe(2);
    expect(all.entries.map((e: { action: string }) => e.action)).toEqual(['user.signout', 'subscription.grant']);
    const grant = all.entries[1];
    expect(grant).toMatchObject({ actorEmail: 'chef@exemple.fr', target: 'fanny@exemple.fr', details: { months: 3 } });
    expect(grant.ip).toMatch(/127\.0\.0\.1/);
    expect(Date.now() - new Date(grant.at).getTime()).toBeLessThan(60_000);

    const grants = await (await admin.api('/api/admin/audit?action=subscription.grant')).json();
    expect(grants.entries.every((e: { action: string }) => e.action === 'subscription.grant')).toBe(true);
    expect(grants.total).toBeGreaterThanOrEqual(1);
    const disables = await (await admin.api('/api/admin/audit?action=user.disable')).json();
    expect(disables.entries[0]).toMatchObject({ target: 'alice@exemple.fr', details: { sessionsEnded: 2 } });

    const bad = await admin.api('/api/admin/audit?action=tout.casser');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Requête invalide.');
  });

  it('records an import started from the administration', async () => {
    const res = await admin.api('/api/admin/imports/upload?nom=vide.csv&source=dvf', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: undefined,
    });
    expect(res.status).toBe(202);
    const imports = await (await admin.api('/api/admin/audit?action=import.start')).json();
    expect(imports.entries[0]).toMatchObject({ actorEmail: 'chef@exemple.fr', target: 'Fichier vide.csv', details: { source: 'dvf' } });
  });
});
