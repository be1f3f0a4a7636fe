/**
 * Which sources the offline basemap holds, over HTTP: BAN addresses of Bondy alone (no cadastre
 * imported), then with Bondy's cadastre; a view elsewhere holds nothing.
 */
import { baseCoverageSchema } from '@immoloupe/shared/map/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { importSamples, LAPSED, type RouterServer, SAMPLE, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { tileRoutes } from './routes.js';

let db: Db;
let api: RouterServer;
let lapsed: RouterServer;
const BONDY_VIEW = '2.47,48.89,2.50,48.91';
const LYON_VIEW = '4.80,45.72,4.88,45.79';

beforeAll(async () => {
  db = await createTestDb();
  api = await serveRouter(tileRoutes({ db }), SUBSCRIBER);
  lapsed = await serveRouter(tileRoutes({ db }), LAPSED);
});
afterAll(async () => {
  await Promise.all([api?.close(), lapsed?.close()]);
  await db?.close();
});

/**
 * Imports, then a new server: an import outlasts the server's keep-alive, and a request on the
 * socket it closes meanwhile fails (ECONNRESET).
 */
async function importThenServe(files: string[]) {
  await api.close();
  await importSamples(db, files);
  api = await serveRouter(tileRoutes({ db }), SUBSCRIBER);
}

async function coverage(query = '') {
  const res = await api.fetch(`/api/tiles/base/coverage${query}`);
  expect(res.status).toBe(200);
  return baseCoverageSchema.parse(await res.json());
}

describe('GET /api/tiles/base/coverage', () => {
  it('holds nothing before any import', async () => {
    expect(await coverage()).toEqual({ cadastre: false, ban: false });
    expect(await coverage(`?bbox=${BONDY_VIEW}`)).toEqual({ cadastre: false, ban: false });
  });

  it('names no cadastre while only the BAN is imported, and only where its addresses are', async () => {
    await importThenServe([SAMPLE.bondyBan]);
    expect(await coverage()).toEqual({ cadastre: false, ban: true });
    expect(await coverage(`?bbox=${BONDY_VIEW}`)).toEqual({ cadastre: false, ban: true });
    expect(await coverage(`?bbox=${LYON_VIEW}`)).toEqual({ cadastre: false, ban: false });
  });

  it('holds the cadastre where its communes are once imported, nothing outside', async () => {
    await importThenServe([SAMPLE.bondyCadastre]);
    expect(await coverage()).toEqual({ cadastre: true, ban: true });
    expect(await coverage(`?bbox=${BONDY_VIEW}`)).toEqual({ cadastre: true, ban: true });
    expect(await coverage(`?bbox=${LYON_VIEW}`)).toEqual({ cadastre: false, ban: false });
    // A view east of Bondy reaching just over its edge.
    expect(await coverage('?bbox=2.495,48.89,2.6,48.95')).toMatchObject({ cadastre: true });
  });

  it('refuses a bad view in French, and lapsed subscribers', async () => {
    const bad = await api.fetch('/api/tiles/base/coverage?bbox=2.5,48.9,2.4,48.8');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { message: string }[] }).issues[0]?.message).toBe(
      'Emprise vide\u00a0: ouest < est et sud < nord.',
    );
    expect((await lapsed.fetch(`/api/tiles/base/coverage?bbox=${BONDY_VIEW}`)).status).toBe(403);
  });
});
