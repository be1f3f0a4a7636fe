/**
 * `POST /api/listings/parse` with the largest text the API accepts: it answers in under a second
 * and the process stays free meanwhile (`/api/version` answers in under 100 ms). The issue asks for
 * these time bounds in a test; the figures are in bench/listing-parse.ts. Too large a body is refused
 * with a French message.
 */
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { type RouterServer, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { versionRoutes } from '../version/routes.js';
import { listingRoutes } from './routes.js';

let db: Db;
let api: RouterServer;

beforeAll(async () => {
  db = await createTestDb();
  api = await serveRouter(Router().use(versionRoutes('test')).use(listingRoutes({ db })), SUBSCRIBER);
  // The first requests of a process load and compile code: timed requests come after.
  await api.fetch('/api/version');
  await parse({ text: 'Appartement 3 pièces 62 m² Bondy (93140) 239 000 €' });
});
afterAll(async () => {
  await api?.close();
  await db?.close();
});

const parse = (body: unknown) =>
  api.fetch('/api/listings/parse', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('POST /api/listings/parse under load', () => {
  it.each([
    ['digits', '7'.repeat(200_000)],
    ['digits and words', '12 chambres 3e étage Bondy 93140 '.repeat(7000).slice(0, 200_000)],
  ])('reads 200 000 characters of %s in under 1 s while /api/version answers in under 100 ms', async (_name, text) => {
    const start = performance.now();
    const parsing = parse({ text }).then(async (res) => ({ res, ms: performance.now() - start, body: await res.json() }));
    // The version request leaves once the text is on its way, so it waits on the parse if the parse blocks.
    await new Promise((r) => setTimeout(r, 15));
    const versionStart = performance.now();
    const version = await api.fetch('/api/version');
    const versionMs = performance.now() - versionStart;
    const parsed = await parsing;
    expect(version.status).toBe(200);
    expect(versionMs).toBeLessThan(100);
    expect(parsed.ms).toBeLessThan(1000);
    expect([200, 422]).toContain(parsed.res.status);
  });

  it('refuses a text or a page source larger than a real listing needs, in French, before reading it', async () => {
    const text = await parse({ text: 'a'.repeat(200_001) });
    expect(text.status).toBe(400);
    expect((await text.json()).issues[0].message).toMatch(/^Texte trop long \(200\u00a0000 caractères au plus\)/);
    const page = await api.fetch('/api/listings/parse', {
      method: 'POST',
      headers: { 'content-type': 'text/html' },
      body: `<html><body>${'x'.repeat(4_200_000)}</body></html>`,
    });
    expect(page.status).toBe(413);
    expect((await page.json()).message).toMatch(/^Code source trop long \(3\u00a0Mo au plus\)/);
  });
});
