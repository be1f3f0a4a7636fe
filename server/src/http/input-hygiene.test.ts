/**
 * NUL characters and lone surrogates never reach a route (decision 1300): every write route the app
 * registers, read from its own route list, gets a NUL in each field its contract names, in its path
 * and in its query string, as a signed-in administrator with a subscription; each answer is the
 * French 400 of the boundary naming the field, and the database is the same after as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../auth/testing/browser.js';
import type { Db } from '../db/client.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { appEndpoints, type Endpoint, setPath } from '../test/routes.js';
import { TOO_LARGE } from './errors.js';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from './input-hygiene.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every write route of the app with its full path: the routers mounted on /api, /brevo… included. */
function writeEndpoints(app: TestApp['app']): Endpoint[] {
  return appEndpoints(app).filter((e) => WRITE_METHODS.has(e.method));
}

/** Every table's rows, as one text per table: equal fingerprints, equal data. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ n: string; h: string | null }>(
      `SELECT count(*)::text AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM ${name} t`,
    );
    out[name] = `${row?.n}:${row?.h ?? ''}`;
  }
  return out;
}

// Touched by every signed-in request before any route (the session's last use), whatever its answer.
const TOUCHED_BY_ANY_REQUEST = new Set(['public.sessions']);

function withoutTouched(print: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(print).filter(([name]) => !TOUCHED_BY_ANY_REQUEST.has(name)));
}

const SOME_ID = '00000000-0000-4000-8000-000000000001';
const withParams = (path: string, value: string) => path.replace(/:(\w+)/g, () => value);

let app: TestApp;
let browser: TestBrowser;
beforeAll(async () => {
  app = await startTestApp();
  await createAccount(app.db, 'admin-nul@exemple.fr', 'Maison-bleue-2026', { role: 'admin', subscription: 'active' });
  browser = new TestBrowser(app.url);
  expect((await browser.signIn('admin-nul@exemple.fr', 'Maison-bleue-2026')).ok).toBe(true);
});
afterAll(async () => app?.close());

describe('unsafe text', () => {
  it('finds a NUL or a lone surrogate in values and keys, at any depth', () => {
    expect(findUnsafeText({ a: ['ok', { b: 'x\u0000y' }] })).toEqual({ path: 'a.1.b', message: 'Caractère nul (U+0000) refusé' });
    expect(findUnsafeText({ 'cl\u0000é': 1 })?.path).toBe('cl\u0000é');
    expect(findUnsafeText({ t: 'a\ud800b' })?.message).toMatch(/demi-paire/);
    expect(findUnsafeText({ t: 'fin\udc00' })?.message).toMatch(/demi-paire/);
    // A whole pair is one character (an emoji), not a half.
    expect(findUnsafeText({ t: 'maison 🏠', n: 3, z: null })).toBeNull();
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)?.message).toMatch(/nul/);
  });

  it('refuses a NUL in every field, path and query string of every write route, in French, and changes nothing', async () => {
    const endpoints = writeEndpoints(app.app);
    // Floors, so that a broken route discovery cannot pass by sweeping nothing.
    expect(endpoints.length).toBeGreaterThan(40);
    expect(endpoints).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/saved-searches' },
        { method: 'DELETE', path: '/api/account' },
        { method: 'POST', path: '/brevo/desinscription' },
      ]),
    );

    const send = async (method: string, url: string, body?: string) => {
      const headers: Record<string, string> = { accept: 'application/json', 'x-csrf-token': await browser.csrf() };
      if (body !== undefined) headers['content-type'] = body.startsWith('{') ? 'application/json' : 'application/x-www-form-urlencoded';
      return browser.fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    };

    // The fields each contract names, from its refusal of an empty body (before the sweep's
    // fingerprint: an empty body that a route accepts may do what it does).
    const fields = new Map<string, string[]>();
    for (const e of endpoints) {
      const res = await send(e.method, withParams(e.path, SOME_ID), '{}');
      let named: string[] = [];
      if (res.headers.get('content-type')?.includes('json'))
        named = ((await res.json()) as { issues?: { path: string }[] }).issues?.map((i) => i.path).filter(Boolean) ?? [];
      else await res.body?.cancel();
      // A field no contract has, for the routes that name none (no body, or everything optional).
      fields.set(`${e.method} ${e.path}`, [...new Set([...named, 'texte'])]);
    }

    const before = await fingerprint(app.db);
    const problems: string[] = [];
    let cases = 0;
    const expectRefused = async (method: string, url: string, field: string, body?: string) => {
      cases += 1;
      const res = await send(method, url, body);
      const answer = res.headers.get('content-type')?.includes('json')
        ? ((await res.json()) as { message?: string; issues?: { path: string; message: string }[] })
        : { message: await res.text() };
      const where = `${method} ${url.slice(0, 100)} ${body?.slice(0, 80) ?? ''}`;
      if (res.status !== 400) problems.push(`${where} → ${res.status} ${answer.message}`);
      else if (answer.message !== UNSAFE_TEXT_MESSAGE || answer.issues?.[0]?.path !== field)
        problems.push(`${where} → ${answer.message} ${JSON.stringify(answer.issues)}`);
    };

    for (const e of endpoints) {
      const url = withParams(e.path, SOME_ID);
      // Stripe's body is bytes checked against its signature, never parsed before.
      const bodyFields = e.path === '/api/stripe/webhook' ? [] : (fields.get(`${e.method} ${e.path}`) ?? []);
      for (const field of bodyFields) {
        const body: Record<string, unknown> = {};
        setPath(body, field, 'Paris\u0000; DROP');
        // The alert unsubscription pages parse forms only: a JSON body is never read there.
        if (!e.path.startsWith('/brevo/alertes/')) await expectRefused(e.method, url, field, JSON.stringify(body));
        // The same field from a form (the pages' and Auth.js's bodies).
        await expectRefused(e.method, url, field, new URLSearchParams({ [field]: 'Paris\u0000' }).toString());
      }
      await expectRefused(e.method, `${url}?texte=a%00b`, 'texte');
      if (e.path.includes(':')) await expectRefused(e.method, withParams(e.path, 'a%00b'), 'adresse');
    }
    // Mounted as a middleware, Auth.js's routes are not in the route list: its sign-in by form.
    await expectRefused('POST', '/api/auth/callback/credentials', 'email', JSON.stringify({ email: 'a\u0000@exemple.fr', password: 'x' }));

    expect(problems).toEqual([]);
    expect(withoutTouched(await fingerprint(app.db))).toEqual(withoutTouched(before));
    console.info(`NUL sweep: ${endpoints.length} write routes, ${cases} refused cases`);
    expect(cases).toBeGreaterThan(endpoints.length * 2);
  }, 300_000);

  it('refuses a lone surrogate in a body, and a NUL in a read route’s query string', async () => {
    const raw = await browser.fetch('/api/saved-searches', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': await browser.csrf() },
      body: '{"name":"Mes ventes \\ud800"}',
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({
      message: UNSAFE_TEXT_MESSAGE,
      issues: [{ path: 'name', message: expect.stringMatching(/demi-paire/) }],
    });
    const read = await browser.fetch('/api/geocode?q=Lyon%00');
    expect(read.status).toBe(400);
    expect(await read.json()).toMatchObject({ message: UNSAFE_TEXT_MESSAGE, issues: [{ path: 'q' }] });
  });
});

describe('bodies over the limit', () => {
  it('answers « Requête trop volumineuse » (413) to a JSON body over 1 MB, and stores nothing', async () => {
    const before = withoutTouched(await fingerprint(app.db));
    const big = await browser.fetch('/api/saved-searches', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': await browser.csrf() },
      body: JSON.stringify({ name: 'Trop long', query: { q: 'x'.repeat(1_100_000) } }),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe(TOO_LARGE);
    expect(TOO_LARGE).toBe('Requête trop volumineuse.');
    expect(withoutTouched(await fingerprint(app.db))).toEqual(before);
  });
});
