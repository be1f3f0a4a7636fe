/** The OpenAPI description is served, generated from the zod contracts, and names only real routes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../../test/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { name: string; style?: string; explode?: boolean; required: boolean }[] }>>;
}

describe('GET /api/openapi.json', () => {
  it('describes the market API with its query parameters', async () => {
    const res = await app.fetch('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    const stats = doc.paths['/market/stats']?.get?.parameters ?? [];
    expect(stats.map((p) => p.name)).toEqual(expect.arrayContaining(['insee', 'from', 'to', 'types', 'natures', 'lat', 'lon', 'radius']));
    expect(stats.find((p) => p.name === 'types')).toMatchObject({ style: 'form', explode: false, required: false });
    // Without a period, the server picks the default one, which ends at the zone's newest sale.
    expect(stats.find((p) => p.name === 'from')?.required).toBe(false);
  });

  it('names only routes that exist (a subscriber never gets the API’s generic 404)', async () => {
    await createAccount(app.db, 'openapi@exemple.fr', 'Maison-bleue-2026', { subscription: 'active' });
    const b = new TestBrowser(app.url);
    expect((await b.signIn('openapi@exemple.fr', 'Maison-bleue-2026')).ok).toBe(true);
    const doc = (await (await app.fetch('/api/openapi.json')).json()) as Doc;
    for (const [path, methods] of Object.entries(doc.paths)) {
      const url = `/api${path.replace('{id}', '00000000-0000-4000-8000-000000000000')}`;
      for (const method of Object.keys(methods)) {
        const res = await b.api(url, { method: method.toUpperCase(), ...(method === 'post' ? { body: {} } : {}) });
        const body = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { message?: string }) : {};
        expect([url, body.message?.startsWith('Ressource introuvable') ?? false]).toEqual([url, false]);
      }
    }
  });
});
