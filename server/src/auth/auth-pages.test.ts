/**
 * What a visitor can reach under /api/auth besides the API itself: every page Auth.js would draw
 * in English redirects to our French sign-in page, an unknown action answers in French, and a
 * refused CSRF check is one warning line without a stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { UNKNOWN_AUTH_ACTION } from './auth-js.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('Auth.js pages', () => {
  it.each(['/api/auth/verify-request', '/api/auth/signout', '/api/auth/signin', '/api/auth/error?error=Verification'])(
    '%s redirects to the French sign-in page',
    async (path) => {
      const res = await t.fetch(path);
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get('location') ?? '', t.url).pathname).toBe('/abo/connexion');
    },
  );

  it.each([
    ['GET', '/api/auth/nope'],
    ['POST', '/api/auth/nope'],
    ['POST', '/api/auth/providers'],
    ['GET', '/api/auth/webauthn-options/credentials'],
  ])('%s %s answers 404 in French, without an error logged', async (method, path) => {
    const before = t.logs.length;
    const res = await t.fetch(path, { method, headers: form, ...(method === 'POST' ? { body: 'a=b' } : {}) });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(UNKNOWN_AUTH_ACTION);
    expect(t.logs.slice(before).filter((l) => l.level === 'error')).toEqual([]);
  });

  it('logs a refused CSRF check as one warning without a stack, and sends the visitor back to sign in', async () => {
    const before = t.logs.length;
    const res = await t.fetch('/api/auth/callback/credentials', { method: 'POST', headers: form, body: 'email=a%40exemple.fr&password=x' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location') ?? '').search).toBe('?error=MissingCSRF');
    const lines = t.logs.slice(before).filter((l) => l.level !== 'debug' && l.msg !== 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', msg: 'auth request refused', type: 'MissingCSRF' });
    expect(JSON.stringify(lines[0])).not.toContain('stack');
    expect(JSON.stringify(lines[0])).not.toMatch(/\n\s+at /);
  });
});
