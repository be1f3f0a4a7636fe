/**
 * Cadastre buildings importer on the real Bondy extract (34 Etalab buildings) over the 2025 Bondy
 * cadastre: the buildings and their commune stored; the same file again changes nothing; a broken
 * file is refused in French with the buildings in place; each parcel's footprint and coverage
 * equal a recomputation from the two sample files; a commune whose buildings were never imported
 * has no footprint and no coverage (« bâti non importé »), never 0.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { type ExpectedLand, recomputeLand } from '../features/land/testing/recompute.js';
import { createTestDb } from '../test/db.js';
import { runImport } from './run.js';
import { SAMPLES } from './test-samples.js';

const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-batiments-'));
let db: Db;
let expected: ExpectedLand[];

async function buildingsState(): Promise<string> {
  const [r] = await db.query<{ h: string }>(
    `SELECT concat_ws(' ', (SELECT string_agg(concat_ws('|', code_commune, fingerprint, buildings, vintage, import_run_id), ',') FROM building_communes),
            (SELECT md5(string_agg(concat_ws('|', id, code_commune, kind, geometry::text, created, updated), ',' ORDER BY id)) FROM buildings),
            (SELECT md5(string_agg(concat_ws('|', parcel_id, area_m2, built_m2, coverage), ',' ORDER BY parcel_id)) FROM parcel_land)) AS h`,
  );
  return r?.h ?? '';
}

beforeAll(async () => {
  db = await createTestDb();
  expect(await runImport(db, { path: SAMPLES.cadastreBondy(2025), startedBy: 'test' })).toMatchObject({ status: 'succeeded' });
  expected = await recomputeLand(SAMPLES.cadastreBondy(2025), SAMPLES.batimentsBondy);
}, 300_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('cadastre buildings importer', () => {
  it('gives « bâti non importé » (no footprint, no coverage) before any building of the commune is imported', async () => {
    const [r] = await db.query<{ n: number; known: number }>(
      `SELECT count(*)::int AS n, count(built_m2)::int + count(coverage)::int AS known FROM parcel_land WHERE code_commune = '93010'`,
    );
    expect(r).toEqual({ n: 7124, known: 0 });
  });

  it('imports the 34 buildings of the extract, one set for Bondy', async () => {
    const report = await runImport(db, { path: SAMPLES.batimentsBondy, startedBy: 'test' });
    expect(report).toMatchObject({ status: 'succeeded', source: 'batiments', rowsKept: 34, rowsRejected: 0 });
    expect(report.summary).toMatchObject({ communes: '93010', buildingsInserted: 34, communesUnchanged: 0, 'parcelLand.parcels': 7124 });
    expect(await db.query(`SELECT kind, count(*)::int AS n FROM buildings GROUP BY kind ORDER BY kind`)).toEqual([
      { kind: '01', n: 30 },
      { kind: '02', n: 4 },
    ]);
    expect(await db.query(`SELECT code_commune, buildings, vintage::text AS vintage FROM building_communes`)).toEqual([
      { code_commune: '93010', buildings: 34, vintage: '2018-06-11' },
    ]);
  });

  it('stores per parcel the footprint and coverage a recomputation from the sample files gives', async () => {
    const stored = await db.query<{ parcel_id: string; area_m2: number; built_m2: number | null; coverage: number | null }>(
      `SELECT parcel_id, area_m2, built_m2, coverage FROM parcel_land WHERE code_commune = '93010' ORDER BY parcel_id`,
    );
    const byId = new Map(stored.map((r) => [r.parcel_id, r]));
    expect(stored).toHaveLength(expected.length);
    const built = expected.filter((e) => e.built >= 1);
    // The provenance's join check: the 34 footprints fall on 21 parcels of section A (slivers under 1 m² aside).
    expect(new Set(built.filter((e) => e.built >= 5).map((e) => e.id)).size).toBeGreaterThanOrEqual(21);
    expect(built.every((e) => e.id.slice(8, 10) === '0A')).toBe(true);
    for (const e of expected) {
      const s = byId.get(e.id);
      expect(s, e.id).toBeDefined();
      expect(s?.area_m2, e.id).toBe(e.area);
      expect(
        Math.abs((s?.built_m2 ?? Number.NaN) - e.built),
        `${e.id}: ${s?.built_m2} m² stored, ${e.built.toFixed(1)} recomputed`,
      ).toBeLessThanOrEqual(Math.max(1, e.built * 0.005));
      expect(Math.abs((s?.coverage ?? Number.NaN) - (s?.built_m2 ?? 0) / e.area), e.id).toBeLessThan(1e-9);
    }
    // Every other Bondy parcel is known unbuilt in this extract: 0 m², 0 %, not « non importé ».
    const zero = stored.filter((r) => r.built_m2 === 0);
    expect(zero.length).toBe(expected.filter((e) => Math.round(e.built) === 0).length);
    expect(zero.every((r) => r.coverage === 0)).toBe(true);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await buildingsState();
    const again = await runImport(db, { path: SAMPLES.batimentsBondy, startedBy: 'test' });
    expect(again).toMatchObject({ status: 'succeeded' });
    expect(again.summary).toMatchObject({ buildingsInserted: 0, communesUnchanged: 1, 'parcelLand.communes': 0 });
    expect(await buildingsState()).toBe(before);
  });

  it('refuses a truncated file and a foreign feature type in French, the buildings and figures in place', async () => {
    const before = await buildingsState();
    const text = readFileSync(SAMPLES.batimentsBondy, 'utf8');
    const cut = path.join(dir, 'cadastre-93010-batiments.json');
    writeFileSync(cut, text.slice(0, Math.floor(text.length / 2)));
    const truncated = await runImport(db, { path: cut, startedBy: 'test' });
    expect(truncated.status).toBe('failed');
    expect(truncated.error).toMatch(/n’est pas une FeatureCollection GeoJSON complète/);
    const foreign = path.join(dir, 'b.json');
    writeFileSync(foreign, text.replaceAll('"type":"01"', '"type":"07"').replaceAll('"type":"02"', '"type":"08"'));
    const wrong = await runImport(db, { path: foreign, startedBy: 'test', source: 'batiments' });
    expect(wrong.status).toBe('failed');
    expect(wrong.error).toMatch(/Aucune ligne valide.*type de bâtiment «\u00a007\u00a0» inconnu/);
    expect(await buildingsState()).toBe(before);
  });

  it('leaves a commune whose buildings were never imported without footprint nor coverage', async () => {
    expect(await runImport(db, { path: SAMPLES.cadastreParis18_2025, startedBy: 'test' })).toMatchObject({ status: 'succeeded' });
    const [r] = await db.query<{ n: number; known: number }>(
      `SELECT count(*)::int AS n, count(built_m2)::int + count(coverage)::int AS known FROM parcel_land WHERE code_commune = '75118'`,
    );
    expect(r?.n).toBeGreaterThan(1000);
    expect(r?.known).toBe(0);
    // Bondy's figures did not move.
    const [b] = await db.query<{ n: number }>(`SELECT count(built_m2)::int AS n FROM parcel_land WHERE code_commune = '93010'`);
    expect(b?.n).toBe(7124);
  });
});
