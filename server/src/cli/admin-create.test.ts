import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { adminCreate } from './admin-create.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

describe('admin:create', () => {
  it('creates an administrator who reaches the pro area without a subscription', async () => {
    const r = io();
    expect(await adminCreate(['--email', 'Chef@Exemple.fr', '--password', 'Tableau-de-bord-2026'], app.db, r.io)).toBe(0);
    expect(r.out[0]).toBe('Administrateur créé\u00a0: chef@exemple.fr. Connectez-vous sur /abo/connexion.');
    const b = new TestBrowser(app.url);
    expect((await b.signIn('chef@exemple.fr', 'Tableau-de-bord-2026')).ok).toBe(true);
    expect((await b.auth.getSession())?.user).toMatchObject({ email: 'chef@exemple.fr', role: 'admin' });
    expect((await b.api('/api/admin/users')).status).toBe(200);
  });

  it('refuses a weak password with a French message, creating nothing', async () => {
    const r = io();
    expect(await adminCreate(['--email', 'faible@exemple.fr', '--password', 'admin123'], app.db, r.io)).toBe(1);
    expect(r.err[0]).toMatch(/^Mot de passe trop faible\u00a0:/);
    expect(await app.db.query(`SELECT 1 FROM users WHERE email = 'faible@exemple.fr'`)).toEqual([]);
  });

  it('explains its usage when an option is missing, and promotes an existing account', async () => {
    const r = io();
    expect(await adminCreate(['--email', 'x@exemple.fr'], app.db, r.io)).toBe(2);
    expect(r.err[0]).toContain('npm run admin:create -- --email');
    const again = io();
    expect(await adminCreate(['--email', 'chef@exemple.fr', '--password', 'Nouveau-tableau-2026'], app.db, again.io)).toBe(0);
    expect(again.out[0]).toContain('promu administrateur');
    expect((await new TestBrowser(app.url).signIn('chef@exemple.fr', 'Nouveau-tableau-2026')).ok).toBe(true);
  });
});
