/** Sales as vector tiles on the Bondy sample (raw DVF 2022 on its cadastre): clusters, then single sales. */

import { NBSP } from '@immoloupe/shared/format';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { importSamples, LAPSED, type RouterServer, SAMPLE, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { transactionRoutes } from '../transactions/routes.js';
import { tileRoutes } from './routes.js';
import { abbreviate, cellLevel, cellsAnswer, morton, pointsAnswer } from './sales.js';
import { tileOf } from './tiles.logic.js';

let db: Db;
let api: RouterServer;
let lapsed: RouterServer;
const BONDY = { lon: 2.4829, lat: 48.9022 };
const YEAR = 'insee=93010&from=2022-01-01&to=2022-12-31';

beforeAll(async () => {
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre, SAMPLE.bondyDvf] });
  const both = (await import('express')).Router();
  both.use(tileRoutes({ db }));
  both.use(transactionRoutes({ db }));
  api = await serveRouter(both, SUBSCRIBER);
  lapsed = await serveRouter(tileRoutes({ db }), LAPSED);
});
afterAll(async () => {
  await Promise.all([api?.close(), lapsed?.close()]);
  await db?.close();
});

async function features(z: number, query: string) {
  const t = tileOf(BONDY.lon, BONDY.lat, z);
  const res = await api.fetch(`/api/tiles/ventes/${t.z}/${t.x}/${t.y}.pbf?${query}`);
  expect(res.status).toBe(200);
  const layer = new VectorTile(new PbfReader(new Uint8Array(await res.arrayBuffer()))).layers.ventes;
  return layer ? Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties) : [];
}

const sum = (fs: Record<string, unknown>[]) => fs.reduce((a, f) => a + Number(f.point_count ?? 1), 0);

