/**
 * The parcel search's land filters (`GET /api/parcels`) on Bondy: the 2025 cadastre, the 2025 PLUi
 * and the 34-building extract. Before any building is imported, a coverage filter finds nothing and
 * says the commune's buildings are missing; then « zone U, couverture ≤ 20 %, surface ≥ 500 m² »
 * returns exactly the parcels a recomputation from the sample files gives; zone libellé and
 * prescription filters, with their complements; bad input refused in French.
 */
import { parcelSearchResultSchema } from '@immoloupe/shared/parcels/search-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { runImport } from '../../importers/run.js';
import { SAMPLES } from '../../importers/test-samples.js';
import { createTestDb } from '../../test/db.js';
import { type RouterServer, SAMPLE, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { parcelRoutes } from '../parcels/routes.js';
import { parcelUrbanism } from '../urbanism/parcel-urbanism.js';
import { recomputeLand } from './testing/recompute.js';

let db: Db;
let api: RouterServer;

beforeAll(async () => {
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre] });
  expect(await runImport(db, { path: SAMPLES.plu.gpkg2025, startedBy: 'test' })).toMatchObject({ status: 'succeeded' });
  api = await serveRouter(parcelRoutes({ db }), SUBSCRIBER);
}, 300_000);
afterAll(async () => {
  await api?.close();
  await db?.close();
});

async function search(query: string) {
  const res = await api.fetch(`/api/parcels?commune=93010&${query}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Every page of a search. */
async function allOf(query: string) {
  const ids: string[] = [];
  let first: ReturnType<typeof parcelSearchResultSchema.parse> | undefined;
  for (let offset = 0; ; offset += 500) {
    const { status, body } = await search(`${query}&limit=500&offset=${offset}`);
    expect(status, JSON.stringify(body)).toBe(200);
    const page = parcelSearchResultSchema.parse(body);
    first ??= page;
    ids.push(...page.parcels.map((p) => p.id));
    if (page.parcels.length < 500) break;
  }
  return { ids: ids.sort(), first: first as NonNullable<typeof first> };
}

describe('land search on Bondy', () => {
  it('finds nothing by coverage while the commune’s buildings are not imported, and says so', async () => {
    const { body } = await search('zoneType=U&coverageMax=20');
    const r = parcelSearchResultSchema.parse(body);
    expect(r.total).toBe(0);
    expect(r.buildingsMissing).toEqual(['93010']);
    const plain = parcelSearchResultSchema.parse((await search('zoneType=U&limit=20')).body);
    expect(plain.total).toBeGreaterThan(0);
    expect(plain.parcels.every((p) => plain.land[p.id]?.builtM2 === null && plain.land[p.id]?.coverage === null)).toBe(true);
  });

  it('« zone U, couverture ≤ 20 %, surface ≥ 500 m² » returns exactly the parcels recomputed from the samples', async () => {
    expect(await runImport(db, { path: SAMPLES.batimentsBondy, startedBy: 'test' })).toMatchObject({ status: 'succeeded' });
    // The zone is recomputed where the area already qualifies (the exact overlap with the zones is slow).
    const expected = await recomputeLand(SAMPLES.cadastreBondy(2025), SAMPLES.batimentsBondy, SAMPLES.plu.gpkg2025, (p) => p.area >= 500);
    const qualifies = expected.filter((e) => e.area >= 500 && e.coverage <= 0.2 && e.zoneType === 'U');
    // The extract's buildings cover the coverage threshold on both sides: some large parcels are excluded by it.
    expect(expected.some((e) => e.area >= 500 && e.zoneType === 'U' && e.coverage > 0.2)).toBe(true);
    expect(expected.some((e) => e.area >= 500 && e.zoneType === 'U' && e.coverage > 0 && e.coverage <= 0.2)).toBe(true);
    const { ids, first } = await allOf('zoneType=U&coverageMax=20&surfaceMin=500');
    expect(first.buildingsMissing).toEqual([]);
    expect(first.total).toBe(ids.length);
    expect(ids).toEqual(qualifies.map((e) => e.id).sort());
    expect(ids.length).toBeGreaterThan(100);
    console.info(`Bondy, zone U, couverture ≤ 20 %, surface ≥ 500 m² : ${ids.length} parcelles`);
    // The columns: the stored figures are those recomputed.
    const byId = new Map(expected.map((e) => [e.id, e]));
    for (const p of first.parcels) {
      const land = first.land[p.id];
      const e = byId.get(p.id);
      expect(land?.zoneType).toBe('U');
      expect(land?.zoneLibelle).toBe(e?.zoneLibelle);
      expect(Math.abs((land?.builtM2 ?? Number.NaN) - (e?.built ?? 0))).toBeLessThanOrEqual(Math.max(1, (e?.built ?? 0) * 0.005));
    }
  });

  it('filters by the zone’s libellé and by coverage from below', async () => {
    const uc = await allOf('zoneLibelle=uc48');
    expect(uc.ids).toContain('93010000AC0013');
    expect(Object.values(uc.first.land).every((l) => l.zoneLibelle?.startsWith('UC48'))).toBe(true);
    const built = await allOf('coverageMin=30');
    expect(built.ids.length).toBeGreaterThan(0);
    expect(Object.values(built.first.land).every((l) => (l.coverage ?? 0) >= 0.3)).toBe(true);
    const [n] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcel_land WHERE coverage >= 0.3`);
    expect(built.ids.length).toBe(n?.n);
  });

  it('filters by prescription kind, present or absent, as the parcel sheet lists them', async () => {
    const kinds = await db.query<{ k: string; n: number }>(
      `SELECT k, count(*)::int AS n FROM parcel_land, unnest(prescription_types) k GROUP BY k ORDER BY n DESC, k`,
    );
    const kind = kinds[0]?.k as string;
    expect(kind).toMatch(/^\d{2}$/);
    const all = parcelSearchResultSchema.parse((await search('limit=1')).body).total;
    const withIt = await allOf(`prescription=${kind}`);
    const without = parcelSearchResultSchema.parse((await search(`prescription=${kind}&prescriptionPresent=non&limit=1`)).body).total;
    expect(withIt.ids.length).toBe(kinds[0]?.n);
    expect(withIt.ids.length + without).toBe(all);
    // The sheet's own overlap finds that kind on the parcels the search returns.
    for (const id of withIt.ids.slice(0, 5)) {
      const u = await parcelUrbanism(db, id);
      expect(u?.prescriptions.map((p) => p.typeCode)).toContain(kind);
    }
    const none = parcelSearchResultSchema.parse((await search('prescriptionPresent=non&limit=1')).body).total;
    const any = parcelSearchResultSchema.parse((await search('prescription=toutes&limit=1')).body).total;
    expect(none + any).toBe(all);
  });

  it('refuses bad land filters in French', async () => {
    for (const [q, message] of [
      ['coverageMax=abc', /Couverture maximale invalide/],
      ['coverageMax=150', /Couverture maximale invalide/],
      ['coverageMin=50&coverageMax=20', /La couverture minimale dépasse la couverture maximale/],
      ['zoneType=X', /Type de zone inconnu \(U, AU, A ou N\)/],
      ['prescription=EBC', /Type de prescription invalide/],
      ['prescriptionPresent=peut-etre', /présente \(oui\) ou absente \(non\)/],
    ] as const) {
      const { status, body } = await search(q);
      expect(status, q).toBe(400);
      expect(JSON.stringify(body), q).toMatch(message);
    }
  });
});
