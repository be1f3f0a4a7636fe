// URL, URLSearchParams and fetch: web standards, global in browsers and in Node alike.
/// <reference lib="dom" />
/**
 * The navigation rules of SEED-SPEC §4 and §6, as one pure decision: given the page asked for
 * and the session, allow it, redirect, or first reload the session. The server applies it during
 * SSR (a 302 before any protected HTML) and the browser after hydration, so both agree.
 */
import type { ClientRecord, Role } from './accounts/contracts.js';
import { findSpecRoute, type RouteAccess } from './routes.js';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface NavigationUser {
  /** Null when the account has no e-mail (cannot happen with e-mail sign-in, kept for the rule). */
  email: string | null;
  role: Role;
  /**
   * The client record: null when the user has none; undefined when the profile is not loaded
   * yet (browser only: the server always reads it). `abo` undefined: not loaded either.
   */
  client: (Omit<ClientRecord, 'abo'> & { abo?: ClientRecord['abo'] }) | null | undefined;
}

export interface NavigationSession {
  status: AuthStatus;
  user: NavigationUser | null;
}

export interface NavigationOptions {
  /** Where a signed-out visitor of a protected page is sent. */
  loginPage: string;
  /** Pass the wanted address as the `redirect` query of the login page. */
  addRedirectQuery: boolean;
  /** Unknown (404) paths are shown to signed-out visitors; false: they need sign-in. */
  allow404WithoutAuth: boolean;
  /** Where a signed-in user on a signed-out-only page goes, login and sign-up excepted. */
  signedInRedirect: string;
  /** Route rules that redirect (path → target, relative or absolute). */
  routeRedirects?: Readonly<Record<string, string>>;
}

export const DEFAULT_NAVIGATION_OPTIONS: NavigationOptions = {
  loginPage: '/abo/connexion',
  addRedirectQuery: true,
  allow404WithoutAuth: true,
  signedInRedirect: '/',
};

/** Login and sign-up: a signed-in user is sent to the pro area. */
export const SIGN_IN_PATHS: readonly string[] = ['/abo/connexion', '/abo/nouveaucompte'];
export const PRO_HOME = '/pro';
export const OFFER_PAGE = '/abo/offre';
/** Error code put on the sign-in redirect (Auth.js's code for "this page needs a session"). */
export const SESSION_REQUIRED = 'SessionRequired';

/** Why a signed-in user is sent to the offer (the `redirectionclient` marker). */
export type MissingSubscription = 'sans-email' | 'sans-client' | 'abonnement-inactif';

export type NavigationDecision =
  | { kind: 'allow' }
  /** Session still loading (browser): decide again when it is known. */
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string; external: boolean }
  /** Profile not loaded (browser): reload the session, and fetch the client record when `abo` is missing. */
  | { kind: 'load-profile'; fetchClient: boolean }
  /** `GET /api/session/reload?…` first, then go to `to` (unless the reload finds an active subscription). */
  | { kind: 'reload-session'; reason: MissingSubscription; reload: { status: AuthStatus; data: string; to: string; from: string } }
  /** A page for administrators, opened by someone else. */
  | { kind: 'forbidden' }
  /** The login page setting names no sign-in page: warn, and do not redirect. */
  | { kind: 'misconfigured'; warning: string };

/** A same-site path (`/…`, not `//…`), or the fallback: the only redirect targets we follow. */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const url = new URL(value, 'http://x');
    if (url.origin !== 'http://x') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** True when `to` leaves the site (another origin): the browser then does a full page load. */
export function isExternal(to: string, origin: string): boolean {
  if (to.startsWith('/') && !to.startsWith('//')) return false;
  try {
    return new URL(to, origin).origin !== new URL(origin).origin;
  } catch {
    return false;
  }
}

function pathOf(fullPath: string): string {
  const i = fullPath.search(/[?#]/);
  return i === -1 ? fullPath : fullPath.slice(0, i);
}

/** Access of a path: the route table's, or none for an unknown (404) path. */
export function accessOf(pathname: string): RouteAccess | 'unknown' {
  return findSpecRoute(pathname)?.access ?? 'unknown';
}

export function loginRedirect(fullPath: string, options: NavigationOptions): string {
  const query = new URLSearchParams();
  if (options.addRedirectQuery) query.set('redirect', fullPath);
  query.set('error', SESSION_REQUIRED);
  return `${options.loginPage}?${query}`;
}

export function offerRedirect(reason: MissingSubscription): string {
  return `${OFFER_PAGE}?${new URLSearchParams({ redirectionclient: reason })}`;
}

/** The missing piece that keeps a signed-in user out of the subscriber pages, if any. */
export function missingSubscription(user: NavigationUser): MissingSubscription | null {
  if (user.role === 'admin') return null;
  if (!user.email) return 'sans-email';
  if (!user.client) return 'sans-client';
  if (!user.client.aboactif) return 'abonnement-inactif';
  return null;
}

/**
 * The decision for `fullPath` (path, query and hash as the browser shows them) opened with
 * `session`. `origin` is the site's own origin, to tell an external redirect target.
 */
export function decideNavigation(
  fullPath: string,
  session: NavigationSession,
  options: NavigationOptions = DEFAULT_NAVIGATION_OPTIONS,
  origin = 'http://localhost',
): NavigationDecision {
  const pathname = pathOf(fullPath);
  const ruleTarget = options.routeRedirects?.[pathname];
  if (ruleTarget) return { kind: 'redirect', to: ruleTarget, external: isExternal(ruleTarget, origin) };

  let access = accessOf(pathname);
  if (access === 'unknown') {
    if (options.allow404WithoutAuth) return { kind: 'allow' };
    access = 'account';
  }
  if (access === 'public') return { kind: 'allow' };
  if (session.status === 'loading') return { kind: 'wait' };
  const user = session.status === 'authenticated' ? session.user : null;

  if (access === 'guest') {
    if (!user) return { kind: 'allow' };
    const to = SIGN_IN_PATHS.includes(pathname) ? PRO_HOME : options.signedInRedirect;
    return { kind: 'redirect', to, external: isExternal(to, origin) };
  }

  // Protected from here on: account, subscriber, admin.
  if (!user) {
    if (accessOf(options.loginPage) !== 'guest') {
      return {
        kind: 'misconfigured',
        warning: `La page de connexion configurée « ${options.loginPage} » n’existe pas\u00a0: aucune redirection.`,
      };
    }
    return { kind: 'redirect', to: loginRedirect(fullPath, options), external: false };
  }
  if (access === 'account') return { kind: 'allow' };
  if (access === 'admin') return user.role === 'admin' ? { kind: 'allow' } : { kind: 'forbidden' };

  // Subscriber pages (/pro, /pro/*, /pdf/*): an administrator has them without a subscription.
  if (user.role === 'admin') return { kind: 'allow' };
  if (user.client === undefined || (user.client && user.client.abo === undefined)) {
    return { kind: 'load-profile', fetchClient: user.client?.abo === undefined };
  }
  const reason = missingSubscription(user);
  if (!reason) return { kind: 'allow' };
  return {
    kind: 'reload-session',
    reason,
    reload: { status: session.status, data: reason, to: offerRedirect(reason), from: fullPath },
  };
}

/** The `GET /api/session/reload` address for a `reload-session` decision. */
export function sessionReloadUrl(reload: { status: AuthStatus; data: string; to: string; from: string }): string {
  return `/api/session/reload?${new URLSearchParams(reload)}`;
}
