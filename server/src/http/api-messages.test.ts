/**
 * Every route of the JSON API, fed bad values as a signed-in subscriber and administrator: each
 * refusal is a French `{ message, issues? }`, never « Invalid input: expected number, received
 * Infinity », and bad input never ends in a 500. Routes are read from the app's own route list, and
 * the fields to spoil from the issues of the first refusal, so routes added later are walked too.
 */
import { ENGLISH } from '@immoloupe/shared/zod-walk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { appEndpoints, type Endpoint, setPath } from '../test/routes.js';

/** The API routes, as mounted: the routers of app.ts under /api. */
function apiEndpoints(app: TestApp['app']): Endpoint[] {
  return appEndpoints(app).filter((e) => e.path.startsWith('/api/'));
}

// Strings because they travel in URLs; in JSON bodies `1e999` is parsed as Infinity by JSON.parse.
// Past every integer column, and a day the calendar does not have: both once answered 500.
const OVERFLOW = '9999999999999999999999';
const BAD_TEXT = ['Infinity', 'NaN', '1e999', '-1', '', 'x'.repeat(5000), '2024-13-45', '2022-02-30', OVERFLOW, 'abc'];
const BAD_JSON = [
  '1e999',
  '-1e999',
  'null',
  '""',
  `"${'x'.repeat(5000)}"`,
  'true',
  '[]',
  '{}',
  '"abc"',
  '-1',
  '1.5',
  OVERFLOW,
  '"2022-02-30"',
];
// Deleting the signed-in account or signing out would end the walk half-way; both still get bad bodies.
const PARAM_VALUES = ['abc', '0', '9'.repeat(400)];

function withParams(path: string, value: string): string {
  return path.replace(/:(\w+)/g, () => encodeURIComponent(value));
}

let app: TestApp;
let browser: TestBrowser;
beforeAll(async () => {
  app = await startTestApp();
  await createAccount(app.db, 'admin-walk@exemple.fr', 'Maison-bleue-2026', { role: 'admin', subscription: 'active' });
  browser = new TestBrowser(app.url);
  expect((await browser.signIn('admin-walk@exemple.fr', 'Maison-bleue-2026')).ok).toBe(true);
});
afterAll(async () => app?.close());

describe('API messages with bad input', () => {
  it('answers every route in French, never with a 500', async () => {
    const endpoints = apiEndpoints(app.app);
    // A floor, so that a broken route discovery cannot pass by walking nothing.
    expect(endpoints.length).toBeGreaterThan(50);
    expect(endpoints).toEqual(expect.arrayContaining([{ method: 'GET', path: '/api/market/stats' }]));

    const problems: string[] = [];
    let refusals = 0;
    const send = async (method: string, url: string, rawBody?: string) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (method !== 'GET') headers['x-csrf-token'] = await browser.csrf();
      if (rawBody !== undefined) headers['content-type'] = 'application/json';
      const res = await browser.fetch(url, { method, headers, ...(rawBody !== undefined ? { body: rawBody } : {}) });
      const where = `${method} ${url.slice(0, 120)} ${rawBody?.slice(0, 60) ?? ''}`;
      if (res.status >= 500 && res.status !== 503) problems.push(`${where} → ${res.status}`);
      if (res.status < 400 || !(res.headers.get('content-type') ?? '').includes('json')) {
        await res.body?.cancel();
        return [];
      }
      refusals += 1;
      const body = (await res.json()) as { message?: string; issues?: { path: string; message: string }[] };
      for (const text of [body.message ?? '', ...(body.issues ?? []).map((i) => i.message)]) {
        if (ENGLISH.test(text)) problems.push(`${where} → ${text}`);
      }
      return (body.issues ?? []).map((i) => i.path);
    };

    for (const { method, path } of endpoints) {
      if (path === '/api/account' && method === 'DELETE') continue; // walked last, below
      for (const param of PARAM_VALUES) {
        const url = withParams(path, param);
        if (method === 'GET') {
          // The first refusal names the expected fields; each is then spoiled in turn.
          const fields = await send(method, url);
          for (const field of new Set(fields.map((f) => f.split('.')[0] as string).filter(Boolean))) {
            for (const value of BAD_TEXT) await send(method, `${url}?${new URLSearchParams({ [field]: value })}`);
          }
        } else {
          await send(method, url);
          const fields = await send(method, url, '{}');
          for (const raw of BAD_JSON) await send(method, url, raw);
          for (const field of new Set(fields)) {
            for (const raw of BAD_JSON) {
              const body: Record<string, unknown> = {};
              setPath(body, field, '__BAD__');
              await send(method, url, JSON.stringify(body).replace('"__BAD__"', raw));
            }
          }
        }
        if (!path.includes(':')) break;
      }
    }
    for (const raw of BAD_JSON) await send('DELETE', '/api/account', raw);
    await send('DELETE', '/api/account', '{}');

    expect(refusals).toBeGreaterThan(300);
    expect(problems).toEqual([]);
    // A few thousand requests: about 15 s alone, several times that on a loaded 2-core machine.
  }, 300_000);
});
