import { describe, expect, it } from 'vitest';
import {
  decideNavigation,
  isExternal,
  type NavigationSession,
  type NavigationUser,
  DEFAULT_NAVIGATION_OPTIONS as OPTS,
  safeRedirectPath,
  sessionReloadUrl,
} from './navigation.js';

const signedOut: NavigationSession = { status: 'unauthenticated', user: null };
const loading: NavigationSession = { status: 'loading', user: null };
const active = { abo: { source: 'stripe' as const, status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false }, aboactif: true };
const ended = { abo: { source: 'stripe' as const, status: 'canceled', currentPeriodEnd: null, cancelAtPeriodEnd: false }, aboactif: false };
const as = (user: Partial<NavigationUser>): NavigationSession => ({
  status: 'authenticated',
  user: { email: 'a@exemple.fr', role: 'subscriber', client: active, ...user },
});

describe('decideNavigation', () => {
  it('lets anyone open a public page', () => {
    expect(decideNavigation('/methodo', signedOut)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/abo/offre', as({ client: null }))).toEqual({ kind: 'allow' });
  });

  it('sends a signed-out visitor of /pro or /pro/* to the login page with the wanted address', () => {
    expect(decideNavigation('/pro', signedOut)).toEqual({
      kind: 'redirect',
      to: '/abo/connexion?redirect=%2Fpro&error=SessionRequired',
      external: false,
    });
    const d = decideNavigation('/pro/transactions?commune=75056', signedOut);
    expect(d.kind).toBe('redirect');
    const url = new URL((d as { to: string }).to, 'http://x');
    expect(url.pathname).toBe('/abo/connexion');
    expect(url.searchParams.get('redirect')).toBe('/pro/transactions?commune=75056');
    expect(url.searchParams.get('error')).toBe('SessionRequired');
  });

  it('leaves the wanted address out when the setting does not allow it', () => {
    expect(decideNavigation('/pro/admin', signedOut, { ...OPTS, addRedirectQuery: false })).toEqual({
      kind: 'redirect',
      to: '/abo/connexion?error=SessionRequired',
      external: false,
    });
  });

  it('sends a signed-out visitor of the account pages to the login page too', () => {
    expect(decideNavigation('/abo/moncompte', signedOut).kind).toBe('redirect');
    expect(decideNavigation('/abo/mescles', signedOut).kind).toBe('redirect');
  });

  it('sends a signed-in user away from login and sign-up to /pro', () => {
    expect(decideNavigation('/abo/connexion', as({}))).toEqual({ kind: 'redirect', to: '/pro', external: false });
    expect(decideNavigation('/abo/nouveaucompte?x=1', as({ client: null }))).toEqual({ kind: 'redirect', to: '/pro', external: false });
    expect(decideNavigation('/abo/connexion', signedOut)).toEqual({ kind: 'allow' });
  });

  it('exempts /abo/moncompte from the subscription check', () => {
    expect(decideNavigation('/abo/moncompte', as({ client: null }))).toEqual({ kind: 'allow' });
    expect(decideNavigation('/abo/moncompte', as({ client: ended }))).toEqual({ kind: 'allow' });
  });

  it('lets a subscriber with an active subscription into the pro area', () => {
    expect(decideNavigation('/pro/transactions', as({}))).toEqual({ kind: 'allow' });
    expect(decideNavigation('/pdf/printanalysemarche', as({}))).toEqual({ kind: 'allow' });
  });

  it('sends a user without client, e-mail or active subscription to the offer after a session reload', () => {
    for (const [user, reason] of [
      [{ client: null }, 'sans-client'],
      [{ email: null }, 'sans-email'],
      [{ client: ended }, 'abonnement-inactif'],
    ] as const) {
      const d = decideNavigation('/pro/analysemarche', as(user));
      expect(d).toEqual({
        kind: 'reload-session',
        reason,
        reload: {
          status: 'authenticated',
          data: reason,
          to: `/abo/offre?redirectionclient=${reason}`,
          from: '/pro/analysemarche',
        },
      });
    }
  });

  it('reloads the profile first when it is not loaded, fetching the client when abo is missing', () => {
    expect(decideNavigation('/pro', as({ client: undefined }))).toEqual({ kind: 'load-profile', fetchClient: true });
    expect(decideNavigation('/pro', as({ client: { aboactif: true } }))).toEqual({ kind: 'load-profile', fetchClient: true });
  });

  it('gives an administrator the pro area without a subscription, and the admin page to nobody else', () => {
    const admin = as({ role: 'admin', client: null });
    expect(decideNavigation('/pro/transactions', admin)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/pro/admin', admin)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/pro/admin', as({}))).toEqual({ kind: 'forbidden' });
  });

  it('waits while the session is loading, except on public pages', () => {
    expect(decideNavigation('/pro', loading)).toEqual({ kind: 'wait' });
    expect(decideNavigation('/cgu', loading)).toEqual({ kind: 'allow' });
  });

  it('allows unknown paths without auth unless configured otherwise', () => {
    expect(decideNavigation('/nulle-part', signedOut)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/nulle-part', signedOut, { ...OPTS, allow404WithoutAuth: false }).kind).toBe('redirect');
    expect(decideNavigation('/nulle-part', as({ client: null }), { ...OPTS, allow404WithoutAuth: false })).toEqual({ kind: 'allow' });
  });

  it('warns and does not redirect when the login page setting names no sign-in page', () => {
    const d = decideNavigation('/pro', signedOut, { ...OPTS, loginPage: '/connexion-inexistante' });
    expect(d.kind).toBe('misconfigured');
    expect((d as { warning: string }).warning).toContain('/connexion-inexistante');
  });

  it('follows route redirect rules, marking external targets', () => {
    const opts = { ...OPTS, routeRedirects: { '/pro/extension': 'https://chromewebstore.google.com/x', '/index_old': '/' } };
    expect(decideNavigation('/pro/extension', signedOut, opts, 'https://immoloupe.fr')).toEqual({
      kind: 'redirect',
      to: 'https://chromewebstore.google.com/x',
      external: true,
    });
    expect(decideNavigation('/index_old', signedOut, opts, 'https://immoloupe.fr')).toEqual({ kind: 'redirect', to: '/', external: false });
  });
});

describe('helpers', () => {
  it('keeps only same-site redirect paths', () => {
    expect(safeRedirectPath('/pro/transactions?x=1', '/pro')).toBe('/pro/transactions?x=1');
    expect(safeRedirectPath('//evil.example/x', '/pro')).toBe('/pro');
    expect(safeRedirectPath('/\\evil.example', '/pro')).toBe('/pro');
    expect(safeRedirectPath('https://evil.example/', '/pro')).toBe('/pro');
    expect(safeRedirectPath(null, '/pro')).toBe('/pro');
  });

  it('tells external targets', () => {
    expect(isExternal('/pro', 'https://immoloupe.fr')).toBe(false);
    expect(isExternal('https://immoloupe.fr/pro', 'https://immoloupe.fr')).toBe(false);
    expect(isExternal('https://stripe.com/', 'https://immoloupe.fr')).toBe(true);
    expect(isExternal('//stripe.com/', 'https://immoloupe.fr')).toBe(true);
  });

  it('builds the session reload address of SEED-SPEC §7', () => {
    const url = new URL(
      sessionReloadUrl({ status: 'authenticated', data: 'sans-client', to: '/abo/offre?redirectionclient=sans-client', from: '/pro' }),
      'http://x',
    );
    expect(url.pathname).toBe('/api/session/reload');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'authenticated',
      data: 'sans-client',
      to: '/abo/offre?redirectionclient=sans-client',
      from: '/pro',
    });
  });
});
