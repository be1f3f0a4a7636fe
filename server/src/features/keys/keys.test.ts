/**
 * Personal access keys (create, shown once, stored hashed, last use, revoke, Bearer sign-in),
 * and the owner check: user A can neither read, change nor delete user B's keys or account data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_NEEDS_SESSION } from '../../auth/guards.js';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../../test/app.js';

const PASSWORD = 'Maison-bleue-2026';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

let n = 0;
async function user(options: { role?: 'admin' | 'subscriber'; subscription?: 'active' | 'canceled' | null } = {}) {
  const email = `cles-${++n}@exemple.fr`;
  const id = await createAccount(app.db, email, PASSWORD, { subscription: 'active', ...options });
  const b = new TestBrowser(app.url);
  expect((await b.signIn(email, PASSWORD)).ok).toBe(true);
  return { b, id, email };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('access keys', () => {
  it('creates a key shown once, stored hashed, listed with its prefix and last use, and revokes it', async () => {
    const { b } = await user();
    const created = await b.api('/api/keys', { method: 'POST', body: { name: '  Extension Chrome  ' } });
    expect(created.status).toBe(201);
    const { key, secret } = await created.json();
    expect(secret).toMatch(/^iml_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Extension Chrome', prefix: secret.slice(0, 10), lastUsedAt: null });
    const [stored] = await app.db.query<{ key_hash: string }>('SELECT key_hash FROM access_keys WHERE id = $1', [key.id]);
    expect(stored?.key_hash).toMatch(/^[a-f0-9]{64}$/);
    expect(JSON.stringify(await app.db.query('SELECT * FROM access_keys WHERE id = $1', [key.id]))).not.toContain(secret);

    // The key signs API requests in, without cookies and without CSRF token.
    const viaKey = await fetch(`${app.url}/api/stripe/auth`, { headers: bearer(secret) });
    expect(viaKey.status).toBe(200);
    expect((await viaKey.json()).aboactif).toBe(true);
    const listed = (await (await b.api('/api/keys')).json()).keys;
    expect(listed).toHaveLength(1);
    expect(listed[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(secret);

    expect((await b.api(`/api/keys/${key.id}`, { method: 'DELETE' })).status).toBe(204);
    const after = await fetch(`${app.url}/api/stripe/auth`, { headers: bearer(secret) });
    expect(after.status).toBe(401);
    expect((await after.json()).message).toBe('Clé d’accès invalide ou révoquée.');
    expect((await (await b.api('/api/keys')).json()).keys).toEqual([]);
  });

  it('creates keys only with an active subscription, like the pages, and says why', async () => {
    for (const subscription of [null, 'canceled'] as const) {
      const { b, id } = await user({ subscription });
      const res = await b.api('/api/keys', { method: 'POST', body: { name: 'Extension' } });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe(
        'Un abonnement actif est nécessaire pour créer une clé d’accès\u00a0: une clé donne accès aux outils réservés aux abonnés.',
      );
      expect(await app.db.query('SELECT id FROM access_keys WHERE user_id = $1', [id])).toEqual([]);
      // Listing stays open, so that a lapsed subscriber can see and revoke old keys.
      expect((await (await b.api('/api/keys')).json()).keys).toEqual([]);
    }
    // An administrator has the pro area without a subscription, and keys with it.
    const admin = await user({ role: 'admin', subscription: null });
    expect((await admin.b.api('/api/keys', { method: 'POST', body: { name: 'Scripts' } })).status).toBe(201);
  });

  it('stops a key when its owner’s subscription lapses, and lets it be revoked', async () => {
    const owner = await user();
    const other = await user();
    const { key, secret } = await (await owner.b.api('/api/keys', { method: 'POST', body: { name: 'Extension' } })).json();
    const otherKey = (await (await other.b.api('/api/keys', { method: 'POST', body: { name: 'Extension' } })).json()).secret;
    expect((await fetch(`${app.url}/api/stripe/auth`, { headers: bearer(secret) })).status).toBe(200);
    await app.db.query(
      `UPDATE subscriptions SET status = 'canceled', current_period_end = now() - interval '1 day'
        WHERE client_id = (SELECT id FROM clients WHERE user_id = $1)`,
      [owner.id],
    );
    const refused = await fetch(`${app.url}/api/stripe/auth`, { headers: bearer(secret) });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Un abonnement actif est nécessaire.');
    // The other subscriber's key is not affected.
    expect((await fetch(`${app.url}/api/stripe/auth`, { headers: bearer(otherKey) })).status).toBe(200);
    expect((await owner.b.api(`/api/keys/${key.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses a nameless key with a French message', async () => {
    const { b } = await user();
    const res = await b.api('/api/keys', { method: 'POST', body: { name: '   ' } });
    expect(res.status).toBe(400);
    expect((await res.json()).issues[0].message).toBe('Donnez un nom à la clé.');
  });

  it('does not let a key manage keys or the account', async () => {
    const { b } = await user();
    const { secret } = await (await b.api('/api/keys', { method: 'POST', body: { name: 'API' } })).json();
    for (const [method, path] of [
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['POST', '/api/account/password'],
      ['DELETE', '/api/account'],
      ['GET', '/api/account/export'],
    ] as const) {
      const res = await fetch(`${app.url}${path}`, {
        method,
        headers: { ...bearer(secret), 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('owner checks: user A against user B', () => {
  it('A can neither read, revoke nor use B’s keys, nor read or change B’s account', async () => {
    const a = await user();
    const bUser = await user();
    const { key: bKey, secret: bSecret } = await (await bUser.b.api('/api/keys', { method: 'POST', body: { name: 'Clé de B' } })).json();

    // Read: every route returning user data answers with A's own data only.
    expect((await (await a.b.api('/api/keys')).json()).keys).toEqual([]);
    expect((await (await a.b.api('/api/account')).json()).email).toBe(a.email);
    const exported = await (await a.b.api('/api/account/export')).text();
    expect(exported).toContain(a.email);
    expect(exported).not.toContain(bUser.email);
    expect(exported).not.toContain(bKey.id);

    // Change or delete B's key: answered like a missing key, and B's key still works.
    expect((await a.b.api(`/api/keys/${bKey.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${app.url}/api/stripe/auth`, { headers: bearer(bSecret) })).status).toBe(200);

    // B's account: A's password-protected actions only ever touch A's account.
    expect((await a.b.api('/api/account', { method: 'DELETE', body: { password: PASSWORD, email: bUser.email } })).status).toBe(200);
    expect(await app.db.query('SELECT 1 FROM users WHERE id = $1', [a.id])).toEqual([]);
    expect(await app.db.query('SELECT 1 FROM users WHERE id = $1', [bUser.id])).toHaveLength(1);
    expect((await bUser.b.api('/api/account')).status).toBe(200);
    expect((await (await bUser.b.api('/api/keys')).json()).keys).toHaveLength(1);
    // A's session ended with the account.
    expect((await a.b.api('/api/account')).status).toBe(401);
  });

  it('keeps the administration API to administrators', async () => {
    const a = await user();
    const target = await user();
    expect((await a.b.api('/api/admin/users')).status).toBe(403);
    const grant = await a.b.api(`/api/admin/users/${target.id}/subscription`, { method: 'POST', body: { action: 'end' } });
    expect(grant.status).toBe(403);
    expect((await (await target.b.api('/api/stripe/auth')).json()).aboactif).toBe(true);
    expect((await new TestBrowser(app.url).api('/api/admin/users')).status).toBe(401);
  });

  it('keeps an administrator’s key to the data API: no administration through it', async () => {
    const admin = await user({ role: 'admin' });
    const { secret: key } = await (await admin.b.api('/api/keys', { method: 'POST', body: { name: 'Scripts' } })).json();
    const withKey = (path: string, method = 'GET') => app.fetch(path, { method, headers: { ...bearer(key), accept: 'application/json' } });
    for (const [path, method] of [
      ['/api/contact/messages', 'GET'],
      ['/api/admin/audit', 'GET'],
      ['/api/admin/imports', 'GET'],
      ['/api/admin/data', 'GET'],
      ['/api/admin/alerts/run', 'POST'],
      ['/api/admin/users', 'GET'],
    ] as const) {
      const res = await withKey(path, method);
      expect(res.status, path).toBe(403);
      expect((await res.json()).message, path).toBe(ADMIN_NEEDS_SESSION);
    }
    // The same administrator in the browser has them, and the key still reads the data API.
    expect((await admin.b.api('/api/admin/audit')).status).toBe(200);
    expect((await withKey('/api/market/stats?insee=64260&from=2022-01-01&to=2022-12-31')).status).not.toBe(403);
  });
});
