/**
 * The browser's session store: state of SEED-SPEC §3, refresh when the window is visible again
 * and on the refresh-token timer, 10 s guard on reloads, sign-out state.
 */
import type { PublicConfig } from '@immoloupe/shared/app-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionStore } from './session';

const accounts = {
  serverSideAuth: true,
  loginPage: '/abo/connexion',
  addRedirectQuery: true,
  allow404WithoutAuth: true,
  refreshTokenMaxAgeSec: 30 * 86_400,
  paymentConfigured: false,
};
const config = { accounts } as PublicConfig;
const session = {
  user: { email: 'a@exemple.fr', role: 'subscriber', client: { abo: null, aboactif: false } },
  expires: '2026-12-21T00:00:00.000Z',
};

let calls: string[];
let answer: unknown;
beforeEach(() => {
  calls = [];
  answer = session;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(input);
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sessionReads = () => calls.filter((c) => c.endsWith('/api/auth/session')).length;

describe('SessionStore', () => {
  it('starts from the session the server read, hasSignedOut false and client empty', () => {
    const signedOut = new SessionStore(null, config);
    expect(signedOut.get()).toEqual({ status: 'unauthenticated', data: null, hasSignedOut: false, client: null });
    const signedIn = new SessionStore({ email: 'a@exemple.fr', role: 'subscriber', client: null }, config);
    expect(signedIn.get()).toMatchObject({
      status: 'authenticated',
      data: { user: { email: 'a@exemple.fr', client: null } },
      client: null,
    });
    // Server-side auth off: loading until the browser reads the session.
    const deferred = new SessionStore(null, { accounts: { ...accounts, serverSideAuth: false } } as PublicConfig);
    expect(deferred.get().status).toBe('loading');
  });

  it('refreshes when the window becomes visible again, not while hidden', async () => {
    const store = new SessionStore(null, config);
    store.start(config);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sessionReads()).toBe(0);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(store.get().status).toBe('authenticated'));
    expect(sessionReads()).toBe(1);
  });

  it('refreshes on the refresh-token timer only (half the lifetime), with no other periodic refresh', async () => {
    vi.useFakeTimers();
    const store = new SessionStore({ email: 'a@exemple.fr', role: 'subscriber', client: null }, config);
    store.start(config);
    await vi.advanceTimersByTimeAsync(15 * 86_400_000 - 1_000);
    expect(sessionReads()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sessionReads()).toBe(1);
  });

  it('does not repeat a reload within 10 s unless forced', async () => {
    vi.useFakeTimers();
    const store = new SessionStore(null, config);
    await store.reload();
    await store.reload();
    expect(sessionReads()).toBe(1);
    await vi.advanceTimersByTimeAsync(10_001);
    await store.reload();
    expect(sessionReads()).toBe(2);
    await store.reload(true);
    expect(sessionReads()).toBe(3);
  });

  it('fetches the client record from /api/stripe/auth into the helper state', async () => {
    const store = new SessionStore({ email: 'a@exemple.fr', role: 'subscriber', client: null }, config);
    answer = { abo: { source: 'manual', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: true }, aboactif: true };
    await store.fetchClient();
    expect(calls).toEqual(['/api/stripe/auth']);
    expect(store.get().client?.aboactif).toBe(true);
    expect(store.get().data?.user.client?.aboactif).toBe(true);
  });

  it('marks the sign-out and hands the next page to the navigation guard', async () => {
    const store = new SessionStore({ email: 'a@exemple.fr', role: 'subscriber', client: null }, config);
    answer = { csrfToken: 'jeton' };
    vi.mocked(fetch).mockImplementation(async (input) => {
      calls.push(String(input));
      const body = String(input).endsWith('/csrf') ? { csrfToken: 'jeton' } : { url: 'http://localhost/' };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    await store.signOut('/');
    expect(store.get()).toMatchObject({ status: 'unauthenticated', data: null, hasSignedOut: true });
    expect(store.takeNextPath()).toBe('/');
    expect(store.takeNextPath()).toBeNull();
  });
});
