// URL, URLSearchParams and fetch: web standards, global in browsers and in Node alike.
/// <reference lib="dom" />
/**
 * The authentication client of SEED-SPEC §3/§7: the calls to Auth.js (`/session`, `/csrf`,
 * `/providers`, `/signin/{provider}`, `/callback/{provider}`, `/signout`, form-encoded with
 * `csrfToken`, `callbackUrl` and `json`) and the errors of §8 that belong to the client:
 * `InvalidProvider` (500 when the provider list is unavailable, 400 for an unknown provider) and
 * "Could not fetch CSRF Token for signing out" (400). No DOM: the browser's session store and
 * the server's tests both use it, each with its own `fetch`.
 */
import type { ClientRecord, SessionData } from './contracts.js';

export const AUTH_BASE_PATH = '/api/auth';

export class AuthClientError extends Error {
  constructor(
    public readonly status: number,
    /** The seed's status message: `InvalidProvider`, or the sign-out CSRF message. */
    message: string,
  ) {
    super(message);
  }
}

export const INVALID_PROVIDER = 'InvalidProvider';
export const SIGNOUT_CSRF_ERROR = 'Could not fetch CSRF Token for signing out';

export interface AuthProvider {
  id: string;
  name: string;
  type: string;
  signinUrl: string;
  callbackUrl: string;
}

export interface SignInResult {
  ok: boolean;
  /** Auth.js error type (`CredentialsSignin`…) when refused. */
  error: string | null;
  /** Our precise code on a refused sign-in (`identifiants`, `trop-de-tentatives`, `adresse-non-confirmee`). */
  code: string | null;
  /** Where Auth.js sends the browser next. */
  url: string;
}

export interface AuthClientOptions {
  /** Origin to call, for use outside a browser page (tests); same origin when omitted. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export interface AuthClient {
  getSession(): Promise<SessionData | null>;
  getCsrfToken(): Promise<string | null>;
  /** The providers, or null when the list cannot be read. */
  getProviders(): Promise<Record<string, AuthProvider> | null>;
  signIn(provider: string, fields: Record<string, string>, options?: { callbackUrl?: string }): Promise<SignInResult>;
  signOut(options?: { callbackUrl?: string }): Promise<{ url: string }>;
}

/**
 * The session answer checked by hand, not with zod: this runs on every page, and the schema
 * library would weigh more than the whole session client (contracts.ts has the zod schema for
 * the server side).
 */
export function parseSession(body: unknown): SessionData | null {
  const b = body as { user?: { email?: unknown; role?: unknown; client?: unknown }; expires?: unknown } | null;
  const user = b?.user;
  if (!user || typeof user.email !== 'string' || (user.role !== 'subscriber' && user.role !== 'admin') || typeof b?.expires !== 'string') {
    return null;
  }
  return { user: { email: user.email, role: user.role, client: parseClientRecord(user.client) }, expires: b.expires };
}

export function parseClientRecord(body: unknown): ClientRecord | null {
  const c = body as { abo?: unknown; aboactif?: unknown } | null;
  if (!c || typeof c !== 'object' || typeof c.aboactif !== 'boolean') return null;
  const a = c.abo as Record<string, unknown> | null | undefined;
  const abo =
    a && (a.source === 'stripe' || a.source === 'manual' || a.source === 'trial') && typeof a.status === 'string'
      ? {
          source: a.source as 'stripe' | 'manual' | 'trial',
          status: a.status,
          currentPeriodEnd: typeof a.currentPeriodEnd === 'string' ? a.currentPeriodEnd : null,
          cancelAtPeriodEnd: a.cancelAtPeriodEnd === true,
        }
      : null;
  return { abo, aboactif: c.aboactif };
}

/** The browser's session refresh timer: from the refresh-token lifetime, capped to setTimeout's largest delay. */
export function refreshTimerMs(refreshTokenMaxAgeSec: number, capMs = 2_147_483_647): number {
  // Half the lifetime: the cookie is renewed well before it could lapse in an open tab.
  const ms = Math.floor((refreshTokenMaxAgeSec * 1000) / 2);
  return Math.max(60_000, Math.min(ms, capMs));
}

export function createAuthClient(options: AuthClientOptions = {}): AuthClient {
  const base = `${options.baseUrl ?? ''}${AUTH_BASE_PATH}`;
  const doFetch = (input: string, init?: RequestInit) => (options.fetch ?? fetch)(input, { credentials: 'same-origin', ...init });

  async function getJson(path: string): Promise<unknown> {
    const res = await doFetch(`${base}${path}`, { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (!res.ok) throw new AuthClientError(res.status, `HTTP ${res.status}`);
    return res.json();
  }

  async function getCsrfToken(): Promise<string | null> {
    try {
      const body = (await getJson('/csrf')) as { csrfToken?: unknown };
      return typeof body?.csrfToken === 'string' && body.csrfToken ? body.csrfToken : null;
    } catch {
      return null;
    }
  }

  async function post(path: string, fields: Record<string, string>): Promise<string> {
    const res = await doFetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        // Auth.js answers `{ url }` instead of a redirect when asked so.
        'x-auth-return-redirect': '1',
      },
      body: new URLSearchParams(fields).toString(),
    });
    const body = (await res.json().catch(() => null)) as { url?: unknown } | null;
    if (typeof body?.url !== 'string') throw new AuthClientError(res.status || 500, `HTTP ${res.status}`);
    return body.url;
  }

  return {
    async getSession() {
      return parseSession(await getJson('/session'));
    },
    getCsrfToken,
    async getProviders() {
      try {
        return (await getJson('/providers')) as Record<string, AuthProvider>;
      } catch {
        return null;
      }
    },
    async signIn(provider, fields, opts = {}) {
      const providers = await this.getProviders();
      if (!providers) throw new AuthClientError(500, INVALID_PROVIDER);
      const found = providers[provider];
      if (!found) throw new AuthClientError(400, INVALID_PROVIDER);
      const csrfToken = (await getCsrfToken()) ?? '';
      const action = found.type === 'credentials' ? 'callback' : 'signin';
      const url = await post(`/${action}/${provider}`, { ...fields, csrfToken, callbackUrl: opts.callbackUrl ?? '/pro', json: 'true' });
      const params = new URL(url, 'http://x').searchParams;
      const error = params.get('error');
      return { ok: !error, error, code: params.get('code'), url };
    },
    async signOut(opts = {}) {
      const csrfToken = await getCsrfToken();
      if (!csrfToken) throw new AuthClientError(400, SIGNOUT_CSRF_ERROR);
      const url = await post('/signout', { csrfToken, callbackUrl: opts.callbackUrl ?? '/', json: 'true' });
      return { url };
    },
  };
}
