/**
 * The browser's session (SEED-SPEC §3, §4): `{ status, data: { user: { email, client } } }` with
 * the helper state `hasSignedOut` (false at start) and `client` (empty at start). During SSR it
 * is the session the server read (root loader); in the browser one store takes over at
 * hydration, refreshed when the window becomes visible again and on a timer derived from the
 * refresh-token lifetime (periodic refresh off), with a 10 s guard on reloads.
 */
import type { ClientRecord, Role, SessionData } from '@immoloupe/shared/accounts/contracts';
import {
  createAuthClient,
  parseClientRecord,
  parseSession,
  refreshTimerMs,
  type SignInResult,
} from '@immoloupe/shared/accounts/session-client';
import type { PublicConfig, SessionUser } from '@immoloupe/shared/app-context';
import { SESSION } from '@immoloupe/shared/constants';
import type { AuthStatus } from '@immoloupe/shared/navigation';
import { useEffect, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';

export interface SessionState {
  status: AuthStatus;
  data: SessionData | null;
  hasSignedOut: boolean;
  /** The client record fetched from `GET /api/stripe/auth`; null until fetched. */
  client: ClientRecord | null;
}

interface RootData {
  user?: SessionUser | null;
  publicConfig?: PublicConfig;
}

function fromServer(user: SessionUser | null | undefined, config: PublicConfig | undefined): SessionState {
  // Server-side auth off: the page was rendered without the session; the browser reads it.
  if (config?.accounts && !config.accounts.serverSideAuth) return { status: 'loading', data: null, hasSignedOut: false, client: null };
  if (!user) return { status: 'unauthenticated', data: null, hasSignedOut: false, client: null };
  const client = (user.client as ClientRecord | null) ?? null;
  return {
    status: 'authenticated',
    data: { user: { email: user.email, role: user.role as Role, client }, expires: '' },
    hasSignedOut: false,
    client: null,
  };
}

const auth = createAuthClient();

/** One store per browser tab; never used during SSR (requests must not share state). */
export class SessionStore {
  state: SessionState;
  private listeners = new Set<() => void>();
  private lastReload = Number.NEGATIVE_INFINITY;
  private serverUser: SessionUser | null | undefined;
  private started = false;

  constructor(user: SessionUser | null | undefined, config: PublicConfig | undefined) {
    this.serverUser = user;
    this.state = fromServer(user, config);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = () => this.state;

  set(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** New root loader data (a navigation revalidated it): the server's view wins. */
  syncFromServer(user: SessionUser | null | undefined, config: PublicConfig | undefined): void {
    if (user === this.serverUser || (config?.accounts && !config.accounts.serverSideAuth)) return;
    this.serverUser = user;
    const next = fromServer(user, config);
    this.set({ status: next.status, data: next.data, ...(next.status === 'unauthenticated' ? { client: null } : {}) });
  }

  /** Reads `/api/auth/session` (Auth.js also renews the cookie). */
  async refresh(): Promise<SessionState> {
    try {
      const data = await auth.getSession();
      this.set(data ? { status: 'authenticated', data } : { status: 'unauthenticated', data: null, client: null });
    } catch {
      // Offline or server restarting: keep what we know; the next visibility change retries.
      if (this.state.status === 'loading') this.set({ status: 'unauthenticated', data: null });
    }
    return this.state;
  }

  /** A reload is not repeated within the guard delay (10 s) unless forced. */
  async reload(force = false): Promise<SessionState> {
    const now = Date.now();
    if (!force && now - this.lastReload < SESSION.reloadGuardMs) return this.state;
    this.lastReload = now;
    return this.refresh();
  }

  /** `GET /api/stripe/auth`: the client record (abo, aboactif). */
  async fetchClient(): Promise<ClientRecord | null> {
    const res = await fetch('/api/stripe/auth', { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const client = parseClientRecord(await res.json());
    const data = this.state.data;
    this.set({ client, ...(data ? { data: { ...data, user: { ...data.user, client } } } : {}) });
    return client;
  }

  /**
   * `GET /api/session/reload?…` (subscription missing): the server reads the session afresh and
   * names where to go (back to `from` if the subscription is active by now). Guarded like reload.
   */
  async reloadForSubscription(url: string, fallback: string): Promise<string> {
    const now = Date.now();
    if (now - this.lastReload < SESSION.reloadGuardMs) return fallback;
    this.lastReload = now;
    try {
      const res = await fetch(url, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' } });
      const body = (await res.json()) as { status?: string; user?: unknown; to?: unknown };
      const session = body.user ? parseSession({ user: body.user, expires: this.state.data?.expires ?? '' }) : null;
      this.set(session ? { status: 'authenticated', data: session } : { status: 'unauthenticated', data: null, client: null });
      return typeof body.to === 'string' ? body.to : fallback;
    } catch {
      return fallback;
    }
  }

  /**
   * Where to go once the session changed by sign-in or sign-out: taken by the navigation guard,
   * so that one navigation follows (not the guard's default target, then this one).
   */
  private nextPath: string | null = null;

  takeNextPath(): string | null {
    const next = this.nextPath;
    this.nextPath = null;
    return next;
  }

  async signIn(email: string, password: string, callbackUrl: string): Promise<SignInResult> {
    const result = await auth.signIn('credentials', { email, password }, { callbackUrl });
    if (result.ok) {
      this.lastReload = Date.now();
      this.nextPath = callbackUrl;
      await this.refresh();
      this.set({ hasSignedOut: false });
    }
    return result;
  }

  async signOut(callbackUrl = '/'): Promise<string> {
    const { url } = await auth.signOut({ callbackUrl });
    this.nextPath = callbackUrl;
    this.set({ status: 'unauthenticated', data: null, hasSignedOut: true, client: null });
    return url;
  }

  /** Visibility refresh and the refresh-token timer; started once per tab. */
  start(config: PublicConfig | undefined): void {
    if (this.started) return;
    this.started = true;
    if (this.state.status === 'loading') void this.refresh();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void this.refresh();
    });
    const lifetime = config?.accounts?.refreshTokenMaxAgeSec;
    if (lifetime) setInterval(() => void this.refresh(), refreshTimerMs(lifetime, SESSION.maxRefreshIntervalMs));
  }
}

let store: SessionStore | undefined;

function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

/** The session store of this tab (browser only). */
export function sessionStore(): SessionStore | undefined {
  return store;
}

export interface SessionApi extends SessionState {
  refresh(): Promise<SessionState>;
  reload(force?: boolean): Promise<SessionState>;
  fetchClient(): Promise<ClientRecord | null>;
  signIn(email: string, password: string, callbackUrl: string): Promise<SignInResult>;
  signOut(callbackUrl?: string): Promise<string>;
}

const noop = () => () => undefined;

export function useSession(): SessionApi {
  const root = useRootData();
  if (typeof window !== 'undefined' && !store) store = new SessionStore(root?.user, root?.publicConfig);
  const serverState = fromServer(root?.user, root?.publicConfig);
  const state = useSyncExternalStore(
    store?.subscribe ?? noop,
    () => store?.get() ?? serverState,
    () => serverState,
  );
  useEffect(() => {
    store?.syncFromServer(root?.user, root?.publicConfig);
  }, [root?.user, root?.publicConfig]);
  const s = store;
  return {
    ...state,
    refresh: () => (s ? s.refresh() : Promise.resolve(state)),
    reload: (force) => (s ? s.reload(force) : Promise.resolve(state)),
    fetchClient: () => (s ? s.fetchClient() : Promise.resolve(null)),
    signIn: (email, password, callbackUrl) => (s as SessionStore).signIn(email, password, callbackUrl),
    signOut: (callbackUrl) => (s as SessionStore).signOut(callbackUrl),
  };
}

/** Starts the refreshes of the session (once per tab); rendered by the shell. */
export function useSessionRefresh(): void {
  const root = useRootData();
  useEffect(() => {
    store?.start(root?.publicConfig);
  }, [root?.publicConfig]);
}

/** The signed-in user as the pages see it, or null. */
export function useSessionUser(): SessionUser | null {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.data?.user : null;
  return user ? { email: user.email, role: user.role, client: user.client } : null;
}
