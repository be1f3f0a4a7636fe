/**
 * Mes recherches a page at a time (decision 1500): `GET /api/saved-searches?page=&sort=&order=`
 * answers one page of the signed-in user's searches with their total, in the order asked; two
 * subscribers page through their own searches only, and neither can change the other's.
 */
import { SAVED_SEARCHES_PAGE_SIZE, type SavedSearchList, savedSearchListSchema } from '@immoloupe/shared/saved-searches/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createLogger } from '../../logger.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { OTHER_SUBSCRIBER, type RouterServer, SUBSCRIBER } from '../market/test-support.js';
import { savedSearchRoutes } from './routes.js';

let db: Db;
let api: RouterServer;
let other: RouterServer;

setUpTwoSubscribers(
  (db) => savedSearchRoutes({ db, log: createLogger('silent') }),
  {},
  async (set) => {
    ({ db, api, other } = set);
    // 60 searches for the first subscriber, a day apart, counts 0, 10, … and one never counted;
    // 7 for the other, named so that they would sort among the first's.
    await db.query(
      `INSERT INTO saved_searches (user_id, tool, name, query, last_count, created_at)
       SELECT $1, 'parcelles', 'Recherche ' || lpad(i::text, 2, '0'), 'commune=93010',
              CASE WHEN i = 60 THEN NULL ELSE i * 10 END, timestamp '2026-01-01' + i * interval '1 day'
         FROM generate_series(1, 60) i`,
      [SUBSCRIBER.id],
    );
    await db.query(
      `INSERT INTO saved_searches (user_id, tool, name, query, last_count, created_at)
       SELECT $1, 'dpe', 'Recherche ' || i || 'b', 'insee=93010', i * 1000, timestamp '2026-01-01' + i * interval '1 day' + interval '1 hour'
         FROM generate_series(1, 7) i`,
      [OTHER_SUBSCRIBER.id],
    );
  },
);

async function page(server: RouterServer, query: string): Promise<SavedSearchList> {
  const res = await server.fetch(`/api/saved-searches?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return savedSearchListSchema.parse(await res.json());
}

describe('GET /api/saved-searches with page', () => {
  it('pages through the user’s searches, newest first by default, with their total', async () => {
    const first = await page(api, 'page=1');
    expect(first).toMatchObject({ total: 60, page: 1, pageSize: SAVED_SEARCHES_PAGE_SIZE, sort: 'created', order: 'desc', max: 100 });
    expect(first.items).toHaveLength(SAVED_SEARCHES_PAGE_SIZE);
    expect(first.items[0]?.name).toBe('Recherche 60');
    const pages = [first, await page(api, 'page=2'), await page(api, 'page=3')];
    const names = pages.flatMap((p) => p.items.map((i) => i.name));
    expect(names).toHaveLength(60);
    expect(new Set(names).size).toBe(60);
    expect(names.every((n) => !n.endsWith('b'))).toBe(true);
    expect((await page(api, 'page=4')).items).toEqual([]);
  });

  it('sorts by name and by last count both ways, a search never counted last', async () => {
    expect((await page(api, 'page=1&sort=name&order=asc')).items.slice(0, 2).map((i) => i.name)).toEqual(['Recherche 01', 'Recherche 02']);
    const byCountDesc = await page(api, 'page=1&sort=count&order=desc');
    expect(byCountDesc.items.slice(0, 2).map((i) => i.lastCount)).toEqual([590, 580]);
    const lastAsc = await page(api, 'page=3&sort=count&order=asc');
    expect(lastAsc.items.at(-1)?.lastCount).toBeNull();
    expect(lastAsc.items.at(-2)?.lastCount).toBe(590);
    const lastDesc = await page(api, 'page=3&sort=count&order=desc');
    expect(lastDesc.items.at(-1)?.lastCount).toBeNull();
  });

  it('gives the other subscriber their own 7, total 7, and no way to change the first’s', async () => {
    const theirs = await page(other, 'page=1&sort=name&order=asc');
    expect(theirs.total).toBe(7);
    expect(theirs.items.map((i) => i.name)).toEqual([
      'Recherche 1b',
      'Recherche 2b',
      'Recherche 3b',
      'Recherche 4b',
      'Recherche 5b',
      'Recherche 6b',
      'Recherche 7b',
    ]);
    const mine = (await page(api, 'page=1')).items[0];
    const rename = await other.fetch(`/api/saved-searches/${mine?.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Prise' }),
    });
    expect(rename.status).toBe(404);
    expect((await other.fetch(`/api/saved-searches/${mine?.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await page(api, 'page=1')).items[0]?.name).toBe('Recherche 60');
    // Recounting pages too, and counts the caller's searches only.
    const recount = await other.fetch('/api/saved-searches/recount?page=1&sort=name&order=desc', { method: 'POST' });
    expect(recount.status).toBe(200);
    const recounted = savedSearchListSchema.parse(await recount.json());
    expect(recounted).toMatchObject({ total: 7, page: 1, sort: 'name', order: 'desc' });
    expect(recounted.items[0]?.name).toBe('Recherche 7b');
    const [untouched] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM saved_searches WHERE user_id = $1 AND last_count_at IS NULL`,
      [SUBSCRIBER.id],
    );
    expect(untouched?.n).toBe(60);
  });

  it('without page answers every search, as the save button reads them', async () => {
    const all = await page(api, '');
    expect(all.items).toHaveLength(60);
    expect(all).toMatchObject({ total: 60, page: 1, pageSize: 60 });
  });

  it('refuses a bad page, sort or order in French', async () => {
    for (const [query, message] of [
      ['page=0', 'Numéro de page invalide (1 au moins).'],
      ['page=x', 'Numéro de page invalide.'],
      ['page=1&sort=outil', 'Tri\u00a0: created, name ou count.'],
      ['page=1&order=up', 'Ordre\u00a0: asc ou desc.'],
    ] as const) {
      const res = await api.fetch(`/api/saved-searches?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await res.json()), query).toContain(message);
    }
  });
});
