/**
 * Urban-planning importer on the real Bondy samples (PLUi Est Ensemble): the 2021 zones and
 * prescriptions, then the 2025 version, which replaces the whole 2021 one; a re-import and an
 * older version change nothing; the 2025 shapefile gives the same zones as the GeoPackage; broken
 * or foreign files are refused in French with the data in place; the parcel's zone and share.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { parcelUrbanism } from '../features/urbanism/parcel-urbanism.js';
import { createTestDb } from '../test/db.js';
import { detectFileFormat, runImport } from './run.js';
import { SAMPLES } from './test-samples.js';

const PLU = SAMPLES.plu;
const BONDY_CADASTRE = 'cadastre/cadastre-93010-parcelles_2025.json.gz';
const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-plu-'));
let db: Db;

async function state(target = db): Promise<string> {
  const [r] = await target.query<{ h: string }>(
    `SELECT concat_ws(' ', (SELECT string_agg(concat_ws('|', partition, idurba, datappro, datvalid, nomfic, import_run_id), ',') FROM plu_documents),
            (SELECT string_agg(concat_ws('|', partition, layer, fingerprint, features, import_run_id), ',' ORDER BY layer) FROM plu_layers),
            (SELECT md5(string_agg(concat_ws('|', id, layer, idurba, libelle, typezone, geometry::text), ',' ORDER BY id)) FROM plu_features)) AS h`,
  );
  return r?.h ?? '';
}

async function layerCounts(target = db): Promise<Record<string, number>> {
  const rows = await target.query<{ layer: string; n: number }>(`SELECT layer, count(*)::int AS n FROM plu_features GROUP BY layer`);
  return Object.fromEntries(rows.map((r) => [r.layer, r.n]));
}

/** A zip of the given files, stored without compression (the reader takes both). */
function zipOf(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name);
    const crc = crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const dirEntry = Buffer.alloc(46);
    dirEntry.writeUInt32LE(0x02014b50, 0);
    dirEntry.writeUInt16LE(20, 4);
    dirEntry.writeUInt16LE(20, 6);
    dirEntry.writeUInt32LE(crc, 16);
    dirEntry.writeUInt32LE(f.data.length, 20);
    dirEntry.writeUInt32LE(f.data.length, 24);
    dirEntry.writeUInt16LE(name.length, 28);
    dirEntry.writeUInt32LE(offset, 42);
    locals.push(local, name, f.data);
    central.push(dirEntry, name);
    offset += 30 + name.length + f.data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

