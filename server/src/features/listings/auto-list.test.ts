/**
 * The pool of imported listings over HTTP, with two subscribers: the `annonces` saved search
 * (validated and counted by the tool), /pro/listeautomatique (each sees only their searches'
 * matches and their own « last visit »; the « Nouveau » mark goes after a visit and comes back
 * for listings imported since), the gap to the Hendaye DVF median, the map's filters, and saving a
 * pool listing to « Mes annonces ».
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { autoListSchema, poolResponseSchema } from '@immoloupe/shared/listings/search';
import { saveListingResponseSchema } from '@immoloupe/shared/listings/store.logic';
import { savedSearchSchema } from '@immoloupe/shared/saved-searches/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { runImport } from '../../importers/run.js';
import { createLogger } from '../../logger.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { OTHER_SUBSCRIBER, type RouterServer, SAMPLE, SUBSCRIBER } from '../market/test-support.js';
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

async function auto(server: RouterServer) {
  const res = await server.fetch('/api/listings/auto');
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
