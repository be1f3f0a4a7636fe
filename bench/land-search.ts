/**
 * Latency of the parcel sheet and of the land search (issue 39) over a département-size synthetic
 * set: 200 000 parcels in 50 synthetic communes (codes 98000–98049, a grid of 80 × 50 squares of
 * about 22 × 22 m each), 5 000 PLU zones (100 a commune, each over 8 × 5 parcels: U, U, U, AUc, A,
 * N in turn) and 1 000 prescriptions, with each parcel's land figures (`parcel_land`) written in SQL
 * as the land refresh would leave them (the bench measures the reads, not the refresh). Measured on
 * communes and parcels picked in turn: the sheet (`parcelSheet` and the urbanism block
 * `parcelUrbanism`, as the page loads them) and « zone U, couverture ≤ 20 %, surface ≥ 500 m² » (first
 * page of 100, total, land figures of the page, communes without buildings); p50 and p95 printed
 * (targets: sheet p95 ≤ 50 ms, land search p95 ≤ 100 ms on PGlite).
 *
 *   BENCH_ENGINES=pglite npm run bench:land -w bench -- [parcels=200000] [zones=5000] [requests=100]
 */
import { performance } from 'node:perf_hooks';
import { migrate } from '../server/src/db/migrate.ts';
import { buildingsMissing, landOfParcels } from '../server/src/features/land/index.ts';
import { parcelsOfZone } from '../server/src/features/parcels/index.ts';
import { parcelSheet } from '../server/src/features/parcels/sheet.ts';
import { parcelUrbanism } from '../server/src/features/urbanism/parcel-urbanism.ts';
import { quantile } from '../shared/src/market/stats.logic.ts';
import { onEachEngine } from './engines.ts';

const PARCELS = Number(process.argv[2] ?? 200_000);
const ZONES = Number(process.argv[3] ?? 5_000);
const REQUESTS = Number(process.argv[4] ?? 100);
const COMMUNES = 50;
/** A commune is a grid of COLS × ROWS parcels; a zone covers ZW × ZH of them. */
const COLS = 80;
const ROWS = Math.ceil(PARCELS / COMMUNES / COLS);
const ZW = 8;
const ZH = 5;
const DX = 0.0003;
const DY = 0.0002;

const ms = (t: number) => `${Math.round(t * 10) / 10} ms`;

