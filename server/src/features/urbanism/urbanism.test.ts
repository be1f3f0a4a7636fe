/**
 * `GET /api/parcels/:id/urbanisme` over the Bondy cadastre: without any PLU the answer says so;
 * with the 2025 PLUi, parcel 93010000AC0013 is in zone UC48C16 (« Centralite », U) of document
 * 200057875_PLUI_20250624 approved on 2025-06-24; French 400 and 404; a lapsed subscription is refused.
 */
import { parcelUrbanismSchema } from '@immoloupe/shared/urbanism/contracts';
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
});
