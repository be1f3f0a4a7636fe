/**
 * Limits that an attacker cannot turn against users (decision 0601): behind one proxy
 * (`TRUST_PROXY=1`) a client's own X-Forwarded-For entries do not change its address; an
 * attacker's failures on an account slow the attacker's address, not its owner elsewhere; a known
 * browser is slowed by nobody else; a reset clears an account's failures; the password change
 * counts only its own session's failures.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { ipKey } from './rate-limit.js';
import { createAccount, TestBrowser } from './testing/browser.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => app?.close());
beforeEach(async () => {
  await app.db.exec('DELETE FROM auth_attempts;');
});

const PASSWORD = 'Maison-bleue-2026';
let n = 0;
const email = (prefix: string) => `${prefix}-${++n}@exemple.fr`;

/**
 * A browser reaching the app through our one proxy: `forwarded` is what the client itself put in
 * X-Forwarded-For (anything it likes), `ip` the address the proxy saw and appended.
 */
function browserFrom(ip: string, forwarded?: () => string): TestBrowser {
  const b = new TestBrowser(app.url);
  const inner = b.fetch;
  b.fetch = (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', forwarded ? `${forwarded()}, ${ip}` : ip);
    return inner(input, { ...init, headers });
  };
  return b;
}

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, never a bare true', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY\u00a0: ne peut pas valoir true/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/adresses de proxy invalides \(10\.0\.0\.0\/33\)/);
  });

  it('counts an IPv6 client by its /64', () => {
    expect(ipKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('limits sign-ins, reset e-mails and contact messages of a client that rotates its X-Forwarded-For', async () => {
    let i = 0;
    const rotated = () => `10.${Math.floor(++i / 250)}.${i % 250}.1`;
    for (let k = 0; k < 30; k++) {
      expect((await browserFrom('203.0.113.7', rotated).signIn(email('essai'), 'Mauvais-essai-2026')).code).toBe('identifiants');
    }
    // The 31st failure waits, whatever the client wrote in front of the proxy's entry.
    expect((await browserFrom('203.0.113.7', rotated).signIn(email('essai'), 'Mauvais-essai-2026')).code).toBe('trop-de-tentatives');

    const forgot = [];
    for (let k = 0; k < 15; k++) {
      const res = await browserFrom('203.0.113.8', rotated).api('/api/account/password/forgot', {
        method: 'POST',
        body: { email: email('oubli') },
      });
      forgot.push(res.status);
    }
    expect(forgot.filter((s) => s === 202)).toHaveLength(10);
    expect(forgot.filter((s) => s === 429)).toHaveLength(5);

    const contact = [];
    for (let k = 0; k < 8; k++) {
      const res = await browserFrom('203.0.113.9', rotated).api('/api/contact', {
        method: 'POST',
        body: {
          name: 'Camille Martin',
          email: 'camille@exemple.fr',
          subject: 'Démonstration',
          message: 'Bonjour, je voudrais voir l’analyse de marché sur Bondy.',
        },
      });
      contact.push(res.status);
    }
    expect(contact).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });
});

describe('sign-in limits that cannot lock anyone out', () => {
  it('lets the owner in from a new browser with the right password while an attacker throttles the account', async () => {
    const owner = email('victime');
    await createAccount(app.db, owner, PASSWORD);
    const attacker = browserFrom('198.51.100.66');
    for (let k = 0; k < 5; k++) expect((await attacker.signIn(owner, `Devine-${k}-2026`)).code).toBe('identifiants');
    expect((await attacker.signIn(owner, PASSWORD)).code).toBe('trop-de-tentatives');
    // The owner, at home, in a browser that never signed in: not slowed by the attacker.
    const fresh = browserFrom('203.0.113.20');
    expect((await fresh.signIn(owner, PASSWORD)).ok).toBe(true);
    // And the attacker is still slowed down.
    expect((await browserFrom('198.51.100.66').signIn(owner, PASSWORD)).code).toBe('trop-de-tentatives');
  });

  it('slows a busy address down rather than shutting it out, and never a known browser', async () => {
    const owner = email('voisin');
    await createAccount(app.db, owner, PASSWORD);
    const usual = browserFrom('192.0.2.50');
    expect((await usual.signIn(owner, PASSWORD)).ok).toBe(true);
    await usual.auth.signOut();
    for (let k = 0; k < 30; k++) await browserFrom('192.0.2.50').signIn(email('autre'), 'Mauvais-essai-2026');
    // A new browser on that network waits 2 s after the 30th failure, no more.
    expect((await browserFrom('192.0.2.50').signIn(owner, PASSWORD)).code).toBe('trop-de-tentatives');
    await app.db.query(`UPDATE auth_attempts SET at = at - interval '3 seconds' WHERE scope = 'login-ip'`);
    expect((await browserFrom('192.0.2.50').signIn(owner, PASSWORD)).ok).toBe(true);
    // A known browser on it is never slowed by the address's failures.
    for (let k = 0; k < 5; k++) await browserFrom('192.0.2.50').signIn(email('autre'), 'Mauvais-essai-2026');
    expect((await browserFrom('192.0.2.50').signIn(owner, PASSWORD)).code).toBe('trop-de-tentatives');
    expect((await usual.signIn(owner, PASSWORD)).ok).toBe(true);
  });

  it('slows a known browser by its own failures only, so a stolen cookie still cannot guess freely', async () => {
    const owner = email('cookie');
    await createAccount(app.db, owner, PASSWORD);
    const usual = browserFrom('192.0.2.60');
    expect((await usual.signIn(owner, PASSWORD)).ok).toBe(true);
    await usual.auth.signOut();
    for (let k = 0; k < 5; k++) expect((await usual.signIn(owner, `Devine-${k}-2026`)).code).toBe('identifiants');
    expect((await usual.signIn(owner, PASSWORD)).code).toBe('trop-de-tentatives');
  });

  it('clears an account’s failures when its password is reset', async () => {
    const owner = email('reinit');
    await createAccount(app.db, owner, PASSWORD);
    // Failures from the owner's own network: a new browser there waits…
    for (let k = 0; k < 5; k++) await browserFrom('192.0.2.70').signIn(owner, `Devine-${k}-2026`);
    expect((await browserFrom('192.0.2.70').signIn(owner, PASSWORD)).code).toBe('trop-de-tentatives');
    const b = browserFrom('192.0.2.70');
    expect((await b.api('/api/account/password/forgot', { method: 'POST', body: { email: owner } })).status).toBe(202);
    const entry = [...app.logs].reverse().find((l) => l.to === owner && typeof l.link === 'string');
    const token = new URL(String(entry?.link)).searchParams.get('reinitialisation');
    expect((await b.api('/api/account/password/reset', { method: 'POST', body: { token, password: 'Reinitialise-2026' } })).status).toBe(
      200,
    );
    // …until the reset: then at once.
    expect((await browserFrom('192.0.2.70').signIn(owner, 'Reinitialise-2026')).ok).toBe(true);
  });

  it('counts only the session’s own failures for a password change', async () => {
    const owner = email('changement');
    await createAccount(app.db, owner, PASSWORD);
    const here = browserFrom('192.0.2.80');
    expect((await here.signIn(owner, PASSWORD)).ok).toBe(true);
    // Someone throttles the account from elsewhere, and from the owner's own network.
    for (const ip of ['198.51.100.1', '192.0.2.80']) for (let k = 0; k < 6; k++) await browserFrom(ip).signIn(owner, `Devine-${k}-2026`);
    const change = (currentPassword: string, newPassword = 'Nouveau-mot-2026') =>
      here.api('/api/account/password', { method: 'POST', body: { currentPassword, newPassword } });
    expect((await change(PASSWORD)).status).toBe(200);
    // The session's own wrong passwords do count.
    for (let k = 0; k < 5; k++) expect((await change(`Pas-le-bon-${k}`)).status).toBe(400);
    const limited = await change('Nouveau-mot-2026', 'Encore-autre-2026');
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toBe('Trop d’essais depuis cette session. Réessayez dans quinze minutes.');
  });
});
