/**
 * « Mes annonces » a page at a time (issue 38, point 4): 60 saved listings of Alice's give a page
 * of 50 and one of 10 with their total, by price and €/m² both ways, none missing or repeated;
 * Bob's two are his own, neither reads the other's; without `page`, every saved listing (the map).
 */
import { SAVED_LISTINGS_PAGE_SIZE, type SavedListingList, savedListingListSchema } from '@immoloupe/shared/listings/store.logic';
import { describe, expect, it } from 'vitest';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import type { RouterServer } from '../market/test-support.js';
import { listingRoutes } from './routes.js';

let alice: RouterServer;
let bob: RouterServer;

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Flats of Hendaye, each its own (a portal id of its own, a surface of its own). */
const flat = (n: number, owner: string) => ({
  portal: 'seloger',
  portalId: `${owner}-${n}`,
  url: `https://www.seloger.com/annonces/${owner}-${n}.htm`,
  transaction: 'vente',
  propertyType: 'appartement',
  title: `Appartement ${owner} ${n}`,
  price: 150_000 + ((n * 7919) % 61) * 5_000,
  surface: 30 + n,
  postcode: '64700',
  city: 'Hendaye',
  publishedAt: `2026-01-${String((n % 28) + 1).padStart(2, '0')}`,
});

setUpTwoSubscribers(
  (db) => listingRoutes({ db }),
  {},
  async (set) => {
    ({ api: alice, other: bob } = set);
    for (let n = 1; n <= 60; n++) {
      const res = await alice.fetch('/api/listings/saved', json(flat(n, 'alice')));
      expect(res.status, await res.clone().text()).toBe(201);
    }
    for (let n = 1; n <= 2; n++) expect((await bob.fetch('/api/listings/saved', json(flat(n, 'bob')))).status).toBe(201);
  },
);

async function list(server: RouterServer, query: string): Promise<SavedListingList> {
  const res = await server.fetch(`/api/listings/saved?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return savedListingListSchema.parse(await res.json());
}

async function allPages(server: RouterServer, sort: string, order: string) {
  const first = await list(server, `page=1&sort=${sort}&order=${order}`);
  const second = await list(server, `page=2&sort=${sort}&order=${order}`);
  return { first, second, all: [...first.listings, ...second.listings] };
}

describe('Mes annonces, par pages', () => {
  it('pages through the 60 by price and by €/m² both ways, none missing or repeated', async () => {
    for (const sort of ['prix', 'prix_m2'] as const)
      for (const order of ['asc', 'desc'] as const) {
        const { first, second, all } = await allPages(alice, sort, order);
        expect(first).toMatchObject({ total: 60, page: 1, pageSize: SAVED_LISTINGS_PAGE_SIZE });
        expect(first.listings).toHaveLength(50);
        expect(second.listings).toHaveLength(10);
        expect(new Set(all.map((l) => l.id)).size).toBe(60);
        const figures = all.map((l) => (sort === 'prix' ? (l.price as number) : (l.price as number) / (l.surface as number)));
        expect(figures).toEqual([...figures].sort((a, b) => (order === 'asc' ? a - b : b - a)));
      }
    const published = (await allPages(alice, 'publication', 'desc')).all.map((l) => l.publishedAt as string);
    expect(published).toEqual([...published].sort().reverse());
    // Without a page: all of them, as the listings map reads them.
    expect(await list(alice, '')).toMatchObject({ total: 60, page: 1, pageSize: 60 });
    expect((await list(alice, '')).listings).toHaveLength(60);
  });

  it('gives each subscriber their own only', async () => {
    const mine = await list(bob, 'page=1');
    expect(mine.total).toBe(2);
    expect(mine.listings.map((l) => l.title).sort()).toEqual(['Appartement bob 1', 'Appartement bob 2']);
    const beyond = await list(bob, 'page=2');
    expect(beyond).toMatchObject({ total: 2, listings: [] });
    expect((await list(alice, 'page=1')).listings.every((l) => l.title?.startsWith('Appartement alice'))).toBe(true);
  });

  it('refuses a bad page, sort or order in French', async () => {
    for (const [query, message] of [
      ['page=0', 'Numéro de page invalide (1 au moins).'],
      ['page=1&sort=surface', 'Tri\u00a0: recent, publication, prix ou prix_m2.'],
      ['page=1&order=up', 'Ordre\u00a0: asc ou desc.'],
    ] as const) {
      const res = await alice.fetch(`/api/listings/saved?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await res.json()), query).toContain(message);
    }
  });
});
