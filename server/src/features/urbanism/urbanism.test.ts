/**
 * `GET /api/parcels/:id/urbanisme` over the Bondy cadastre: without any PLU the answer says so;
 * with the 2025 PLUi, parcel 93010000AC0013 is in zone UC48C16 (« Centralite », U) of document
 * 200057875_PLUI_20250624 approved on 2025-06-24; French 400 and 404; a lapsed subscription is refused.
 */
import { parcelUrbanismSchema, zoningSchema } from '@immoloupe/shared/urbanism/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { runImport } from '../../importers/run.js';
import { SAMPLES } from '../../importers/test-samples.js';
import { createTestDb } from '../../test/db.js';
import { LAPSED, type RouterServer, SAMPLE, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { urbanismRoutes } from './routes.js';

let db: Db;
let api: RouterServer;
let lapsed: RouterServer;
beforeAll(async () => {
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre] });
  api = await serveRouter(urbanismRoutes({ db }), SUBSCRIBER);
  lapsed = await serveRouter(urbanismRoutes({ db }), LAPSED);
}, 180_000);
afterAll(async () => {
  await Promise.all([api?.close(), lapsed?.close()]);
  await db?.close();
});

async function get(id: string, server = api) {
  const res = await server.fetch(`/api/parcels/${id}/urbanisme`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('GET /api/parcels/:id/urbanisme', () => {
  it('says when no urban-planning document is imported', async () => {
    const { status, body } = await get('93010000AC0013');
    expect(status).toBe(200);
    expect(parcelUrbanismSchema.parse(body)).toEqual({
      parcelId: '93010000AC0013',
      anyDocument: false,
      documents: [],
      zones: [],
      prescriptions: [],
      informations: [],
    });
  });

  it('gives the zone, the document and the prescriptions of a Bondy parcel', async () => {
    expect(await runImport(db, { path: SAMPLES.plu.gpkg2025, startedBy: 'test' })).toMatchObject({ status: 'succeeded' });
    const { status, body } = await get('93010000ac0013');
    expect(status).toBe(200);
    const u = parcelUrbanismSchema.parse(body);
    expect(u.anyDocument).toBe(true);
    expect(u.documents).toEqual([
      { idurba: '200057875_PLUI_20250624', datappro: '2025-06-24', nomfic: expect.stringMatching(/20250624/), urlfic: null },
    ]);
    expect(u.zones[0]).toMatchObject({ libelle: 'UC48C16', libelong: 'Centralite', typezone: 'U' });
    const [parcel] = await db.query<{ contenance: number }>(`SELECT contenance FROM parcels WHERE id = '93010000AC0013'`);
    // The zone's area within the parcel is the parcel's own (its cadastral area, to a few per cent).
    expect(Math.abs((u.zones[0]?.areaM2 ?? 0) - (parcel?.contenance ?? 0)) / (parcel?.contenance ?? 1)).toBeLessThan(0.05);
    expect(u.prescriptions.every((p) => p.share === null || (p.share > 0 && p.share <= 1))).toBe(true);
  });

  it('refuses a malformed id in French, answers 404 for an unknown parcel, 403 without a subscription', async () => {
    expect(await get('93010AC13')).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^Identifiant de parcelle invalide\u00a0:/) },
    });
    expect(await get('93010000ZZ9999')).toMatchObject({ status: 404, body: { message: expect.stringMatching(/^Parcelle inconnue/) } });
    expect((await get('93010000AC0013', lapsed)).status).toBe(403);
  });

  it('gives the zones of a map view for the zoning layer, and refuses a bad or too large view in French', async () => {
    const [box] = await db.query<{ w: number; s: number; e: number; n: number }>(
      `SELECT min(bbox_west) w, min(bbox_south) s, max(bbox_east) e, max(bbox_north) n FROM parcels WHERE code_commune = '93010'`,
    );
    const res = await api.fetch(`/api/urbanisme/zones?bbox=${box?.w},${box?.s},${box?.e},${box?.n}`);
    expect(res.status).toBe(200);
    const z = zoningSchema.parse(await res.json());
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM plu_features WHERE layer = 'zone_urba'`);
    expect(z.truncated).toBe(false);
    expect(z.features.length).toBe(count?.n);
    expect(z.features.some((f) => f.properties.libelle === 'UC48C16' && f.properties.typezone === 'U')).toBe(true);
    // A view of a few hundred metres around AC 13 holds its zone and not every zone of Bondy.
    const [p] = await db.query<{ lon: number; lat: number }>(
      `SELECT centroid_lon lon, centroid_lat lat FROM parcels WHERE id = '93010000AC0013'`,
    );
    const near = zoningSchema.parse(
      await (
        await api.fetch(
          `/api/urbanisme/zones?bbox=${(p?.lon ?? 0) - 0.001},${(p?.lat ?? 0) - 0.001},${(p?.lon ?? 0) + 0.001},${(p?.lat ?? 0) + 0.001}`,
        )
      ).json(),
    );
    expect(near.features.map((f) => f.properties.libelle)).toContain('UC48C16');
    expect(near.features.length).toBeLessThan(z.features.length);
    for (const [q, message] of [
      ['bbox=a,b,c,d', /Ce n’est pas un nombre/],
      ['bbox=2.5,48.9,2.4,49', /Emprise vide/],
      ['bbox=2,48,3,49', /Emprise trop grande pour le zonage/],
    ] as const) {
      const r = await api.fetch(`/api/urbanisme/zones?${q}`);
      expect(r.status, q).toBe(400);
      expect(JSON.stringify(await r.json()), q).toMatch(message);
    }
    expect((await lapsed.fetch(`/api/urbanisme/zones?bbox=2.4,48.8,2.5,48.9`)).status).toBe(403);
  });
});
