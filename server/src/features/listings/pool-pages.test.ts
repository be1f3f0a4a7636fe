/**
 * Every listing sample of ../shared/data/listings imported as one folder (1 346 listings in the
 * pool, 758 of them in 83000 Toulon: the « 758 annonces » of the listings map): the list beside the map pages through all of them, by
 * €/m² both ways, not the map's 300 newest only (decision 1440); the automatic list of that search
 * does too (decision 1373), for its owner only.
 */

import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  AUTO_LIST_PAGE_SIZE,
  type AutoList,
  autoListSchema,
  type PoolResponse,
  poolResponseSchema,
} from '@immoloupe/shared/listings/search';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { ImportError } from '../../importers/errors.js';
import { detectFileSource, runImport } from '../../importers/run.js';
import { createLogger } from '../../logger.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { type RouterServer, SUBSCRIBER, samplePath } from '../market/test-support.js';
import { savedSearchRoutes } from '../saved-searches/routes.js';
import { POOL_LIMIT } from './pool.js';
import { listingRoutes } from './routes.js';

let db: Db;
let alice: { listings: RouterServer; searches: RouterServer };
let bob: RouterServer;

setUpTwoSubscribers(
  (db) => listingRoutes({ db }),
  {},
  async (set) => {
    db = set.db;
    alice = { listings: set.api, searches: await set.serve(SUBSCRIBER, savedSearchRoutes({ db, log: createLogger('silent') })) };
    bob = set.other;
    // The folder as `data:import` reads it: each recognised file imported, the others (captcha pages) set aside.
    const folder = samplePath('listings');
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
      const full = path.join(folder, file);
      if (!statSync(full).isFile() || /\.md$/i.test(file)) continue;
      const source = await detectFileSource(full, path.basename(full)).catch((err: unknown) => {
        if (err instanceof ImportError) return null;
        throw err;
      });
      if (!source) continue;
      const report = await runImport(db, { path: full, source, startedBy: 'test' });
      expect(report.status, `${file}: ${report.error ?? ''}`).toBe('succeeded');
    }
  },
);

async function pool(query: string): Promise<PoolResponse> {
  const res = await alice.listings.fetch(`/api/listings/pool?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return poolResponseSchema.parse(await res.json());
}

/** Every page of a list, in one order. */
async function allPages<T extends { listings: { id: string; pricePerM2: number | null }[] }>(read: (page: number) => Promise<T>) {
  const listings: T['listings'] = [];
  for (let page = 1; ; page++) {
    const got = await read(page);
    listings.push(...got.listings);
    if (got.listings.length < AUTO_LIST_PAGE_SIZE) break;
  }
  return listings;
}

/** The €/m² figures in order: the priced ones sorted, then those without one (no surface, a rental). */
function expectSorted(xs: (number | null)[], dir: 'asc' | 'desc') {
  const priced = xs.filter((x): x is number => x !== null);
  expect(xs.slice(priced.length).every((x) => x === null)).toBe(true);
  expect(priced).toEqual([...priced].sort((a, b) => (dir === 'asc' ? a - b : b - a)));
}

describe('the listings map of the 758-listing sample', () => {
  it('shows its 300 newest on the map and pages through all 758 in the list, by €/m² both ways', async () => {
    const map = await pool('postcode=83000');
    expect(map.total).toBe(758);
    expect(map).toMatchObject({ page: 1, pageSize: POOL_LIMIT, sort: 'recent', order: 'desc' });
    expect(map.listings).toHaveLength(POOL_LIMIT);

    const up = await allPages((page) => pool(`postcode=83000&page=${page}&sort=prix_m2&order=asc`));
    const down = await allPages((page) => pool(`postcode=83000&page=${page}&sort=prix_m2&order=desc`));
    for (const run of [up, down]) {
      expect(run).toHaveLength(758);
      expect(new Set(run.map((l) => l.id)).size).toBe(758);
    }
    expectSorted(
      up.map((l) => l.pricePerM2),
      'asc',
    );
    expectSorted(
      down.map((l) => l.pricePerM2),
      'desc',
    );
    expect(new Set(down.map((l) => l.id))).toEqual(new Set(up.map((l) => l.id)));
    const first = await pool('postcode=83000&page=1&sort=prix_m2&order=asc');
    expect(first).toMatchObject({ total: 758, page: 1, pageSize: AUTO_LIST_PAGE_SIZE, sort: 'prix_m2', order: 'asc' });
    // The search's filters hold on every page.
    const flats = await pool('postcode=83000&types=appartement&page=2&sort=prix&order=desc');
    expect(flats.total).toBeLessThan(758);
    expect(flats.listings.every((l) => l.postcode === '83000' && l.propertyType === 'appartement')).toBe(true);
    const prices = flats.listings.map((l) => l.price ?? Number.NEGATIVE_INFINITY);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  }, 240_000);

  it('refuses a bad page, sort or order in French', async () => {
    for (const [query, message] of [
      ['page=0', 'Numéro de page invalide (1 au moins).'],
      ['page=abc', 'Numéro de page invalide.'],
      ['page=1&sort=surface', 'Tri\u00a0: recent, publication, prix ou prix_m2.'],
      ['page=1&order=up', 'Ordre\u00a0: asc ou desc.'],
    ] as const) {
      const res = await alice.listings.fetch(`/api/listings/pool?postcode=83000&${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await res.json()), query).toContain(message);
    }
  });

  it('gives the automatic list of the same search all 758, by €/m² both ways, to its owner only', async () => {
    const res = await alice.searches.fetch('/api/saved-searches', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tool: 'annonces', name: 'Toulon centre', query: 'postcode=83000' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const auto = async (server: RouterServer, query: string): Promise<AutoList> => {
      const r = await server.fetch(`/api/listings/auto?${query}`);
      expect(r.status).toBe(200);
      return autoListSchema.parse(await r.json());
    };
    const { since } = await auto(alice.listings, 'sort=prix_m2&order=asc');
    for (const order of ['asc', 'desc'] as const) {
      const run = await allPages((page) => auto(alice.listings, `page=${page}&sort=prix_m2&order=${order}&since=${since ?? 'none'}`));
      expect(run).toHaveLength(758);
      expect(new Set(run.map((l) => l.id)).size).toBe(758);
      expectSorted(
        run.map((l) => l.pricePerM2),
        order,
      );
    }
    // Bob has no listing search: nothing of Alice's.
    expect(await auto(bob, 'since=none')).toMatchObject({ total: 0, listings: [], searches: [] });
  }, 240_000);
});
