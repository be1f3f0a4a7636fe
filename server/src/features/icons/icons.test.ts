import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

describe('local icon endpoint', () => {
  it('serves the requested icons in the Iconify API shape', async () => {
    const res = await app.fetch('/api/_icons/tabler.json?icons=home,map-pin');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { prefix: string; icons: Record<string, { body: string }> };
    expect(body.prefix).toBe('tabler');
    expect(Object.keys(body.icons).sort()).toEqual(['home', 'map-pin']);
    expect(body.icons.home?.body).toContain('<path');
  });

  it('refuses request URLs over 500 characters', async () => {
    const names = Array.from({ length: 80 }, (_, i) => `icon-${i}`).join(',');
    const res = await app.fetch(`/api/_icons/tabler.json?icons=${names}`);
    expect(res.status).toBe(414);
  });

  it('answers 404 for an unknown icon set', async () => {
    expect((await app.fetch('/api/_icons/inconnu.json?icons=a')).status).toBe(404);
  });

  it('answers a French 404, not a 500, for the names every object has', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) {
      const res = await app.fetch(`/api/_icons/${name}.json?icons=home`);
      expect(res.status, name).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Jeu d’icônes inconnu.' });
    }
    const other = await app.fetch('/api/_autre/constructor.json');
    expect(other.status).toBe(404);
    expect(((await other.json()) as { message: string }).message).toMatch(/^Ressource introuvable/);
  });
});
