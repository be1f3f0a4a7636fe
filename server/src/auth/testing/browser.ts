/**
 * A cookie-keeping HTTP client for the accounts tests: it plays one browser (its own cookies,
 * our CSRF header on state-changing API calls) against an in-process app.
 */
import { createAuthClient } from '@immoloupe/shared/accounts/session-client';
import type { Db } from '../../db/client.js';

export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
  ) {}

  /** fetch with this browser's cookies, keeping the ones the server sets; redirects not followed. */
  fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = input.startsWith('http') ? input : `${this.baseUrl}${input}`;
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (!headers.has('user-agent')) headers.set('user-agent', this.userAgent);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = (pair as string).indexOf('=');
      const name = (pair as string).slice(0, i).trim();
      const value = (pair as string).slice(i + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1] as string) < new Date()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  };

  get auth() {
    return createAuthClient({ baseUrl: this.baseUrl, fetch: this.fetch as typeof fetch });
  }

  /** Our API's double-submit token (cookie set on the first response). */
  async csrf(): Promise<string> {
    if (!this.cookies.has('immoloupe.csrf')) await this.fetch('/api/version');
    return decodeURIComponent(this.cookies.get('immoloupe.csrf') ?? '');
  }

  /** A JSON API call, with the CSRF header on state-changing methods. */
  async api(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (method !== 'GET') headers['x-csrf-token'] ??= await this.csrf();
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return this.fetch(path, { method, headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) });
  }

  async signIn(email: string, password: string, callbackUrl = '/pro') {
    return this.auth.signIn('credentials', { email, password }, { callbackUrl });
  }

  get signedIn(): boolean {
    return this.cookies.has('authjs.session-token');
  }
}

/** A confirmed account created straight in the database (password hashed like sign-up does). */
export async function createAccount(
  db: Db,
  email: string,
  password: string,
  options: { role?: 'subscriber' | 'admin'; subscription?: 'active' | 'canceled' | null; marketingConsent?: boolean } = {},
): Promise<string> {
  const { hashPassword } = await import('../passwords.js');
  const rows = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, role, email_verified_at, marketing_consent) VALUES ($1, $2, $3, now(), $4) RETURNING id`,
    [email, await hashPassword(password), options.role ?? 'subscriber', options.marketingConsent ?? false],
  );
  const id = (rows[0] as { id: string }).id;
  if (options.subscription) {
    const [client] = await db.query<{ id: string }>('INSERT INTO clients (user_id) VALUES ($1) RETURNING id', [id]);
    await db.query(
      `INSERT INTO subscriptions (client_id, source, status, current_period_end)
       VALUES ($1, 'manual', $2, now() + (CASE WHEN $2 = 'active' THEN interval '30 days' ELSE interval '-1 day' END))`,
      [(client as { id: string }).id, options.subscription],
    );
  }
  return id;
}