describe('GET /api/tiles/ventes/{z}/{x}/{y}.pbf', () => {
  it('counts in its clusters every located sale of the filter, from the cells or from the sales', async () => {
    const points = (await (await api.fetch(`/api/transactions?${YEAR}&format=geojson`)).json()) as { total: number };
    expect(points.total).toBeGreaterThan(500);
    // Zoom 10: the whole commune in one tile, summed from dvf_map_cells.
    const z10 = await features(10, YEAR);
    expect(z10.every((f) => typeof f.point_count === 'number')).toBe(true);
    expect(sum(z10)).toBe(points.total);
    // Same filter, but not whole months: counted from the sales themselves, fewer.
    const part = await features(10, 'insee=93010&from=2022-01-15&to=2022-12-31');
    expect(sum(part)).toBeLessThan(points.total);
    expect(sum(part)).toBeGreaterThan(points.total * 0.8);
  });

  it('applies the page filters (type, price) to the clusters', async () => {
    const all = sum(await features(12, YEAR));
    const flats = sum(await features(12, `${YEAR}&types=appartement`));
    const list = (await (await api.fetch(`/api/transactions?${YEAR}&types=appartement&format=geojson`)).json()) as { total: number };
    expect(flats).toBeLessThan(all);
    // The z12 tile around the centre holds most, not necessarily all, of Bondy's flats.
    expect(flats).toBeLessThanOrEqual(list.total);
    expect(flats).toBeGreaterThan(0);
  });

  it('sums the cells of each kind of local and nature exactly as the sales are counted', async () => {
    for (const filter of [
      'types=appartement',
      'types=maison,dependance',
      'types=terrain',
      'types=local',
      'natures=vente',
      'natures=vefa',
    ]) {
      const list = (await (await api.fetch(`/api/transactions?${YEAR}&${filter}&format=geojson`)).json()) as { total: number };
      expect(sum(await features(10, `${YEAR}&${filter}`)), filter).toBe(list.total);
    }
  });

  it('counts from the points, exactly, a price band or a period of days', async () => {
    for (const filter of [
      `${YEAR}&priceMax=250000`,
      `${YEAR}&priceMin=250000&types=appartement`,
      'insee=93010&from=2022-03-10&to=2022-09-20',
    ]) {
      const list = (await (await api.fetch(`/api/transactions?${filter}&format=geojson`)).json()) as { total: number };
      expect(list.total, filter).toBeGreaterThan(20);
      expect(sum(await features(10, filter)), filter).toBe(list.total);
    }
    // From zoom 15 the points themselves: the single sales of the tile, the same as the sales' own
    // query (a radius place is not answered by the points); both places hold the whole tile.
    const period = 'from=2022-01-01&to=2022-12-31';
    const live = await features(16, `lat=${BONDY.lat}&lon=${BONDY.lon}&radius=5000&${period}`);
    const points = await features(16, `bbox=2.4,48.85,2.55,48.95&${period}`);
    expect(points.length).toBeGreaterThan(0);
    expect(points.map((f) => f.id).sort()).toEqual(live.map((f) => f.id).sort());
  });

  it('answers its own ETag with 304 until a DVF import changes the sales', async () => {
    const t = tileOf(BONDY.lon, BONDY.lat, 11);
    const path = `/api/tiles/ventes/${t.z}/${t.x}/${t.y}.pbf?${YEAR}`;
    const first = await api.fetch(path);
    const etag = first.headers.get('etag') as string;
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await api.fetch(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    await importSamples(db, [SAMPLE.hendayeDvf]);
    const after = await api.fetch(path, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('never answers 304 to a tile kept from another build, on the same data', async () => {
    const t = tileOf(BONDY.lon, BONDY.lat, 11);
    const path = `/api/tiles/ventes/${t.z}/${t.x}/${t.y}.pbf?${YEAR}`;
    const build = (buildId: string) => serveRouter(tileRoutes({ db, buildId }), SUBSCRIBER);
    const [before, after] = await Promise.all([build('build-a'), build('build-b')]);
    try {
      const etag = (await before.fetch(path)).headers.get('etag') as string;
      expect((await before.fetch(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
      const next = await after.fetch(path, { headers: { 'if-none-match': etag } });
      expect(next.status).toBe(200);
      expect(next.headers.get('etag')).not.toBe(etag);
    } finally {
      await Promise.all([before.close(), after.close()]);
    }
  });

  it('gives single sales with their id and €/m² from zoom 15', async () => {
    const z16 = await features(16, YEAR);
    expect(z16.length).toBeGreaterThan(0);
    expect(z16.every((f) => typeof f.id === 'string' && f.point_count === undefined)).toBe(true);
    expect(z16.some((f) => typeof f.ppm2 === 'number')).toBe(true);
  });

  it('refuses a bad filter or tile and readers without a subscription', async () => {
    expect((await api.fetch('/api/tiles/ventes/10/523/354.pbf?insee=93010&parcelle=93010000AS0167')).status).toBe(400);
    expect((await api.fetch('/api/tiles/ventes/10/5230/354.pbf?insee=93010')).status).toBe(400);
    expect((await lapsed.fetch(`/api/tiles/ventes/10/523/354.pbf?${YEAR}`)).status).toBe(403);
  });
});

describe('sales tiles rules', () => {
  it('uses the cells only for a commune or the view and whole months', () => {
    expect(cellsAnswer({ from: '2022-01-01', to: '2022-12-31' }, { kind: 'communes', insee: ['93010'] })).toBe(true);
    expect(cellsAnswer({ from: '2022-01-02', to: '2022-12-31' }, { kind: 'communes', insee: ['93010'] })).toBe(false);
    expect(cellsAnswer({ from: '2022-01-01', to: '2022-02-28' }, { kind: 'bbox', bbox: [2, 48, 3, 49] })).toBe(true);
    expect(cellsAnswer({ from: '2022-01-01', to: '2022-02-27' }, { kind: 'bbox', bbox: [2, 48, 3, 49] })).toBe(false);
    expect(cellsAnswer({ types: ['maison'], natures: ['vente'] }, { kind: 'communes', insee: ['93010'] })).toBe(true);
    expect(cellsAnswer({ priceMax: 300_000 }, { kind: 'communes', insee: ['93010'] })).toBe(false);
    expect(cellsAnswer({}, { kind: 'radius', lat: 48.9, lon: 2.48, radius: 500 })).toBe(false);
    expect(pointsAnswer({ priceMax: 300_000, from: '2022-01-15' }, { kind: 'communes', insee: ['93010'] })).toBe(true);
    expect(pointsAnswer({ surfaceMin: 30 }, { kind: 'communes', insee: ['93010'] })).toBe(false);
  });

  it('numbers cells in Morton order, as the SQL function does, and picks a level per zoom', async () => {
    expect([morton(0, 0), morton(1, 0), morton(0, 1), morton(3, 3), morton(5, 2)]).toEqual([0, 1, 2, 15, 25]);
    const [r] = await db.query<{ m: string; z20: string }>(
      'SELECT map_morton(16645, 11270)::text AS m, map_morton(532661, 360663)::text AS z20',
    );
    expect(Number(r?.m)).toBe(morton(16645, 11270));
    expect(Number(r?.z20)).toBe(morton(532661, 360663));
    // Every cell of the zoom-20 grid (a pseudo-random sample) and the largest integers.
    const pairs = Array.from({ length: 500 }, (_, i) => [(i * 2_654_435_761) % 2 ** 20, (i * 40_503 + 7) % 2 ** 20] as const);
    const codes = await db.query<{ m: string }>(
      'SELECT map_morton(x, y)::text AS m FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS t(x, y, i) ORDER BY i',
      [pairs.map(([x]) => x), pairs.map(([, y]) => y)],
    );
    expect(codes.map((c) => Number(c.m))).toEqual(pairs.map(([x, y]) => morton(x, y)));
    const [max] = await db.query<{ m: string }>('SELECT map_morton(2147483647, 2147483647)::text AS m');
    expect(max?.m).toBe(String(2n ** 62n - 1n));
    expect([5, 6, 8, 9, 10, 11, 13, 14].map(cellLevel)).toEqual([9, 9, 11, 13, 13, 15, 15, 15]);
  });

  it('abbreviates counts the French way', () => {
    expect([abbreviate(999), abbreviate(1234), abbreviate(25_400)]).toEqual(['999', `1,2${NBSP}k`, `25${NBSP}k`]);
  });
});
