/**
 * A DVF file recomputes only the (commune, year) pairs it replaces: importing a commune year by
 * year, in any order, with a year imported twice, gives exactly the sales, map points and cells,
 * statistics and mutations of one import of all the years. New plausibility bounds still apply to
 * every sale and statistic.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_BOUNDS, type PlausibilityBounds } from '@immoloupe/shared/market/mutation.logic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { createTestDb } from '../test/db.js';
import { runImport } from './run.js';
import { SAMPLES } from './test-samples.js';

const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-dvf-years-'));
const dbs: Db[] = [];
afterAll(async () => {
  for (const db of dbs) await db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function freshDb(): Promise<Db> {
  const db = await createTestDb();
  dbs.push(db);
  return db;
}

const [HEADER, ...ROWS] = readFileSync(SAMPLES.dvfHendaye, 'utf8')
  .replace(/^\uFEFF/, '')
  .split(/\r?\n/)
  .filter(Boolean);
const field = (row: string, i: number) => row.split(',')[i] ?? '';
/** A mutation of 2021 that a later release dates 2022 (the id moves to another year). */
const MOVED = field(ROWS.find((r) => field(r, 1).startsWith('2021') && field(r, 30) === 'Appartement') as string, 0);
const moved = (row: string) => (field(row, 0) === MOVED ? row.replace(/,2021-\d\d-\d\d,/, ',2022-06-15,') : row);
/** The 2021 sales of Hendaye again, as another commune of the département (64999). */
const otherCommune = ROWS.filter((r) => field(r, 1).startsWith('2021')).map((r) =>
  r
    .replace(/^2021-/, '2021-X')
    .replace(/,64260,/, ',64999,')
    .replace(/,64260([0-9A-Z]{9}),/g, ',64999$1,'),
);

/** The same sales again as a « commune nouvelle » (64998) whose parcels keep their former numbers (64260…). */
const communeNouvelle = ROWS.filter((r) => field(r, 1).startsWith('2021')).map((r) =>
  r.replace(/^2021-/, '2021-N').replace(/,64260,/, ',64998,'),
);

