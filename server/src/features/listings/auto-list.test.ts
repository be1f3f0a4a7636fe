/**
 * The pool of imported listings over HTTP, with two subscribers: the `annonces` saved search
 * (validated and counted by the tool), /pro/listeautomatique (each sees only their searches'
 * matches and their own « last visit »; the « Nouveau » mark goes after a visit and comes back
 * for listings imported since), the gap to the Hendaye DVF median, the map's filters, and saving a
 * pool listing to « Mes annonces ». On the Bien'ici Toulon sample, the list pages through every
 * listing of two overlapping searches, by €/m² both ways, keeping the « Nouveau » marks of the visit.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTO_LIST_PAGE_SIZE, type AutoList, autoListSchema, poolResponseSchema } from '@immoloupe/shared/listings/search';
import { saveListingResponseSchema } from '@immoloupe/shared/listings/store.logic';
import { savedSearchSchema } from '@immoloupe/shared/saved-searches/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { runImport } from '../../importers/run.js';
import { createLogger } from '../../logger.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { OTHER_SUBSCRIBER, type RouterServer, SAMPLE, SUBSCRIBER, samplePath } from '../market/test-support.js';
import { savedSearchRoutes } from '../saved-searches/routes.js';
import { listingRoutes } from './routes.js';

let db: Db;
let alice: { listings: RouterServer; searches: RouterServer };
let bob: { listings: RouterServer; searches: RouterServer };
const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-auto-'));
const json = (body: unknown, method = 'POST') => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const HEADER = 'id,title,price,surface_m2,rooms,property_type,city,postal_code,latitude_blur,longitude_blur,energy_class,account_type,url';
/** Listings written for these tests (Bien'ici export columns): Hendaye flats and a house, a Toulon flat. */
const ROWS = [
  'h-1,Appartement 3 pièces,240000,60,3,flat,Hendaye,64700,43.3601,-1.7741,C,agency,https://www.bienici.com/annonce/vente/hendaye/flat/h-1',
  'h-2,Appartement 3 pièces vue mer,420000,62,3,flat,Hendaye,64700,43.3702,-1.7790,B,agency,https://www.bienici.com/annonce/vente/hendaye/flat/h-2',
  'h-3,Appartement 2 pièces,190000,41,2,flat,Hendaye,64700,43.3560,-1.7652,E,agency,https://www.bienici.com/annonce/vente/hendaye/flat/h-3',
  'h-4,Maison 5 pièces,650000,120,5,house,Hendaye,64700,43.3530,-1.7600,D,agency,https://www.bienici.com/annonce/vente/hendaye/house/h-4',
  't-1,Appartement 2 pièces,150000,45,2,flat,Toulon,83000,43.1245,5.9301,D,agency,https://www.bienici.com/annonce/vente/toulon/flat/t-1',
];

async function importRows(name: string, rows: string[]) {
  const file = path.join(dir, name);
  writeFileSync(file, `${HEADER}\n${rows.join('\n')}\n`);
  const report = await runImport(db, { path: file, startedBy: 'test' });
  expect(report.status, report.error ?? '').toBe('succeeded');
}

async function auto(server: RouterServer, query = '') {
  const res = await server.fetch(`/api/listings/auto${query}`);
  expect(res.status).toBe(200);
  return autoListSchema.parse(await res.json());
}

