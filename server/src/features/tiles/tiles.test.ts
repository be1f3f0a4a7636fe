/** The offline basemap on the Bondy sample: outlines computed at import, vector tiles over HTTP. */

import { baseExtentSchema } from '@immoloupe/shared/map/contracts';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { importSamples, LAPSED, type RouterServer, SAMPLE, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { tileRoutes } from './routes.js';
import { tileOf } from './tiles.logic.js';

let db: Db;
let api: RouterServer;
let lapsed: RouterServer;
let anonymous: RouterServer;
/** Rue Jules Guesde area, in the centre of Bondy. */
const BONDY = { lon: 2.4829, lat: 48.9022 };

beforeAll(async () => {
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre, SAMPLE.bondyBan] });
  api = await serveRouter(tileRoutes({ db }), SUBSCRIBER);
  lapsed = await serveRouter(tileRoutes({ db }), LAPSED);
  anonymous = await serveRouter(tileRoutes({ db }), undefined);
});
afterAll(async () => {
  await Promise.all([api?.close(), lapsed?.close(), anonymous?.close()]);
  await db?.close();
});

async function tile(z: number, at = BONDY): Promise<VectorTile> {
  const t = tileOf(at.lon, at.lat, z);
  const res = await api.fetch(`/api/tiles/base/${t.z}/${t.x}/${t.y}.pbf`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/vnd.mapbox-vector-tile');
  return new VectorTile(new PbfReader(new Uint8Array(await res.arrayBuffer())));
}

function names(t: VectorTile, layer: string, key: string): string[] {
  const l = t.layers[layer];
  if (!l) return [];
  return Array.from({ length: l.length }, (_, i) => String(l.feature(i).properties[key]));
}

describe('section and commune outlines', () => {
  it('stores one outline per section of the current parcels, and the commune outline', async () => {
    const [c] = await db.query<{ sections: number; parcels: number; distinct_sections: number; commune: number }>(
      `SELECT (SELECT count(*)::int FROM cadastre_sections) AS sections,
              (SELECT sum(parcels)::int FROM cadastre_sections) AS parcels,
              (SELECT count(DISTINCT code_section)::int FROM parcels WHERE is_current) AS distinct_sections,
              (SELECT count(*)::int FROM commune_outlines WHERE code_commune = '93010') AS commune`,
    );
    expect(c?.sections).toBe(c?.distinct_sections);
    expect(c?.sections).toBeGreaterThan(20);
    const [p] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcels WHERE is_current`);
    expect(c?.parcels).toBe(p?.n);
    expect(c?.commune).toBe(1);
    // Bondy spans about 2.46–2.51° E and 48.88–48.92° N.
    const [b] = await db.query<{ w: number; e: number; s: number; n: number }>(
      `SELECT bbox_west AS w, bbox_east AS e, bbox_south AS s, bbox_north AS n FROM commune_outlines`,
    );
    expect(b?.w).toBeGreaterThan(2.45);
    expect(b?.e).toBeLessThan(2.52);
    expect(b?.s).toBeGreaterThan(48.87);
    expect(b?.n).toBeLessThan(48.93);
  });
});

describe('GET /api/tiles/base/{z}/{x}/{y}.pbf', () => {
  it('draws parcels, sections, the commune and street names at zoom 16', async () => {
    const t = await tile(16);
    expect(t.layers.parcelles?.length).toBeGreaterThan(100);
    expect(t.layers.sections?.length).toBeGreaterThan(0);
    expect(names(t, 'communes', 'nom')).toEqual(['Bondy']);
    // Named once, though made of blocks.
    expect(new Set(names(t, 'sections_noms', 'nom')).size).toBe(t.layers.sections_noms?.length);
    const streets = names(t, 'voies', 'nom');
    expect(streets.length).toBeGreaterThan(10);
    expect(streets.some((s) => /^(Rue|Avenue|Allée|Boulevard|Place|Impasse|Chemin|Villa|Square|Sentier|Cité)/.test(s))).toBe(true);
  });

  it('leaves parcels and streets out below zoom 14, sections below zoom 11', async () => {
    const z13 = await tile(13);
    expect(z13.layers.parcelles).toBeUndefined();
    expect(z13.layers.voies).toBeUndefined();
    expect(z13.layers.sections?.length).toBeGreaterThan(0);
    const z10 = await tile(10);
    expect(z10.layers.sections).toBeUndefined();
    expect(z10.layers.communes?.length).toBe(1);
    expect(names(z10, 'communes_noms', 'nom')).toEqual(['Bondy']);
  });

  it('keeps the densest tiles small (zoom 14, the whole of central Bondy)', async () => {
    const t = tileOf(BONDY.lon, BONDY.lat, 14);
    const res = await api.fetch(`/api/tiles/base/${t.z}/${t.x}/${t.y}.pbf`);
    const bytes = (await res.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(10_000);
    expect(bytes).toBeLessThan(600_000);
  });

  it('answers an empty tile far from any data', async () => {
    const t = await tile(16, { lon: -1.5, lat: 43.3 });
    expect(Object.keys(t.layers)).toEqual([]);
  });

  it('keeps a built tile until the next cadastre or BAN import', async () => {
    await tile(15);
    const cached = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM map_tiles`))[0]?.n ?? 0;
    expect(await cached()).toBeGreaterThan(0);
    await importSamples(db, [SAMPLE.bondyBan]);
    expect(await cached()).toBe(0);
  });

  it('gives the extent of the loaded cadastre, for maps opened without a place', async () => {
    const res = await api.fetch('/api/tiles/base/extent');
    expect(res.status).toBe(200);
    const { bounds } = baseExtentSchema.parse(await res.json());
    const [w, s, e, n] = bounds ?? [0, 0, 0, 0];
    // Bondy, and only Bondy: about 4 km across, around its centre.
    expect(w).toBeLessThan(BONDY.lon);
    expect(e).toBeGreaterThan(BONDY.lon);
    expect(s).toBeLessThan(BONDY.lat);
    expect(n).toBeGreaterThan(BONDY.lat);
    expect(e - w).toBeGreaterThan(0.03);
    expect(e - w).toBeLessThan(0.1);
    expect(n - s).toBeLessThan(0.06);
    // Asked for Bondy: the same; for a commune without cadastre: none; a bad code: a French refusal.
    const bondy = baseExtentSchema.parse(await (await api.fetch('/api/tiles/base/extent?insee=93010')).json());
    expect(bondy.bounds).toEqual(bounds);
    expect(await (await api.fetch('/api/tiles/base/extent?insee=64260')).json()).toEqual({ bounds: null });
    const bad = await api.fetch('/api/tiles/base/extent?insee=9301');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { message: string }[] }).issues[0]?.message).toContain('Code INSEE invalide');
    expect((await lapsed.fetch('/api/tiles/base/extent')).status).toBe(403);
    expect((await anonymous.fetch('/api/tiles/base/extent')).status).toBe(401);
  });

  it('has no extent before any cadastre import', async () => {
    const empty = await createTestDb();
    const server = await serveRouter(tileRoutes({ db: empty }), SUBSCRIBER);
    try {
      expect(await (await server.fetch('/api/tiles/base/extent')).json()).toEqual({ bounds: null });
    } finally {
      await server.close();
      await empty.close();
    }
  });

  it('frames a commune without cadastre on its sales, and the whole extent stays the cadastre’s', async () => {
    const before = baseExtentSchema.parse(await (await api.fetch('/api/tiles/base/extent')).json());
    await importSamples(db, [SAMPLE.hendayeDvf]);
    const hendaye = baseExtentSchema.parse(await (await api.fetch('/api/tiles/base/extent?insee=64260')).json()).bounds;
    const [w, s, e, n] = hendaye ?? [0, 0, 0, 0];
    // Hendaye (−1,77 ; 43,36), about 5 km across: not France, not a point.
    expect(w).toBeLessThan(-1.74);
    expect(e).toBeGreaterThan(-1.79);
    expect(e - w).toBeGreaterThan(0.01);
    expect(e - w).toBeLessThan(0.12);
    expect(s).toBeGreaterThan(43.3);
    expect(n).toBeLessThan(43.42);
    // Both communes: one box over both; without communes, still the cadastre's box alone.
    const both = baseExtentSchema.parse(await (await api.fetch('/api/tiles/base/extent?insee=64260,93010')).json()).bounds;
    expect(both?.[0]).toBe(w);
    expect(both?.[3]).toBe(before.bounds?.[3]);
    expect(await (await api.fetch('/api/tiles/base/extent')).json()).toEqual(before);
  });

  it('refuses a tile that does not exist, and readers without a subscription', async () => {
    for (const path of ['/api/tiles/base/3/8/1.pbf', '/api/tiles/base/23/0/0.pbf', '/api/tiles/base/a/0/0.pbf']) {
      const res = await api.fetch(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Tuile invalide/);
    }
    expect((await lapsed.fetch('/api/tiles/base/15/16609/11270.pbf')).status).toBe(403);
    expect((await anonymous.fetch('/api/tiles/base/15/16609/11270.pbf')).status).toBe(401);
  });
});
