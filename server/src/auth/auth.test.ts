/**
 * Auth.js mounted under /api/auth, sign-up to sign-out, the errors of SEED-SPEC §8, CSRF, rate
 * limits, session cookies and the end of other sessions on a password change.
 */
import { AuthClientError, createAuthClient, INVALID_PROVIDER, SIGNOUT_CSRF_ERROR } from '@immoloupe/shared/accounts/session-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { createAccount, TestBrowser } from './testing/browser.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const PASSWORD = 'Maison-bleue-2026';
let n = 0;
const email = (prefix: string) => `${prefix}-${++n}@exemple.fr`;

/** The link of the last e-mail written to the log for `to` (no mail transport in tests). */
function lastLink(to: string): string {
  const entry = [...app.logs].reverse().find((l) => l.to === to && typeof l.link === 'string');
  if (!entry) throw new Error(`no e-mail logged for ${to}`);
  return entry.link as string;
}

describe('Auth.js endpoints', () => {
  it('answers /providers, /csrf and /session', async () => {
    const b = new TestBrowser(app.url);
    const providers = await (await b.fetch('/api/auth/providers')).json();
    expect(providers.credentials).toMatchObject({
      id: 'credentials',
      type: 'credentials',
      callbackUrl: expect.stringContaining('/api/auth/callback/credentials'),
    });
    const csrf = await (await b.fetch('/api/auth/csrf')).json();
    expect(csrf.csrfToken).toMatch(/^[a-f0-9]{32,}$/);
    const session = await b.fetch('/api/auth/session');
    expect(session.status).toBe(200);
    expect(await session.json()).toBeNull();
  });

  it('signs up, confirms the address, signs in, reads the session and signs out', async () => {
    const b = new TestBrowser(app.url);
    const address = email('parcours');
    const signup = await b.api('/api/account/signup', { method: 'POST', body: { email: address.toUpperCase(), password: PASSWORD } });
    expect(signup.status).toBe(202);
    const answer = await signup.json();
    expect(answer.mailDelivery).toBe('log');
    // No mail transport: the answer does not claim an e-mail was sent, and says where the link is.
    expect(answer.message).not.toContain('envoyé');
    expect(answer.message).toContain('écrit dans le journal du serveur');

    // Not confirmed yet: the right password is refused, and says why.
    const early = await b.signIn(address, PASSWORD);
    expect(early).toMatchObject({ ok: false, error: 'CredentialsSignin', code: 'adresse-non-confirmee' });

    const link = new URL(lastLink(address));
    expect(link.pathname).toBe('/abo/activate');
    const activate = await b.api('/api/account/activate', { method: 'POST', body: { token: link.searchParams.get('token') } });
    expect(activate.status).toBe(200);
    // A link works once.
    expect((await b.api('/api/account/activate', { method: 'POST', body: { token: link.searchParams.get('token') } })).status).toBe(400);

    const signIn = await b.signIn(address, PASSWORD, '/pro/transactions');
    expect(signIn).toMatchObject({ ok: true, error: null });
    expect(new URL(signIn.url).pathname).toBe('/pro/transactions');
    expect(b.signedIn).toBe(true);

    const session = await b.auth.getSession();
    // A new account opens with its free trial (TRIAL_DAYS, 14 by default; decision 1371).
    const trial = {
      abo: { source: 'trial', status: 'trialing', currentPeriodEnd: expect.any(String), cancelAtPeriodEnd: true },
      aboactif: true,
    };
    expect(session?.user).toEqual({ email: address, role: 'subscriber', client: trial });
    expect(new Date(session?.expires ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(await (await b.api('/api/stripe/auth')).json()).toEqual(trial);

    await b.auth.signOut();
    expect(b.signedIn).toBe(false);
    expect(await b.auth.getSession()).toBeNull();
  });

  it('sends a new confirmation link on request, which replaces the lost one, and answers alike for any address', async () => {
    const b = new TestBrowser(app.url);
    const address = email('relance');
    await b.api('/api/account/signup', { method: 'POST', body: { email: address, password: PASSWORD } });
    const lost = new URL(lastLink(address)).searchParams.get('token');
    const resend = await b.api('/api/account/activate/resend', { method: 'POST', body: { email: address.toUpperCase() } });
    expect(resend.status).toBe(202);
    const answer = (await resend.json()).message as string;
    expect(answer).toContain('un nouveau lien de confirmation');
    const fresh = new URL(lastLink(address));
    expect(fresh.pathname).toBe('/abo/activate');
    expect(fresh.searchParams.get('token')).not.toBe(lost);
    // The new link replaces the lost one.
    expect((await b.api('/api/account/activate', { method: 'POST', body: { token: lost } })).status).toBe(400);
    expect((await b.api('/api/account/activate', { method: 'POST', body: { token: fresh.searchParams.get('token') } })).status).toBe(200);
    expect((await b.signIn(address, PASSWORD)).ok).toBe(true);

    // Confirmed already: no link, a mail that says so. Unknown: nothing sent. The answer is the same.
    const before = app.logs.length;
    const confirmed = await new TestBrowser(app.url).api('/api/account/activate/resend', { method: 'POST', body: { email: address } });
    const unknown = email('personne');
    const nobody = await new TestBrowser(app.url).api('/api/account/activate/resend', { method: 'POST', body: { email: unknown } });
    expect([confirmed.status, nobody.status]).toEqual([202, 202]);
    expect((await confirmed.json()).message.replace(address, 'X')).toBe((await nobody.json()).message.replace(unknown, 'X'));
    await expect.poll(() => app.logs.slice(before).filter((l) => l.to === address).length).toBe(1);
    const sent = app.logs.slice(before).filter((l) => l.to === address || l.to === unknown);
    expect(sent.map((l) => l.subject)).toEqual(['Votre compte Immoloupe est déjà confirmé']);

    // A malformed address changes nothing and says why, in French.
    const bad = await b.api('/api/account/activate/resend', { method: 'POST', body: { email: 'pas-une-adresse' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues[0].path).toBe('email');
  });

  it('redirects Auth.js’s sign-in page to ours with the SessionRequired code', async () => {
    const res = await app.fetch('/api/auth/signin?error=SessionRequired&callbackUrl=%2Fpro');
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location') ?? '', app.url);
    expect(to.pathname).toBe('/abo/connexion');
    expect(to.searchParams.get('error')).toBe('SessionRequired');
    expect(new URL(to.searchParams.get('callbackUrl') ?? '').pathname).toBe('/pro');
  });
});

describe('errors of SEED-SPEC §8', () => {
  it('InvalidProvider: 400 for an unknown provider', async () => {
    const b = new TestBrowser(app.url);
    const err = await b.auth.signIn('github', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthClientError);
    expect(err).toMatchObject({ status: 400, message: INVALID_PROVIDER });
  });

  it('InvalidProvider: 500 when the provider list is unavailable', async () => {
    const b = new TestBrowser(app.url);
    const failingProviders = (async (input: string, init?: RequestInit) =>
      input.endsWith('/providers') ? new Response('indisponible', { status: 503 }) : b.fetch(input, init)) as typeof fetch;
    const client = createAuthClient({ baseUrl: app.url, fetch: failingProviders });
    await expect(client.signIn('credentials', {})).rejects.toMatchObject({ status: 500, message: INVALID_PROVIDER });
  });

  it('sign-out without a CSRF token: 400 "Could not fetch CSRF Token for signing out", still signed in', async () => {
    const address = email('csrf-signout');
    await createAccount(app.db, address, PASSWORD);
    const b = new TestBrowser(app.url);
    expect((await b.signIn(address, PASSWORD)).ok).toBe(true);
    const noCsrf = (async (input: string, init?: RequestInit) =>
      input.endsWith('/csrf')
        ? new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
        : b.fetch(input, init)) as typeof fetch;
    await expect(createAuthClient({ baseUrl: app.url, fetch: noCsrf }).signOut()).rejects.toMatchObject({
      status: 400,
      message: SIGNOUT_CSRF_ERROR,
    });
    // Posted straight to Auth.js without the token: refused, the session stays.
    const raw = await b.fetch('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'callbackUrl=%2F&json=true',
    });
    expect(raw.status).toBe(302);
    expect(raw.headers.get('location')).toContain('error=MissingCSRF');
    expect((await b.auth.getSession())?.user.email).toBe(address);
  });
});

describe('security', () => {
  it('sets the session cookie HttpOnly and SameSite=Lax, and Secure behind TLS', async () => {
    const address = email('cookie');
    await createAccount(app.db, address, PASSWORD);
    const b = new TestBrowser(app.url);
    const csrfToken = await b.auth.getCsrfToken();
    const res = await b.fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: address, password: PASSWORD, csrfToken: csrfToken ?? '', callbackUrl: '/pro' }).toString(),
    });
    expect(res.status).toBe(302);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('authjs.session-token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const tls = await startTestApp({ env: { TRUST_PROXY: '1' }, db: app.db });
    try {
      const t = new TestBrowser(tls.url);
      const https = { 'x-forwarded-proto': 'https' };
      const csrfRes = await t.fetch('/api/auth/csrf', { headers: https });
      const token = (await csrfRes.json()).csrfToken as string;
      const signed = await t.fetch('/api/auth/callback/credentials', {
        method: 'POST',
        headers: { ...https, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: address, password: PASSWORD, csrfToken: token, callbackUrl: '/pro' }).toString(),
      });
      const secure = signed.headers.getSetCookie().find((c) => c.startsWith('__Secure-authjs.session-token='));
      expect(secure).toMatch(/; Secure/i);
      expect(secure).toMatch(/HttpOnly/i);
      // The session reader finds it on the next request over TLS.
      const me = await t.fetch('/api/stripe/auth', { headers: https });
      expect(me.status).toBe(200);
    } finally {
      await tls.close();
    }
  });

  it('refuses a sign-in without Auth.js’s CSRF token', async () => {
    const address = email('csrf-signin');
    await createAccount(app.db, address, PASSWORD);
    const b = new TestBrowser(app.url);
    const res = await b.fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: address, password: PASSWORD, callbackUrl: '/pro' }).toString(),
    });
    expect(res.headers.get('location')).toContain('error=MissingCSRF');
    expect(b.signedIn).toBe(false);
  });

  it('rejects an API change without the CSRF header, or with a wrong one, and changes nothing', async () => {
    const address = email('csrf-api');
    await createAccount(app.db, address, PASSWORD);
    const b = new TestBrowser(app.url);
    await b.signIn(address, PASSWORD);
    for (const headers of [{ 'x-csrf-token': '' }, { 'x-csrf-token': 'faux-jeton' }]) {
      const key = await b.api('/api/keys', { method: 'POST', body: { name: 'Extension' }, headers });
      expect(key.status).toBe(403);
      expect((await key.json()).message).toContain('CSRF');
      const pwd = await b.api('/api/account/password', {
        method: 'POST',
        body: { currentPassword: PASSWORD, newPassword: 'Un-autre-mot-2026' },
        headers,
      });
      expect(pwd.status).toBe(403);
      const del = await b.api('/api/account', { method: 'DELETE', body: { password: PASSWORD }, headers });
      expect(del.status).toBe(403);
    }
    expect((await (await b.api('/api/keys')).json()).keys).toEqual([]);
    // Same password, same account: nothing changed.
    const again = new TestBrowser(app.url);
    expect((await again.signIn(address, PASSWORD)).ok).toBe(true);
  });

  it('gives the same answer for an unknown address and a wrong password', async () => {
    const address = email('enum');
    await createAccount(app.db, address, PASSWORD);
    const b = new TestBrowser(app.url);
    const unknown = await b.signIn(email('inconnu'), PASSWORD);
    const wrong = await b.signIn(address, 'Pas-le-bon-2026');
    expect(unknown).toMatchObject({ ok: false, error: 'CredentialsSignin', code: 'identifiants' });
    expect(wrong).toMatchObject({ ok: false, error: 'CredentialsSignin', code: 'identifiants' });
    // Sign-up and forgotten password answer the same for a known and an unknown address.
    const known = await (await b.api('/api/account/signup', { method: 'POST', body: { email: address, password: PASSWORD } })).json();
    const fresh = email('nouveau');
    const created = await (await b.api('/api/account/signup', { method: 'POST', body: { email: fresh, password: PASSWORD } })).json();
    expect(known.message.replace(address, 'X')).toBe(created.message.replace(fresh, 'X'));
    const forgotKnown = await b.api('/api/account/password/forgot', { method: 'POST', body: { email: address } });
    const forgotUnknown = await b.api('/api/account/password/forgot', { method: 'POST', body: { email: email('personne') } });
    expect(forgotKnown.status).toBe(forgotUnknown.status);
    expect((await forgotKnown.json()).message.split('pour')[0]).toBe((await forgotUnknown.json()).message.split('pour')[0]);
  });

  it('slows brute force per account, in the database, across app processes, with growing delays', async () => {
    await app.db.query(`DELETE FROM auth_attempts WHERE scope = 'login-ip'`);
    const address = email('force');
    await createAccount(app.db, address, PASSWORD);
    const other = await startTestApp({ db: app.db });
    // Time passing, without waiting: the account's failures are moved back.
    const wait = (seconds: number) =>
      app.db.query(`UPDATE auth_attempts SET at = at - make_interval(secs => $2) WHERE scope = 'login-account' AND key LIKE $1 || '|%'`, [
        address,
        seconds,
      ]);
    try {
      for (let i = 0; i < 5; i++) {
        // Alternate processes: the count lives in the database, not in one process.
        const target = i % 2 ? other.url : app.url;
        expect((await new TestBrowser(target).signIn(address, `Mauvais-essai-${i}`)).code).toBe('identifiants');
      }
      // From a browser that never signed in, even the right password waits: 30 s after the 5th failure.
      expect(await new TestBrowser(other.url).signIn(address, PASSWORD)).toMatchObject({ ok: false, code: 'trop-de-tentatives' });
      await wait(31);
      expect((await new TestBrowser(app.url).signIn(address, 'Mauvais-essai-5')).code).toBe('identifiants');
      // The 6th failure doubles the delay: 31 s more is not enough, 60 s is.
      await wait(31);
      expect(await new TestBrowser(app.url).signIn(address, 'Mauvais-essai-6')).toMatchObject({ ok: false, code: 'trop-de-tentatives' });
      await wait(30);
      expect((await new TestBrowser(app.url).signIn(address, PASSWORD)).ok).toBe(true);
      // Another account from elsewhere is not affected by this account's limit.
      const other2 = email('force-voisin');
      await createAccount(app.db, other2, PASSWORD);
      expect((await new TestBrowser(app.url).signIn(other2, PASSWORD)).ok).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('lets the owner in from a browser that signed in before, while someone else is slowed down', async () => {
    await app.db.query(`DELETE FROM auth_attempts WHERE scope = 'login-ip'`);
    const owner = email('proprio');
    await createAccount(app.db, owner, PASSWORD);
    const usual = new TestBrowser(app.url);
    expect((await usual.signIn(owner, PASSWORD)).ok).toBe(true);
    expect(usual.cookies.has('immoloupe.appareil')).toBe(true);
    await usual.auth.signOut();
    expect(usual.signedIn).toBe(false);

    // Someone who knows the address tries passwords from their own browser.
    const attacker = new TestBrowser(app.url);
    for (let i = 0; i < 5; i++) expect((await attacker.signIn(owner, `Devine-${i}-2026`)).code).toBe('identifiants');
    expect(await attacker.signIn(owner, 'Devine-5-2026')).toMatchObject({ ok: false, code: 'trop-de-tentatives' });
    // Knowing the right password from a new browser does not skip the delay either.
    expect(await new TestBrowser(app.url).signIn(owner, PASSWORD)).toMatchObject({ ok: false, code: 'trop-de-tentatives' });

    // The owner's usual browser gets in, but only with the right password.
    expect((await usual.signIn(owner, 'Pas-le-bon-2026')).code).toBe('identifiants');
    expect((await usual.signIn(owner, PASSWORD)).ok).toBe(true);
    expect(usual.signedIn).toBe(true);

    // A device cookie of another account, or a forged one, lets nothing through.
    const neighbour = email('proprio-voisin');
    await createAccount(app.db, neighbour, PASSWORD);
    const elsewhere = new TestBrowser(app.url);
    expect((await elsewhere.signIn(neighbour, PASSWORD)).ok).toBe(true);
    await elsewhere.auth.signOut();
    expect(await elsewhere.signIn(owner, PASSWORD)).toMatchObject({ ok: false, code: 'trop-de-tentatives' });
    const forged = new TestBrowser(app.url);
    const [id] = (usual.cookies.get('immoloupe.appareil') ?? '').split('.');
    forged.cookies.set('immoloupe.appareil', `${id}.${Math.floor(Date.now() / 1000)}.abc.faux`);
    expect(await forged.signIn(owner, PASSWORD)).toMatchObject({ ok: false, code: 'trop-de-tentatives' });
  });

  it('limits brute force per IP address across accounts', async () => {
    await app.db.query(`DELETE FROM auth_attempts WHERE scope = 'login-ip'`);
    const victim = email('ip-victime');
    await createAccount(app.db, victim, PASSWORD);
    for (let i = 0; i < 30; i++) await new TestBrowser(app.url).signIn(email('ip-essai'), 'Mauvais-essai-2026');
    expect(await new TestBrowser(app.url).signIn(victim, PASSWORD)).toMatchObject({ ok: false, code: 'trop-de-tentatives' });
    await app.db.query(`DELETE FROM auth_attempts WHERE scope = 'login-ip'`);
    expect((await new TestBrowser(app.url).signIn(victim, PASSWORD)).ok).toBe(true);
  });

  it('ends the other sessions when the password changes, keeping this one', async () => {
    const address = email('pwd');
    await createAccount(app.db, address, PASSWORD);
    const here = new TestBrowser(app.url);
    const there = new TestBrowser(app.url);
    await here.signIn(address, PASSWORD);
    await there.signIn(address, PASSWORD);
    const weak = await here.api('/api/account/password', { method: 'POST', body: { currentPassword: PASSWORD, newPassword: 'azerty123' } });
    expect(weak.status).toBe(400);
    expect((await weak.json()).issues[0].message).toMatch(/^Mot de passe trop faible\u00a0:/);
    const wrong = await here.api('/api/account/password', {
      method: 'POST',
      body: { currentPassword: 'pas-le-bon', newPassword: 'Nouveau-mot-2026' },
    });
    expect(wrong.status).toBe(400);
    const ok = await here.api('/api/account/password', {
      method: 'POST',
      body: { currentPassword: PASSWORD, newPassword: 'Nouveau-mot-2026' },
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toBe('Mot de passe changé. Votre autre session a été fermée.');
    expect(await there.auth.getSession()).toBeNull();
    expect((await there.api('/api/stripe/auth')).status).toBe(401);
    expect((await here.auth.getSession())?.user.email).toBe(address);
    expect((await new TestBrowser(app.url).signIn(address, PASSWORD)).ok).toBe(false);
    expect((await new TestBrowser(app.url).signIn(address, 'Nouveau-mot-2026')).ok).toBe(true);
  });

  it('resets a forgotten password through the e-mailed link, ending every session', async () => {
    const address = email('oubli');
    await createAccount(app.db, address, PASSWORD);
    const old = new TestBrowser(app.url);
    await old.signIn(address, PASSWORD);
    const b = new TestBrowser(app.url);
    expect((await b.api('/api/account/password/forgot', { method: 'POST', body: { email: address } })).status).toBe(202);
    const link = new URL(lastLink(address));
    expect(link.pathname).toBe('/abo/connexion');
    const token = link.searchParams.get('reinitialisation');
    const reset = await b.api('/api/account/password/reset', { method: 'POST', body: { token, password: 'Oubli-reglé-2026' } });
    expect(reset.status).toBe(200);
    expect(await old.auth.getSession()).toBeNull();
    expect((await b.signIn(address, 'Oubli-reglé-2026')).ok).toBe(true);
    expect((await b.api('/api/account/password/reset', { method: 'POST', body: { token, password: 'Encore-autre-2026' } })).status).toBe(
      400,
    );
  });

  it('refuses a weak password at sign-up with a French message, creating nothing', async () => {
    const b = new TestBrowser(app.url);
    const address = email('faible');
    const res = await b.api('/api/account/signup', { method: 'POST', body: { email: address, password: 'motdepasse' } });
    expect(res.status).toBe(400);
    expect((await res.json()).issues).toEqual([{ path: 'password', message: expect.stringMatching(/^Mot de passe trop faible/) }]);
    expect(await app.db.query('SELECT 1 FROM users WHERE email = $1', [address])).toEqual([]);
  });
});