beforeAll(async () => {
  db = await createTestDb({ samples: [BONDY_CADASTRE] });
}, 120_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('plu importer (GPU, CNIG standard)', () => {
  it('recognises GeoPackage, shapefile and GeoJSON files of the standard', async () => {
    for (const file of Object.values(PLU)) expect((await detectFileFormat(file, path.basename(file))).source).toBe('plu');
    const geojson = path.join(dir, '93010_zone_urba.geojson');
    writeFileSync(geojson, '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"IDURBA":"93010_PLU_20200101"}}]}');
    expect((await detectFileFormat(geojson, path.basename(geojson))).source).toBe('plu');
    // A folder import sets the shapefile's companions aside, saying why.
    for (const ext of ['dbf', 'shx', 'prj', 'cpg']) {
      const companion = PLU.shp2025.replace(/shp$/, ext);
      await expect(detectFileFormat(companion, path.basename(companion))).rejects.toThrow(
        /accompagne le shapefile .*\.shp\u00a0», importé avec lui/,
      );
    }
  });

  it('imports the 2021 zones and prescriptions of Bondy, with the document and its approval date', async () => {
    const t0 = Date.now();
    const zones = await runImport(db, { path: PLU.zones2021, startedBy: 'test' });
    const prescriptions = await runImport(db, { path: PLU.prescriptions2021, startedBy: 'test' });
    console.info(`PLU 2021: ${zones.rowsKept} + ${prescriptions.rowsKept} objets en ${Date.now() - t0} ms`);
    expect(zones).toMatchObject({ status: 'succeeded', source: 'plu', rowsKept: 152, rowsRejected: 0, vintage: '2021-06-29' });
    // The OAP layer (another version, 20200204) is not one of the standard's imported layers.
    expect(prescriptions).toMatchObject({ status: 'succeeded', rowsKept: 643 + 274 + 5 + 57 + 1, rowsRejected: 0 });
    expect(await layerCounts()).toEqual({
      zone_urba: 152,
      prescription_surf: 643,
      prescription_lin: 274,
      prescription_pct: 5,
      info_surf: 57,
      info_lin: 1,
    });
    const docs = await db.query(`SELECT partition, idurba, datappro::text AS datappro FROM plu_documents`);
    expect(docs).toEqual([{ partition: '200057875_PLUI', idurba: '200057875_PLUI_20210629', datappro: '2021-06-29' }]);
    const types = await db.query<{ typezone: string; n: number }>(
      `SELECT typezone, count(*)::int AS n FROM plu_features WHERE layer = 'zone_urba' GROUP BY typezone ORDER BY typezone`,
    );
    expect(types).toEqual([
      { typezone: 'N', n: 32 },
      { typezone: 'U', n: 120 },
    ]);
  });

  it('re-importing a file changes nothing', async () => {
    const before = await state();
    const again = await runImport(db, { path: PLU.zones2021, startedBy: 'test' });
    expect(again).toMatchObject({ status: 'succeeded', summary: { featuresInserted: 0, layersUnchanged: 1 } });
    expect(await state()).toBe(before);
  });

  it('refuses a truncated GeoPackage and a foreign zip in French, the data left in place', async () => {
    const before = await state();
    const truncated = path.join(dir, 'tronque.gpkg');
    writeFileSync(truncated, readFileSync(PLU.gpkg2025).subarray(0, 200_000));
    const cut = await runImport(db, { path: truncated, startedBy: 'test' });
    expect(cut).toMatchObject({ status: 'failed', error: expect.stringMatching(/n’est pas un GeoPackage lisible.*rien n’a été changé/) });
    const zip = path.join(dir, 'autre.zip');
    writeFileSync(zip, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    const r = await runImport(db, { path: zip, startedBy: 'test' }).catch((e: Error) => e);
    expect(r instanceof Error ? r.message : r.error).toMatch(/archive zip illisible ou sans shapefile.*rien n’a été changé/);
    expect(await state()).toBe(before);
  });

  it('the 2025 version replaces the whole 2021 one', async () => {
    const t0 = Date.now();
    const r = await runImport(db, { path: PLU.gpkg2025, startedBy: 'test' });
    console.info(`PLU 2025 (GeoPackage): ${r.rowsKept} objets en ${Date.now() - t0} ms`);
    // Two degenerate leftovers of the producer's clipping to the commune (a point and a line in the zones layer).
    expect(r).toMatchObject({ status: 'succeeded', vintage: '2025-06-24', rowsRejected: 2 });
    expect(r.rejects.map((x) => x.reason)).toEqual([
      'couche 200057875_ZONE_URBA_20250624.shp\u00a0: géométrie Point dans une couche zone_urba',
      'couche 200057875_ZONE_URBA_20250624.shp\u00a0: géométrie LineString dans une couche zone_urba',
    ]);
    expect(r.summary).toMatchObject({ replacedVersions: '200057875_PLUI_20210629' });
    // The GPU layers, not the producer's M3_* working copies.
    expect(await layerCounts()).toEqual({
      zone_urba: 158,
      prescription_surf: 799,
      prescription_lin: 511,
      prescription_pct: 25,
      info_surf: 96,
      info_lin: 1,
    });
    const versions = await db.query(`SELECT DISTINCT idurba FROM plu_features`);
    expect(versions).toEqual([{ idurba: '200057875_PLUI_20250624' }]);
    const docs = await db.query(`SELECT idurba, datappro::text AS datappro, nomfic FROM plu_documents`);
    expect(docs).toEqual([{ idurba: '200057875_PLUI_20250624', datappro: '2025-06-24', nomfic: expect.stringMatching(/20250624/) }]);
  });

  it('an older version imported afterwards changes nothing and says so', async () => {
    const before = await state();
    const r = await runImport(db, { path: PLU.prescriptions2021, startedBy: 'test' });
    expect(r.status).toBe('succeeded');
    expect(String(r.summary.ignoredOlder)).toContain('200057875_PLUI_20210629');
    expect(await state()).toBe(before);
  });

  it('parcel 93010000AC0013 lies in zone UC48C16 (Centralite, U) of the 2025 document', async () => {
    const u = await parcelUrbanism(db, '93010000AC0013');
    expect(u?.documents.map((d) => d.idurba)).toEqual(['200057875_PLUI_20250624']);
    expect(u?.zones[0]).toMatchObject({ libelle: 'UC48C16', libelong: 'Centralite', typezone: 'U', idurba: '200057875_PLUI_20250624' });
    expect(u?.zones[0]?.share).toBeGreaterThan(0.95);
    // The area-wide OAP perimeter of the Plaine de l'Ourcq covers every parcel of Bondy.
    expect(u?.prescriptions.some((p) => /Ourcq/i.test(p.libelle ?? '') && (p.share ?? 0) > 0.99)).toBe(true);
  });

  it('the 2025 shapefile gives the same zones as the GeoPackage, parcel by parcel', async () => {
    const other = await createTestDb({ samples: [BONDY_CADASTRE] });
    try {
      // The five files zipped as the Géoportail hands them out; then the loose .shp, which reads the same.
      const base = path.basename(PLU.shp2025, '.shp');
      const zip = path.join(dir, `${base}.zip`);
      const exts = ['shp', 'shx', 'dbf', 'prj', 'cpg'];
      writeFileSync(zip, zipOf(exts.map((ext) => ({ name: `${base}.${ext}`, data: readFileSync(PLU.shp2025.replace(/shp$/, ext)) }))));
      expect((await detectFileFormat(zip, path.basename(zip))).source).toBe('plu');
      const t0 = Date.now();
      const r = await runImport(other, { path: zip, startedBy: 'test' });
      console.info(`PLU 2025 (zip de shapefiles): ${r.rowsKept} objets en ${Date.now() - t0} ms`);
      expect(r).toMatchObject({ status: 'succeeded', rowsKept: 145, rowsRejected: 0, vintage: '2025-06-24' });
      const zipped = await state(other);
      const loose = path.join(dir, path.basename(PLU.shp2025));
      for (const ext of exts) copyFileSync(PLU.shp2025.replace(/shp$/, ext), loose.replace(/shp$/, ext));
      expect(await runImport(other, { path: loose, startedBy: 'test' })).toMatchObject({
        status: 'succeeded',
        summary: { featuresInserted: 0 },
      });
      expect(await state(other)).toBe(zipped);
      const mainZone = async (target: Db) =>
        target.query<{ id: string; libelle: string; typezone: string }>(
          `SELECT DISTINCT ON (p.id) p.id, f.libelle, f.typezone FROM parcels p
             JOIN plu_features f ON f.layer = 'zone_urba'
              AND box(point(f.bbox_west, f.bbox_south), point(f.bbox_east, f.bbox_north)) @> point(p.centroid_lon, p.centroid_lat)
            WHERE p.is_current AND p.id LIKE '93010000A%'
            ORDER BY p.id, f.libelle`,
        );
      const ids = (await mainZone(other)).map((x) => x.id).slice(0, 40);
      let compared = 0;
      const t1 = Date.now();
      for (const id of ids) {
        const a = await parcelUrbanism(db, id);
        const b = await parcelUrbanism(other, id);
        const top = (x: typeof a) => x?.zones.filter((z) => z.share > 0.5).map((z) => `${z.libelle}|${z.libelong}|${z.typezone}`);
        expect(top(b), id).toEqual(top(a));
        compared++;
      }
      expect(compared).toBe(40);
      console.info(`Urbanisme de 80 fiches parcelles\u00a0: ${Date.now() - t1} ms`);
    } finally {
      await other.close();
    }
  });
});