setUpTwoSubscribers(
  (db) => listingRoutes({ db }),
  { samples: [SAMPLE.hendayeDvf] },
  async (set) => {
    db = set.db;
    const log = createLogger('silent');
    alice = { listings: set.api, searches: await set.serve(SUBSCRIBER, savedSearchRoutes({ db, log })) };
    bob = { listings: set.other, searches: await set.serve(OTHER_SUBSCRIBER, savedSearchRoutes({ db, log })) };
  },
);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('liste automatique', () => {
  it('says there is nothing to show before any import or search', async () => {
    const empty = await auto(alice.listings);
    expect(empty).toMatchObject({ searches: [], poolSize: 0, listings: [] });
  });

  it('refuses a listing search the tool’s schema refuses, in French, and counts a good one', async () => {
    await importRows('feed-1.csv', ROWS);
    const bad = await alice.searches.fetch(
      '/api/saved-searches',
      json({ tool: 'annonces', name: 'Mauvaise', query: 'postcode=64700&surfaceMin=80&surfaceMax=40' }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/Fourchette de surface inversée/);
    const res = await alice.searches.fetch(
      '/api/saved-searches',
      json({ tool: 'annonces', name: 'Hendaye appartements', query: 'postcode=64700&types=appartement' }),
    );
    expect(res.status).toBe(201);
    const saved = savedSearchSchema.parse(await res.json());
    expect(saved).toMatchObject({ lastCount: 3, url: '/pro/carte_annonces?postcode=64700&types=appartement' });
    const bobs = await bob.searches.fetch('/api/saved-searches', json({ tool: 'annonces', name: 'Toulon', query: 'postcode=83000' }));
    expect(bobs.status).toBe(201);
  });

  it('lists each subscriber’s matches only, newest first, with the gap to the DVF median and a per-user « Nouveau »', async () => {
    const first = await auto(alice.listings);
    expect(first.poolSize).toBe(5);
    expect(first.since).toBeNull();
    expect(first.listings.map((l) => l.title).sort()).toEqual([
      'Appartement 2 pièces',
      'Appartement 3 pièces',
      'Appartement 3 pièces vue mer',
    ]);
    expect(first.listings.every((l) => l.isNew)).toBe(true);
    const cheap = first.listings.find((l) => l.sources[0]?.portalId === 'h-1');
    expect(cheap?.pricePerM2).toBe(4000);
    // Hendaye has no cadastre loaded here: the commune median, with the sales behind it.
    expect(cheap?.median).toMatchObject({ level: 'commune', label: 'Hendaye' });
    expect(cheap?.median?.count).toBeGreaterThan(100);
    expect(cheap?.gap).toBeCloseTo(4000 / (cheap?.median?.value ?? 1) - 1, 3);

    const again = await auto(alice.listings);
    expect(again.since).not.toBeNull();
    expect(again.listings.some((l) => l.isNew)).toBe(false);

    // Bob's first visit comes after Alice's: his own « last visit », his own search.
    const bobs = await auto(bob.listings);
    expect(bobs.listings.map((l) => l.city)).toEqual(['Toulon']);
    expect(bobs.listings[0]?.isNew).toBe(true);

    await importRows('feed-2.csv', [
      'h-5,Appartement 4 pièces,310000,80,4,flat,Hendaye,64700,43.3611,-1.7711,D,agency,https://www.bienici.com/annonce/vente/hendaye/flat/h-5',
    ]);
    const third = await auto(alice.listings);
    expect(third.listings[0]).toMatchObject({ title: 'Appartement 4 pièces', isNew: true });
    expect(third.listings.filter((l) => l.isNew)).toHaveLength(1);
    expect((await auto(bob.listings)).listings.some((l) => l.isNew)).toBe(false);
  });

  it('filters the pool with the search schema (the map) and refuses a bad query in French', async () => {
    const res = await alice.listings.fetch('/api/listings/pool?postcode=64700&types=appartement,maison&maxPricePerM2=5000');
    expect(res.status).toBe(200);
    const pool = poolResponseSchema.parse(await res.json());
    expect(pool.listings.map((l) => l.sources[0]?.portalId).sort()).toEqual(['h-1', 'h-3', 'h-5']);
    const dpe = poolResponseSchema.parse(await (await alice.listings.fetch('/api/listings/pool?postcode=64700&dpe=B,C')).json());
    expect(dpe.listings.map((l) => l.dpeClass).sort()).toEqual(['B', 'C']);
    const bad = await alice.listings.fetch('/api/listings/pool?postcode=64700&dpe=H');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/Classe DPE inconnu/);
    const noZone = await alice.listings.fetch('/api/listings/pool?types=maison');
    expect(noZone.status).toBe(400);
  });

  it('saves a pool listing to the subscriber’s own « Mes annonces », pointing to it', async () => {
    const [listing] = (await auto(alice.listings)).listings;
    const res = await alice.listings.fetch(`/api/listings/pool/${listing?.id}/save`, { method: 'POST' });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string };
    // The page reads this answer with the schema of every save.
    expect(saveListingResponseSchema.parse(created)).toMatchObject({ merged: false, pricePoint: 'added' });
    const { id } = created;
    expect(id).not.toBe(listing?.id);
    const again = await alice.listings.fetch(`/api/listings/pool/${listing?.id}/save`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(saveListingResponseSchema.parse(await again.json())).toEqual({ id, merged: true, pricePoint: 'none' });
    const mine = (await (await alice.listings.fetch('/api/listings/saved')).json()) as { listings: { id: string; price: number }[] };
    expect(mine.listings).toEqual([expect.objectContaining({ id, price: listing?.price })]);
    const [row] = await db.query<{ pool: string }>('SELECT pool_listing_id AS pool FROM listings WHERE id = $1', [id]);
    expect(row?.pool).toBe(listing?.id);
    expect(((await (await bob.listings.fetch('/api/listings/saved')).json()) as { listings: unknown[] }).listings).toEqual([]);
    // A saved copy is not a pool listing: it cannot be saved from the pool.
    expect((await bob.listings.fetch(`/api/listings/pool/${id}/save`, { method: 'POST' })).status).toBe(404);
  });
});

