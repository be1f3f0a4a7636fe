/**
 * « Ma zone » in the transactions tool, the sales tiles, the parcel search and their saved-search
 * counters, on the Bondy sample: `zone=mine` (or no place at all) reads the requesting user's
 * territory only. Alice's zone is a rectangle over most of Bondy, Bob's is Paris 18e (no data
 * loaded there): Bob never gets Alice's results.
 */

import { transactionListSchema } from '@immoloupe/shared/market/transactions-contracts';
import { parcelSearchResponseSchema } from '@immoloupe/shared/opendata/contracts';
import { Router } from 'express';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { OTHER_SUBSCRIBER, type RouterServer, SAMPLE, SUBSCRIBER } from '../market/test-support.js';
import { parcelRoutes } from '../parcels/routes.js';
import { countResults } from '../saved-searches/tools.js';
import { tileRoutes } from '../tiles/routes.js';
import { transactionRoutes } from '../transactions/routes.js';
import { deleteTerritory, saveTerritory } from './territory.js';

let db: Db;
let alice: RouterServer;
let bob: RouterServer;

const RING: [number, number][] = [
  [2.455, 48.89],
  [2.51, 48.89],
  [2.51, 48.915],
  [2.455, 48.915],
  [2.455, 48.89],
];
const COMPACT = RING.slice(0, 4)
  .map(([x, y]) => `${x} ${y}`)
  .join(',');

const routes = (db: Db) => Router().use(transactionRoutes({ db })).use(parcelRoutes({ db })).use(tileRoutes({ db }));
setUpTwoSubscribers(routes, { samples: [SAMPLE.bondyCadastre, SAMPLE.bondyDvf] }, async (set) => {
  ({ db, api: alice, other: bob } = set);
  await saveTerritory(db, SUBSCRIBER.id, { geometry: { type: 'Polygon', coordinates: [RING] }, communes: [] });
  await saveTerritory(db, OTHER_SUBSCRIBER.id, { geometry: null, communes: ['75118'] });
});