async function timed(label: string, n: number, call: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await call(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${label}: p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))} (${n} requests)`);
}

/** A square as GeoJSON in SQL, from its south-west corner. */
const square = (x: string, y: string, w: number, h: number) =>
  `jsonb_build_object('type', 'Polygon', 'coordinates', jsonb_build_array(jsonb_build_array(
     jsonb_build_array(${x}, ${y}), jsonb_build_array(${x} + ${w}, ${y}), jsonb_build_array(${x} + ${w}, ${y} + ${h}),
     jsonb_build_array(${x}, ${y} + ${h}), jsonb_build_array(${x}, ${y}))))`;

/** Commune c's grid starts at 2.0 + c × 0.03° east, 48.0° north. */
const originX = (c: string) => `(2.0 + (${c}) * 0.03)`;

const parcelId = (i: number) => {
  const c = Math.floor(i / (COLS * ROWS)) % COMMUNES;
  const k = i % (COLS * ROWS);
  return `${98000 + c}000${String.fromCharCode(65 + (Math.floor(k / 9999) % 26))}A${String((k % 9999) + 1).padStart(4, '0')}`;
};

await onEachEngine('bench_land', async (engine, db) => {
  console.log(`\n${engine}`);
  const t0 = performance.now();
  await migrate(db);
  const [run] = await db.query<{ id: number }>(
    `INSERT INTO import_runs (source, file_name, status, started_by) VALUES ('cadastre', 'bench', 'succeeded', 'bench') RETURNING id`,
  );
  await db.transaction(async (tx) => {
    // Parcel g: commune c, cell k = (col, row) of its grid; section A? by thousands, number k % 9999 + 1.
    await tx.exec(`
      INSERT INTO parcels (id, code_commune, prefixe, section, numero, code_section, contenance, geometry, centroid_lon, centroid_lat,
                           bbox_west, bbox_south, bbox_east, bbox_north, is_current, first_vintage, last_vintage, import_run_id)
      SELECT (98000 + c)::text || '000' || sec || lpad(num::text, 4, '0'), (98000 + c)::text, '000', sec, num::text, '000' || sec,
             100 + (g * 7919) % 1900, ${square(`${originX('c')} + col * ${DX}`, `48.0 + row * ${DY}`, DX, DY)},
             ${originX('c')} + (col + 0.5) * ${DX}, 48.0 + (row + 0.5) * ${DY},
             ${originX('c')} + col * ${DX}, 48.0 + row * ${DY}, ${originX('c')} + (col + 1) * ${DX}, 48.0 + (row + 1) * ${DY},
             true, '2025-01-01', '2025-01-01', ${run?.id}
        FROM (SELECT g, g / ${COLS * ROWS} AS c, g % ${COLS * ROWS} AS k FROM generate_series(0, ${PARCELS - 1}) g) s,
             LATERAL (SELECT chr(65 + (k / 9999) % 26) || 'A' AS sec, k % 9999 + 1 AS num, k % ${COLS} AS col, k / ${COLS} AS row) p`);
    await tx.exec(`INSERT INTO plu_documents (partition, idurba, datappro) VALUES ('bench_PLUI', 'bench_PLUI_20250101', '2025-01-01');
      INSERT INTO plu_layers (partition, layer, fingerprint, features) VALUES ('bench_PLUI', 'zone_urba', '', ${ZONES}), ('bench_PLUI', 'prescription_surf', '', 1000)`);
    const perRow = COLS / ZW;
    await tx.exec(`
      INSERT INTO plu_features (partition, layer, idurba, libelle, libelong, typezone, geometry, bbox_west, bbox_south, bbox_east, bbox_north)
      SELECT 'bench_PLUI', 'zone_urba', 'bench_PLUI_20250101', t || z, 'Zone ' || z, t,
             ${square(`${originX('c')} + zx * ${ZW * DX}`, `48.0 + zy * ${ZH * DY}`, ZW * DX, ZH * DY)},
             ${originX('c')} + zx * ${ZW * DX}, 48.0 + zy * ${ZH * DY}, ${originX('c')} + (zx + 1) * ${ZW * DX}, 48.0 + (zy + 1) * ${ZH * DY}
        FROM (SELECT z, z / ${ZONES / COMMUNES} AS c, (z % ${ZONES / COMMUNES}) % ${perRow} AS zx, (z % ${ZONES / COMMUNES}) / ${perRow} AS zy,
                     (ARRAY['U', 'U', 'U', 'AUc', 'A', 'N'])[1 + z % 6] AS t
                FROM generate_series(0, ${ZONES - 1}) z) s`);
    await tx.exec(`
      INSERT INTO plu_features (partition, layer, idurba, libelle, type_code, geometry, bbox_west, bbox_south, bbox_east, bbox_north)
      SELECT 'bench_PLUI', 'prescription_surf', 'bench_PLUI_20250101', 'ER ' || p, '05', geometry, bbox_west, bbox_south, bbox_east, bbox_north
        FROM plu_features f, generate_series(1, 1) p WHERE layer = 'zone_urba' AND f.id % 5 = 0`);
    await tx.exec(`INSERT INTO building_communes (code_commune, fingerprint, buildings)
      SELECT (98000 + c)::text, 'bench', 0 FROM generate_series(0, ${COMMUNES - 1}) c`);
    // The figures the refresh leaves: area, a footprint of 0–60 % of it, the zone over the parcel, a prescription on one zone in five.
    await tx.exec(`
      INSERT INTO parcel_land (parcel_id, code_commune, area_m2, built_m2, coverage, zone_type, zone_typezone, zone_libelle, zone_libelong, zone_idurba, prescription_types)
      SELECT id, code_commune, contenance, (contenance * cov)::int, (contenance * cov)::int / contenance::float8,
             CASE WHEN t LIKE 'AU%' THEN 'AU' ELSE t END, t, t || z, 'Zone ' || z, 'bench_PLUI_20250101',
             CASE WHEN z % 5 = 0 THEN ARRAY['05'] ELSE '{}'::text[] END
        FROM (SELECT id, code_commune, contenance, ((hashtext(id) & 1023) % 61) / 100.0 AS cov,
                     z, (ARRAY['U', 'U', 'U', 'AUc', 'A', 'N'])[1 + z % 6] AS t
                FROM (SELECT id, code_commune, contenance,
                             (code_commune::int - 98000) * ${ZONES / COMMUNES}
                               + (((centroid_lat - 48.0) / ${DY})::int / ${ZH}) * ${perRow}
                               + (((centroid_lon - (2.0 + (code_commune::int - 98000) * 0.03)) / ${DX})::int / ${ZW}) AS z
                        FROM parcels) q) s`);
  });
  await db.exec('ANALYZE parcels; ANALYZE plu_features; ANALYZE parcel_land;');
  const [counts] = await db.query<{ p: number; z: number; l: number }>(
    `SELECT (SELECT count(*) FROM parcels)::int AS p, (SELECT count(*) FROM plu_features WHERE layer = 'zone_urba')::int AS z,
            (SELECT count(*) FROM parcel_land)::int AS l`,
  );
  console.log(`  loaded ${counts?.p} parcels, ${counts?.z} zones, ${counts?.l} land rows in ${ms(performance.now() - t0)}`);

  const picked = (i: number) => parcelId((i * 104_729) % PARCELS);
  await timed('parcel sheet (parcelSheet + parcelUrbanism)', REQUESTS, async (i) => {
    const id = picked(i);
    const [sheet, urbanism] = await Promise.all([parcelSheet(db, id), parcelUrbanism(db, id)]);
    if (!sheet || !urbanism?.zones.length) throw new Error(`fiche ${id} vide`);
  });
  let found = 0;
  await timed('land search « zone U, couverture ≤ 20 %, surface ≥ 500 m² » (page of 100 + total + figures)', REQUESTS, async (i) => {
    const code = String(98000 + ((i * 37) % COMMUNES));
    const r = await parcelsOfZone(
      db,
      { kind: 'commune', code },
      { zoneType: 'U', coverageMax: 20, surfaceMin: 500, anciennes: false, limit: 100, offset: 0 },
    );
    await Promise.all([
      landOfParcels(
        db,
        r.parcels.map((p) => p.id),
      ),
      buildingsMissing(db, [code]),
    ]);
    found += r.total;
  });
  console.log(`  ${Math.round(found / REQUESTS)} parcels found per land search on average`);
});
