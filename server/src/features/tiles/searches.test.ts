/**
 * DPE and co-ownership tiles through the whole app, signed in by access keys: decoded contents
 * against the counts of `/api/dpe` and `/api/copros`, filters, « ma zone » kept to its owner, the
 * ETag answered by a 304 and changed by an import.
 */
import type { CoproList } from '@immoloupe/shared/copro/contracts';
import type { DpeList } from '@immoloupe/shared/dpe/contracts';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createKey } from '../keys/access-keys.js';
import { importSamples, SAMPLE } from '../market/test-support.js';
import { saveTerritory } from '../zone/territory.js';
import { type TileCoord, tileOf } from './tiles.logic.js';

const DPE_SAMPLE = 'dpe/dpe03existant_extrait-1000_france.csv';
let app: TestApp;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  app = await startTestApp({ samples: [DPE_SAMPLE] });
  const [a, b] = await Promise.all([
    createAccount(app.db, 'tuiles-a@exemple.fr', 'Maison-bleue-2026', { subscription: 'active' }),
    createAccount(app.db, 'tuiles-b@exemple.fr', 'Maison-bleue-2026', { subscription: 'active' }),
  ]);
  keyA = (await createKey(app.db, a, 'Tuiles')).secret;
  keyB = (await createKey(app.db, b, 'Tuiles')).secret;
  // Lyon 7e for A, Lyon 3e (its neighbour, on the same tiles) for B.
  await saveTerritory(app.db, a, { geometry: null, communes: ['69387'] });
  await saveTerritory(app.db, b, { geometry: null, communes: ['69383'] });
});
afterAll(async () => app?.close());

const auth = (key: string, extra: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${key}`, ...extra } });

async function json<T>(path: string, key = keyA): Promise<T> {
  const res = await app.fetch(path, auth(key));
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

type Props = Record<string, string | number | boolean>;

async function tile(layer: string, t: TileCoord, query: string, key = keyA): Promise<Props[]> {
  const res = await app.fetch(`/api/tiles/${layer}/${t.z}/${t.x}/${t.y}.pbf?${query}`, auth(key));
  expect(res.status, await res.clone().text()).toBe(200);
  const l = new VectorTile(new PbfReader(new Uint8Array(await res.arrayBuffer()))).layers[layer];
  return l ? Array.from({ length: l.length }, (_, i) => l.feature(i).properties) : [];
}

/** Every tile of zoom z over the points' box, features of all of them. */
async function tilesOver(layer: string, z: number, points: { lon: number | null; lat: number | null }[], query: string, key = keyA) {
  const located = points.filter((p): p is { lon: number; lat: number } => p.lon !== null && p.lat !== null);
  const nw = tileOf(Math.min(...located.map((p) => p.lon)), Math.max(...located.map((p) => p.lat)), z);
  const se = tileOf(Math.max(...located.map((p) => p.lon)), Math.min(...located.map((p) => p.lat)), z);
  const out: Props[] = [];
  for (let x = nw.x; x <= se.x; x++) for (let y = nw.y; y <= se.y; y++) out.push(...(await tile(layer, { z, x, y }, query, key)));
  return { features: out, located: located.length };
}

const total = (fs: Props[]) => fs.reduce((n, f) => n + Number(f.count), 0);

describe('GET /api/tiles/dpe/{z}/{x}/{y}.pbf', () => {
  it('counts every located DPE of the search, coloured by class, with the filters of /api/dpe', async () => {
    const list = await json<DpeList>('/api/dpe?insee=69387&pageSize=200');
    expect(list.total).toBe(34);
    const z12 = await tilesOver('dpe', 12, list.items, 'insee=69387');
    expect(z12.located).toBeGreaterThan(30);
    expect(total(z12.features)).toBe(z12.located);
    expect(z12.features.length).toBeLessThan(z12.located);

    const fg = await json<DpeList>('/api/dpe?insee=69387&classes=F,G&pageSize=200');
    const tilesFg = await tilesOver('dpe', 12, list.items, 'insee=69387&classes=F,G');
    expect(total(tilesFg.features)).toBe(fg.items.filter((d) => d.lon !== null).length);
    expect(tilesFg.features.every((f) => f.classe === 'F' || f.classe === 'G')).toBe(true);

    // At the last zoom a marker groups the DPE of one building; one of a single DPE carries its number.
    const z16 = await tilesOver('dpe', 16, list.items, 'insee=69387');
    expect(total(z16.features)).toBe(z16.located);
    for (const f of z16.features) expect(typeof f.id === 'string').toBe(f.count === 1);
    expect(z16.features.length).toBeGreaterThanOrEqual(z12.features.length);
  });

  it('refuses a request without session or key, a bad filter and a bad tile', async () => {
    expect((await app.fetch('/api/tiles/dpe/12/2101/1461.pbf?insee=69387')).status).toBe(401);
    expect((await app.fetch('/api/tiles/dpe/12/2101/1461.pbf?insee=69387&classes=Z', auth(keyA))).status).toBe(400);
    expect((await app.fetch('/api/tiles/dpe/12/9101/1461.pbf?insee=69387', auth(keyA))).status).toBe(400);
  });

  it('uses each user’s own « ma zone », never another’s cached tile', async () => {
    const a = await json<DpeList>('/api/dpe?zone=mine&pageSize=200', keyA);
    const b = await json<DpeList>('/api/dpe?zone=mine&pageSize=200', keyB);
    expect(a.total).toBe(34);
    expect(b.total).toBeGreaterThan(0);
    const both = [...a.items, ...b.items];
    // The same URLs for both users, A first so that its tiles are in the cache.
    const tilesA = await tilesOver('dpe', 11, both, 'zone=mine', keyA);
    const tilesB = await tilesOver('dpe', 11, both, 'zone=mine', keyB);
    expect(total(tilesA.features)).toBe(a.items.filter((d) => d.lon !== null).length);
    expect(total(tilesB.features)).toBe(b.items.filter((d) => d.lon !== null).length);
    expect(total(tilesB.features)).not.toBe(total(tilesA.features));
  });
});

describe('GET /api/tiles/copros/{z}/{x}/{y}.pbf', () => {
  it('answers 304 to its own ETag, and a new tile once an import changed the data', async () => {
    const t = tileOf(2.4829, 48.9022, 12);
    const path = `/api/tiles/copros/${t.z}/${t.x}/${t.y}.pbf?insee=93010`;
    const before = await app.fetch(path, auth(keyA));
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('private, no-cache');
    const etag = before.headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await before.arrayBuffer()).byteLength).toBe(0);
    expect((await app.fetch(path, auth(keyA, { 'if-none-match': etag }))).status).toBe(304);

    await importSamples(app.db, [SAMPLE.bondyCopro]);
    const after = await app.fetch(path, auth(keyA, { 'if-none-match': etag }));
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await after.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('counts the co-ownerships of the search, with the mandate filter of /api/copros', async () => {
    const all = await json<CoproList>('/api/copros?insee=93010&pageSize=200');
    expect(all.total).toBeGreaterThan(30);
    const z12 = await tilesOver('copros', 12, all.items, 'insee=93010');
    expect(total(z12.features)).toBe(z12.located);
    const soon = await json<CoproList>('/api/copros?insee=93010&endsWithin=12&pageSize=200');
    expect(soon.total).toBeGreaterThan(0);
    expect(soon.total).toBeLessThan(all.total);
    const tilesSoon = await tilesOver('copros', 12, all.items, 'insee=93010&endsWithin=12');
    expect(total(tilesSoon.features)).toBe(soon.items.filter((c) => c.lon !== null).length);
  });
});