async function json(server: RouterServer, path: string, status = 200): Promise<unknown> {
  const res = await server.fetch(path);
  const body = (await res.json()) as unknown;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

describe('transactions in « ma zone »', () => {
  it('zone=mine and no place at all give the sales of the drawn area, for its owner only', async () => {
    const drawn = transactionListSchema.parse(await json(alice, `/api/transactions?polygon=${encodeURIComponent(COMPACT)}&pageSize=1`));
    const commune = transactionListSchema.parse(await json(alice, '/api/transactions?insee=93010&pageSize=1'));
    expect(drawn.total).toBeGreaterThan(100);
    expect(drawn.total).toBeLessThan(commune.total);
    const mine = transactionListSchema.parse(await json(alice, '/api/transactions?zone=mine&pageSize=1'));
    expect(mine.total).toBe(drawn.total);
    const byDefault = transactionListSchema.parse(await json(alice, '/api/transactions?pageSize=1'));
    expect(byDefault.total).toBe(drawn.total);

    // Bob's zone is Paris 18e, where nothing is loaded: never Alice's sales.
    expect(transactionListSchema.parse(await json(bob, '/api/transactions?zone=mine')).total).toBe(0);
    expect(transactionListSchema.parse(await json(bob, '/api/transactions')).total).toBe(0);
  });

  it('refuses « ma zone » with another place, and says so in French when the user has none', async () => {
    const both = (await json(alice, '/api/transactions?zone=mine&insee=93010', 400)) as { issues: { message: string }[] };
    expect(both.issues[0]?.message).toContain('Un seul lieu à la fois');
    await deleteTerritory(db, OTHER_SUBSCRIBER.id);
    try {
      const none = (await json(bob, '/api/transactions?zone=mine', 400)) as { message: string };
      expect(none.message).toContain('pas encore défini');
      const nothing = (await json(bob, '/api/transactions', 400)) as { message: string };
      expect(nothing.message).toContain('Indiquez une zone');
    } finally {
      await saveTerritory(db, OTHER_SUBSCRIBER.id, { geometry: null, communes: ['75118'] });
    }
  });

  it('draws the sales tiles of « ma zone »', async () => {
    const mine = await alice.fetch('/api/tiles/ventes/10/519/352.pbf?zone=mine');
    expect(mine.status).toBe(200);
    const aliceBytes = (await mine.arrayBuffer()).byteLength;
    const his = await bob.fetch('/api/tiles/ventes/10/519/352.pbf?zone=mine');
    expect(his.status).toBe(200);
    expect(aliceBytes).toBeGreaterThan((await his.arrayBuffer()).byteLength);
  });
});

describe('parcel search in « ma zone »', () => {
  it('gives the parcels centred in the drawn area, for its owner only', async () => {
    const commune = parcelSearchResponseSchema.parse(await json(alice, '/api/parcels?commune=93010&limit=1'));
    const mine = parcelSearchResponseSchema.parse(await json(alice, '/api/parcels?zone=mine&limit=500'));
    expect(mine.mine).toBe(true);
    expect(mine.commune).toBeNull();
    expect(mine.total).toBeGreaterThan(100);
    expect(mine.total).toBeLessThan(commune.total);
    for (const p of mine.parcels) {
      const [w, s, e, n] = p.bbox;
      const [lon, lat] = [(w + e) / 2, (s + n) / 2];
      // The box centre is near the centroid: a parcel kept is inside the rectangle, give or take its size.
      expect(lon).toBeGreaterThan(2.455 - 0.005);
      expect(lon).toBeLessThan(2.51 + 0.005);
      expect(lat).toBeGreaterThan(48.89 - 0.005);
      expect(lat).toBeLessThan(48.915 + 0.005);
    }
    const byDefault = parcelSearchResponseSchema.parse(await json(alice, '/api/parcels?limit=1'));
    expect(byDefault.total).toBe(mine.total);
    expect(parcelSearchResponseSchema.parse(await json(bob, '/api/parcels?zone=mine')).total).toBe(0);
  });

  it('keeps the other filters and refuses a commune with « ma zone »', async () => {
    const mine = parcelSearchResponseSchema.parse(await json(alice, '/api/parcels?zone=mine&limit=1'));
    const big = parcelSearchResponseSchema.parse(await json(alice, '/api/parcels?zone=mine&surfaceMin=2000&limit=500'));
    expect(big.total).toBeGreaterThan(0);
    expect(big.total).toBeLessThan(mine.total);
    for (const p of big.parcels) expect(p.contenance).toBeGreaterThanOrEqual(2000);
    const both = (await json(alice, '/api/parcels?zone=mine&commune=93010', 400)) as { issues: { message: string }[] };
    expect(both.issues[0]?.message).toBe('Une commune ou ma zone, pas les deux.');
  });

  it('a commune territory gives the commune’s parcels', async () => {
    await saveTerritory(db, OTHER_SUBSCRIBER.id, { geometry: null, communes: ['93010'] });
    try {
      const commune = parcelSearchResponseSchema.parse(await json(alice, '/api/parcels?commune=93010&limit=1'));
      expect(parcelSearchResponseSchema.parse(await json(bob, '/api/parcels?zone=mine&limit=1')).total).toBe(commune.total);
    } finally {
      await saveTerritory(db, OTHER_SUBSCRIBER.id, { geometry: null, communes: ['75118'] });
    }
  });
});

describe('saved-search counters with « ma zone »', () => {
  it('count in the owner’s zone', async () => {
    const drawn = transactionListSchema.parse(await json(alice, `/api/transactions?polygon=${encodeURIComponent(COMPACT)}&pageSize=1`));
    expect(await countResults(db, 'transactions', 'zone=mine', SUBSCRIBER.id)).toBe(drawn.total);
    expect(await countResults(db, 'transactions', 'zone=mine', OTHER_SUBSCRIBER.id)).toBe(0);
    const parcels = parcelSearchResponseSchema.parse(await json(alice, '/api/parcels?zone=mine&limit=1'));
    expect(await countResults(db, 'parcelles', 'zone=mine', SUBSCRIBER.id)).toBe(parcels.total);
    expect(await countResults(db, 'parcelles', 'zone=mine', OTHER_SUBSCRIBER.id)).toBe(0);
  });
});
