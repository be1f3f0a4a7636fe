/** The administrator's users list, and granting, extending and ending a subscription by hand. */
import { formatDate } from '@immoloupe/shared/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../../test/app.js';

const PASSWORD = 'Maison-bleue-2026';
let app: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  app = await startTestApp();
  await createAccount(app.db, 'admin@exemple.fr', PASSWORD, { role: 'admin' });
  admin = new TestBrowser(app.url);
  expect((await admin.signIn('admin@exemple.fr', PASSWORD)).ok).toBe(true);
});
afterAll(async () => app?.close());

describe('admin users', () => {
  it('lists users with their subscription state, filtered by e-mail', async () => {
    await createAccount(app.db, 'abonne@exemple.fr', PASSWORD, { subscription: 'active' });
    await createAccount(app.db, 'ancien@exemple.fr', PASSWORD, { subscription: 'canceled' });
    const res = await admin.api('/api/admin/users?q=exemple.fr');
    expect(res.status).toBe(200);
    const { users, total } = await res.json();
    expect(total).toBe(3);
    const byEmail = Object.fromEntries(users.map((u: { email: string }) => [u.email, u]));
    expect(byEmail['abonne@exemple.fr']).toMatchObject({ role: 'subscriber', aboactif: true, abo: { source: 'manual', status: 'active' } });
    expect(byEmail['ancien@exemple.fr']).toMatchObject({ aboactif: false });
    expect(byEmail['admin@exemple.fr']).toMatchObject({ role: 'admin', abo: null });
    const filtered = await (await admin.api('/api/admin/users?q=ABONNE')).json();
    expect(filtered.users.map((u: { email: string }) => u.email)).toEqual(['abonne@exemple.fr']);
    // LIKE wildcards in the search are plain characters.
    expect((await (await admin.api('/api/admin/users?q=%25')).json()).total).toBe(0);
  });

  it('grants, extends and ends a subscription; the user’s access follows', async () => {
    const id = await createAccount(app.db, 'manuel@exemple.fr', PASSWORD);
    const user = new TestBrowser(app.url);
    await user.signIn('manuel@exemple.fr', PASSWORD);
    expect(await (await user.api('/api/stripe/auth')).json()).toEqual({ abo: null, aboactif: false });

    const granted = await admin.api(`/api/admin/users/${id}/subscription`, { method: 'POST', body: { action: 'grant', months: 1 } });
    expect(granted.status).toBe(200);
    const grantedBody = await granted.json();
    const end1 = new Date(grantedBody.currentPeriodEnd);
    // The administrator reads the end date in the answer, as the audit log writes it.
    expect(grantedBody.message).toBe(`Abonnement accordé jusqu’au ${formatDate(grantedBody.currentPeriodEnd)}.`);
    expect(end1.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect((await (await user.api('/api/stripe/auth')).json()).aboactif).toBe(true);

    const extended = await admin.api(`/api/admin/users/${id}/subscription`, { method: 'POST', body: { action: 'extend', months: 2 } });
    const extendedBody = await extended.json();
    const end2 = new Date(extendedBody.currentPeriodEnd);
    expect(extendedBody.message).toMatch(/^Abonnement prolongé jusqu’au \d{2}\/\d{2}\/\d{4}\.$/);
    expect(end2.getTime()).toBeGreaterThan(end1.getTime() + 55 * 86_400_000);

    expect((await admin.api(`/api/admin/users/${id}/subscription`, { method: 'POST', body: { action: 'end' } })).status).toBe(200);
    expect(await (await user.api('/api/stripe/auth')).json()).toMatchObject({ aboactif: false, abo: { status: 'canceled' } });
  });

  it('refuses bad input in French and changes nothing', async () => {
    const id = await createAccount(app.db, 'intact@exemple.fr', PASSWORD);
    const bad = await admin.api(`/api/admin/users/${id}/subscription`, { method: 'POST', body: { action: 'grant', months: 99 } });
    expect(bad.status).toBe(400);
    expect((await admin.api('/api/admin/users/pas-un-id/subscription', { method: 'POST', body: { action: 'end' } })).status).toBe(404);
    expect((await admin.api(`/api/admin/users/${id}/subscription`, { method: 'POST', body: { action: 'end' } })).status).toBe(409);
    expect(await app.db.query('SELECT 1 FROM clients WHERE user_id = $1', [id])).toEqual([]);
  });

  it('confirms for a user the address whose link never arrived, once, and only as an administrator', async () => {
    const id = await createAccount(app.db, 'sans-lien@exemple.fr', PASSWORD);
    await app.db.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [id]);
    const user = new TestBrowser(app.url);
    expect(await user.signIn('sans-lien@exemple.fr', PASSWORD)).toMatchObject({ ok: false, code: 'adresse-non-confirmee' });

    // A subscriber cannot do it, even for their own account.
    await createAccount(app.db, 'autre-abonne@exemple.fr', PASSWORD, { subscription: 'active' });
    const other = new TestBrowser(app.url);
    await other.signIn('autre-abonne@exemple.fr', PASSWORD);
    expect((await other.api(`/api/admin/users/${id}/verify`, { method: 'POST' })).status).toBe(403);

    const done = await admin.api(`/api/admin/users/${id}/verify`, { method: 'POST' });
    expect(done.status).toBe(200);
    expect((await done.json()).message).toBe('Adresse sans-lien@exemple.fr confirmée\u00a0: le compte peut se connecter.');
    expect((await user.signIn('sans-lien@exemple.fr', PASSWORD)).ok).toBe(true);
    const again = await admin.api(`/api/admin/users/${id}/verify`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('L’adresse sans-lien@exemple.fr est déjà confirmée.');
    const audit = await app.db.query<{ action: string; target: string }>(
      `SELECT action, target FROM admin_audit WHERE action = 'user.verify'`,
    );
    expect(audit).toEqual([{ action: 'user.verify', target: 'sans-lien@exemple.fr' }]);
  });
});