function write(name: string, rows: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${HEADER}\n${rows.join('\n')}\n`);
  return file;
}

/** Hendaye cut into one file per year (`MOVED` in 2021), then the next release of 2022 (`MOVED` in it). */
function yearFiles(): Map<number | string, string> {
  const files = new Map<number | string, string>();
  for (const year of [2019, 2020, 2021, 2022, 2023]) {
    files.set(
      year,
      write(
        `hendaye-${year}.csv`,
        ROWS.filter((r) => field(r, 1).startsWith(String(year))),
      ),
    );
  }
  files.set(
    '2022-moved',
    write(
      'hendaye-2022-moved.csv',
      ROWS.map(moved).filter((r) => field(r, 1).startsWith('2022')),
    ),
  );
  files.set('other', write('other-commune-2021.csv', otherCommune));
  files.set('nouvelle', write('commune-nouvelle-2021.csv', communeNouvelle));
  files.set('all-moved', write('hendaye-all-moved.csv', ROWS.map(moved)));
  return files;
}

async function importFile(db: Db, file: string, bounds: PlausibilityBounds = DEFAULT_BOUNDS): Promise<void> {
  const report = await runImport(db, { path: file, source: 'dvf', startedBy: 'test', bounds });
  expect(report.status, report.error ?? '').toBe('succeeded');
}

/** Everything the refresh derives, in a fixed order, without run ids. */
async function derived(db: Db): Promise<Record<string, unknown[]>> {
  return {
    mutations: await db.query(
      `SELECT id_mutation, date_mutation, code_commune, nb_lignes, nb_locaux, longitude, latitude FROM dvf_mutations ORDER BY 1`,
    ),
    sales: await db.query(
      `SELECT id_mutation, month, code_type_local, valeur_fonciere, surface_reelle_bati, prix_m2, code_section, adresse,
              longitude, latitude, within_bounds FROM dvf_sales ORDER BY 1`,
    ),
    points: await db.query('SELECT cell::text, id_mutation, kinds, nature, price, ppm2, lon, lat FROM dvf_map_points ORDER BY 1, 2'),
    cells: await db.query(
      `SELECT level, cell::text, code_commune, month, kinds, nature, n, round(sum_lon::numeric, 9)::text AS sum_lon,
              round(sum_lat::numeric, 9)::text AS sum_lat
         FROM dvf_map_cells ORDER BY 1, 2, 3, 4, 5, 6`,
    ),
    stats: await db.query(
      `SELECT level, code, type, month, n, round(median::numeric, 6)::text AS median, round(mean::numeric, 6)::text AS mean,
              round(q1::numeric, 6)::text AS q1, round(q3::numeric, 6)::text AS q3
         FROM dvf_stats_monthly ORDER BY 1, 2, 3, 4`,
    ),
  };
}

let files: Map<number | string, string>;
let allAtOnce: Record<string, unknown[]>;

beforeAll(async () => {
  files = yearFiles();
  const db = await freshDb();
  await importFile(db, files.get('all-moved') as string);
  await importFile(db, files.get('other') as string);
  await importFile(db, SAMPLES.dvfAbzac);
  allAtOnce = await derived(db);
}, 120_000);

describe('DVF imported year by year', () => {
  it('gives the data of one import of every year, in any order, with a year imported twice and an id moved to another year', async () => {
    expect(MOVED).toMatch(/^2021-/);
    expect(allAtOnce.sales?.length).toBeGreaterThan(1_000);
    expect(allAtOnce.sales?.some((r) => (r as { id_mutation: string }).id_mutation === MOVED)).toBe(true);
    expect(allAtOnce.stats?.some((r) => (r as { level: string }).level === 'departement')).toBe(true);
    const db = await freshDb();
    for (const year of [2021, 2019]) await importFile(db, files.get(year) as string);
    await importFile(db, SAMPLES.dvfAbzac);
    for (const year of [2023, 2020, 2022, 2021]) await importFile(db, files.get(year) as string);
    // The commune of the same département arrives before the release that moves a 2021 sale to 2022.
    await importFile(db, files.get('other') as string);
    await importFile(db, files.get('2022-moved') as string);
    expect(await derived(db)).toEqual(allAtOnce);
  }, 120_000);

  it('applies new plausibility bounds to the years already there', async () => {
    const narrow: PlausibilityBounds = { ...DEFAULT_BOUNDS, pricePerM2: { min: 2_000, max: 6_000 } };
    const expected = await freshDb();
    await importFile(expected, SAMPLES.dvfHendaye, narrow);
    await importFile(expected, files.get('other') as string, narrow);
    await importFile(expected, SAMPLES.dvfAbzac, narrow);
    const db = await freshDb();
    await importFile(db, SAMPLES.dvfAbzac);
    await importFile(db, files.get('other') as string);
    for (const year of [2019, 2020, 2021, 2022]) await importFile(db, files.get(year) as string);
    await importFile(db, files.get(2023) as string, narrow);
    const got = await derived(db);
    const want = await derived(expected);
    expect(got).toEqual(want);
    expect(want.sales?.filter((s) => !(s as { within_bounds: boolean }).within_bounds).length).toBeGreaterThan(0);
  }, 120_000);

  it('counts in a section the sales of every commune selling its parcels, and imports such a file again', async () => {
    const db = await freshDb();
    await importFile(db, files.get(2021) as string);
    await importFile(db, files.get('nouvelle') as string);
    await importFile(db, files.get('nouvelle') as string);
    const [{ communes } = { communes: 0 }] = await db.query<{ communes: number }>(
      `SELECT count(DISTINCT code_commune)::int AS communes FROM dvf_sales WHERE code_section LIKE '64260%'`,
    );
    expect(communes).toBe(2);
    const counted = await db.query<{ code: string; type: string; month: string; n: number }>(
      `SELECT code, type, month, n FROM dvf_stats_monthly WHERE level = 'section' AND type <> 'maison_appartement' ORDER BY 1, 2, 3`,
    );
    const expected = await db.query<{ code: string; type: string; month: string; n: number }>(
      `SELECT code_section AS code, CASE code_type_local WHEN 1 THEN 'maison' WHEN 2 THEN 'appartement' ELSE 'local' END AS type,
              month, count(*)::int AS n
         FROM dvf_sales WHERE within_bounds GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(counted.length).toBeGreaterThan(10);
    expect(counted).toEqual(expected);
  }, 120_000);
});
