import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { BUILD_ID: 'build-42' } });
});
afterAll(async () => app?.close());

describe('GET /api/version', () => {
  it('returns the running build id, never cached', async () => {
    const res = await app.fetch(`/api/version?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ buildId: 'build-42' });
  });

  it('answers unknown API paths with the JSON error shape in French', async () => {
    const res = await app.fetch('/api/inconnu');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: 'Ressource introuvable\u00a0: GET /api/inconnu',
      requestId: res.headers.get('x-request-id'),
    });
  });
});