describe('liste automatique, par pages', () => {
  const TOULON = 'listings/bienici/bienici_api-flattened_vente_toulon-83_2026-03_first500rows.csv';
  const poolTotal = async (query: string) =>
    poolResponseSchema.parse(await (await bob.listings.fetch(`/api/listings/pool?${query}`)).json()).total;

  /** Every page of Bob's list in one order, within the visit whose first page said `since`. */
  async function allPages(sort: string, order: 'asc' | 'desc', since: string | null) {
    const listings: AutoList['listings'] = [];
    let total = Number.NaN;
    for (let page = 1; ; page++) {
      const got = await auto(bob.listings, `?page=${page}&sort=${sort}&order=${order}&since=${since ?? 'none'}`);
      expect(got).toMatchObject({ page, pageSize: AUTO_LIST_PAGE_SIZE, sort, order });
      total = got.total;
      listings.push(...got.listings);
      if (got.listings.length < AUTO_LIST_PAGE_SIZE) break;
    }
    return { listings, total };
  }

  it('pages through every listing of two overlapping searches, by €/m² both ways, the visit kept across pages', async () => {
    const report = await runImport(db, { path: samplePath(TOULON), startedBy: 'test' });
    expect(report.status, report.error ?? '').toBe('succeeded');
    const res = await bob.searches.fetch(
      '/api/saved-searches',
      json({ tool: 'annonces', name: 'Appartements Toulon', query: 'postcode=83000,83200&types=appartement' }),
    );
    expect(res.status).toBe(201);
    // The union of « 83000 » and « appartements in 83000 or 83200 », as the map's own count says.
    const expected =
      (await poolTotal('postcode=83000')) +
      (await poolTotal('postcode=83000,83200&types=appartement')) -
      (await poolTotal('postcode=83000&types=appartement'));
    expect(expected).toBeGreaterThan(5 * AUTO_LIST_PAGE_SIZE);

    const first = await auto(bob.listings, '?sort=prix_m2&order=asc');
    expect(first.total).toBe(expected);
    expect(first.listings).toHaveLength(AUTO_LIST_PAGE_SIZE);
    expect(first.newCount).toBe(expected - 1); // all but t-1, which Bob saw before

    const up = await allPages('prix_m2', 'asc', first.since);
    const down = await allPages('prix_m2', 'desc', first.since);
    for (const run of [up, down]) {
      expect(run.total).toBe(expected);
      expect(run.listings).toHaveLength(expected);
      expect(new Set(run.listings.map((l) => l.id)).size).toBe(expected);
      // The marks of the first page's visit hold on every page: the later pages did not record a visit.
      expect(run.listings.filter((l) => l.isNew)).toHaveLength(first.newCount);
    }
    expect(up.listings.slice(0, AUTO_LIST_PAGE_SIZE).map((l) => l.id)).toEqual(first.listings.map((l) => l.id));
    const figures = (run: { listings: AutoList['listings'] }) => run.listings.map((l) => l.pricePerM2);
    const priced = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
    // Without a €/m² (no surface, a rental) last both ways; the priced ones in order.
    for (const xs of [figures(up), figures(down)]) expect(xs.slice(priced(xs).length).every((x) => x === null)).toBe(true);
    expect(priced(figures(up))).toEqual([...priced(figures(up))].sort((a, b) => a - b));
    expect(priced(figures(down))).toEqual([...priced(figures(up))].reverse());
    expect(new Set(down.listings.map((l) => l.id))).toEqual(new Set(up.listings.map((l) => l.id)));
    // Each listing says which searches found it: an 83000 flat both.
    const both = up.listings.find((l) => l.postcode === '83000' && l.propertyType === 'appartement');
    expect(both?.searchIds).toHaveLength(2);

    const beyond = await auto(bob.listings, `?page=${Math.ceil(expected / AUTO_LIST_PAGE_SIZE) + 1}&since=none`);
    expect(beyond).toMatchObject({ total: expected, listings: [] });
    // Alice's searches are Hendaye's: none of Toulon's listings.
    expect((await auto(alice.listings, '?since=none')).listings.every((l) => l.city !== 'Toulon')).toBe(true);
    // The import of 500 listings and some twenty pages: longer than the default on a loaded machine.
  }, 240_000);

  it('sorts by price and by publication date, and refuses a bad page or order in French, changing nothing', async () => {
    const cheap = await auto(bob.listings, '?sort=prix&order=asc&since=none');
    const prices = cheap.listings.map((l) => l.price ?? Number.POSITIVE_INFINITY);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const recent = await auto(bob.listings, '?sort=publication&order=desc&since=none');
    const dates = recent.listings.map((l) => l.publishedAt).filter((d): d is string => d !== null);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort().reverse());

    const [before] = await db.query<{ at: string }>('SELECT last_visit_at::text AS at FROM listing_feed_visits WHERE user_id = $1', [
      OTHER_SUBSCRIBER.id,
    ]);
    for (const [query, message] of [
      ['?page=0', /Numéro de page invalide \(1 au moins\)/],
      ['?sort=gap', /Tri\u00a0: recent, publication, prix ou prix_m2/],
      ['?order=up', /Ordre\u00a0: asc ou desc/],
      ['?since=hier', /Dernière visite\u00a0: une date ISO ou none/],
    ] as const) {
      const bad = await bob.listings.fetch(`/api/listings/auto${query}`);
      expect(bad.status, query).toBe(400);
      expect(JSON.stringify(await bad.json()), query).toMatch(message);
    }
    const [after] = await db.query<{ at: string }>('SELECT last_visit_at::text AS at FROM listing_feed_visits WHERE user_id = $1', [
      OTHER_SUBSCRIBER.id,
    ]);
    expect(after?.at).toBe(before?.at);
  });
});
