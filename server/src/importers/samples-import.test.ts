/**
 * The other samples import too (geo-DVF Abzac and its Hendaye variant, the Ain raw extract, both DPE
 * layouts), and the safety rules hold: a malformed row is reported with its line and reason and
 * never enters the tables; a wrong file, a wrong encoding or an empty file is refused in French and
 * changes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { createTestDb } from '../test/db.js';
import { lambert93ToWgs84 } from './dpe.js';
import { runImport } from './run.js';
import { SAMPLES, SAMPLES_DIR } from './test-samples.js';

let db: Db;
const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-samples-'));

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function counts(): Promise<Record<string, number>> {
  const [c] = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM dvf_lines) AS lines, (SELECT count(*)::int FROM dvf_mutations) AS mutations,
            (SELECT count(*)::int FROM dvf_sales) AS sales, (SELECT count(*)::int FROM dpe) AS dpe,
            (SELECT count(*)::int FROM parcels) AS parcels, (SELECT count(*)::int FROM ban_addresses) AS ban,
            (SELECT count(*)::int FROM import_runs WHERE status = 'succeeded') AS runs`,
  );
  return c ?? {};
}

describe('the other samples', () => {
  it('imports the Abzac geo-DVF file (Etalab layout) with the coordinates of the file', async () => {
    const r = await runImport(db, { path: SAMPLES.dvfAbzac, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 164, rowsKept: 164, rowsRejected: 0 });
    expect(r.summary).toMatchObject({ mutations: 50, geolocatedFromFile: 160, notGeolocated: 4 });
    const [m] = await db.query(
      `SELECT origin, nature_mutation, valeur_fonciere, code_departement FROM dvf_mutations WHERE id_mutation = '2021-527143'`,
    );
    expect(m).toEqual({ origin: 'geo-dvf', nature_mutation: 'Vente', valeur_fonciere: 136000, code_departement: '33' });
  });

  it('imports the Hendaye variant (section_prefixe column, CRLF, 2019–2023)', async () => {
    const r = await runImport(db, { path: SAMPLES.dvfHendaye, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 2575, rowsKept: 2575, vintage: '2019-01-03 – 2023-12-27' });
    const years = await db.query<{ y: number; n: number }>(
      `SELECT extract(year FROM m.date_mutation)::int AS y, count(*)::int AS n FROM dvf_lines l JOIN dvf_mutations m USING (id_mutation)
        WHERE m.code_commune = '64260' GROUP BY 1 ORDER BY 1`,
    );
    expect(years).toEqual([
      { y: 2019, n: 566 },
      { y: 2020, n: 467 },
      { y: 2021, n: 673 },
      { y: 2022, n: 496 },
      { y: 2023, n: 373 },
    ]);
    const [stat] = await db.query<{ n: number }>(
      `SELECT sum(n)::int AS n FROM dvf_stats_monthly WHERE level = 'departement' AND code = '64' AND type = 'appartement'`,
    );
    expect(stat?.n).toBeGreaterThan(1500);
  });

  it('imports the Ain raw extract (first column “Code service CH”), rows without a known parcel kept and counted', async () => {
    const r = await runImport(db, { path: SAMPLES.dvfRawAin, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 172, rowsKept: 172 });
    expect(r.summary).toMatchObject({ notGeolocated: 172, geolocatedAtParcelCentroid: 0, communes: 41 });
    const [l] = await db.query(
      `SELECT code_commune, id_parcelle, code_postal, nature_culture FROM dvf_lines WHERE code_commune = '01072' LIMIT 1`,
    );
    expect(l).toEqual({ code_commune: '01072', id_parcelle: '01072000AK0216', code_postal: '01250', nature_culture: 'terres' });
  });

  it('imports a plain .json cadastre (Paris 18e, 2022) and its newer .json.gz vintage (2025)', async () => {
    const old = await runImport(db, { path: SAMPLES.cadastreParis18, startedBy: 'test' });
    expect(old).toMatchObject({ status: 'succeeded', rowsKept: 6821, vintage: expect.stringMatching(/^2021-/) });
    const newer = await runImport(db, { path: `${SAMPLES_DIR}cadastre/cadastre-75118-parcelles_2025.json.gz`, startedBy: 'test' });
    expect(newer).toMatchObject({ status: 'succeeded', rowsKept: 6906 });
    const [p] = await db.query<{ current: number; history: number }>(
      `SELECT count(*) FILTER (WHERE is_current)::int AS current, count(*) FILTER (WHERE NOT is_current)::int AS history
         FROM parcels WHERE code_commune = '75118'`,
    );
    expect(p?.current).toBe(6906);
    expect(p?.history).toBe(newer.summary.retiredToHistory);
  });

  it('imports the dpe03existant sample, converting Lambert-93 to WGS84', async () => {
    const r = await runImport(db, { path: SAMPLES.dpeExistant, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 1000, rowsKept: 1000 });
    expect(r.summary).toMatchObject({ modele: 'existant', dpe: 1000 });
    const [lyon] = await db.query<{ n: number; lat: number; lon: number }>(
      `SELECT count(*)::int AS n, avg(latitude) AS lat, avg(longitude) AS lon FROM dpe WHERE code_insee_ban = '69388'`,
    );
    expect(lyon?.n).toBe(156);
    expect(lyon?.lat).toBeCloseTo(45.735, 1);
    expect(lyon?.lon).toBeCloseTo(4.87, 1);
    const [first] = await db.query(
      `SELECT etiquette_dpe, type_batiment, surface_habitable_logement, annee_construction FROM dpe WHERE numero_dpe = '2434E3181687A'`,
    );
    expect(first).toEqual({ etiquette_dpe: 'C', type_batiment: 'maison', surface_habitable_logement: 61.5, annee_construction: 2010 });
    // Lambert-93 origin of the projection: 3° E, 46.5° N.
    const o = lambert93ToWgs84(700_000, 6_600_000);
    expect(o?.lon).toBeCloseTo(3, 6);
    expect(o?.lat).toBeCloseTo(46.5, 6);
  });

  it('imports the older labelled-header DPE export (new dwellings)', async () => {
    const r = await runImport(db, { path: SAMPLES.dpeNeufs, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 2851, rowsKept: 2851 });
    const labels = await db.query<{ etiquette_dpe: string; n: number }>(
      `SELECT etiquette_dpe, count(*)::int AS n FROM dpe WHERE modele = 'neuf' GROUP BY 1 ORDER BY 1`,
    );
    expect(labels).toEqual([
      { etiquette_dpe: 'A', n: 93 },
      { etiquette_dpe: 'B', n: 831 },
      { etiquette_dpe: 'C', n: 1904 },
      { etiquette_dpe: 'D', n: 15 },
      { etiquette_dpe: 'E', n: 8 },
    ]);
  });
});

describe('safety', () => {
  it('reports each malformed row with its line and reason, and imports only the good ones', async () => {
    const lines = readFileSync(SAMPLES.dvfAbzac, 'utf8').split('\n');
    const header = lines[0] ?? '';
    const good = (lines[1] ?? '').replace('2021-527101', 'T-1');
    const file = path.join(dir, 'dvf-abime.csv');
    writeFileSync(
      file,
      [
        header,
        good.replace('RUE DU PETREAU', 'RUE DU TEST'),
        good.replace('T-1', 'T-2').replace('2021-01-06', '2021-13-45'),
        // Unreadable as CSV: reported by the reader, in its place in the list.
        '"T-7"x,2021-01-06',
        good.replace('T-1', 'T-3').replace(',505.5,', ',12x,'),
        'T-4,2021-01-06,trop,court',
        good.replace('T-1', 'T-5').replace('-0.124133', '-500'),
        good.replace('T-1', 'T-6'),
      ].join('\n'),
    );
    const before = await counts();
    const r = await runImport(db, { path: file, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 7, rowsKept: 2, rowsRejected: 5 });
    expect(r.rejects).toEqual([
      { line: 3, reason: 'date de mutation invalide « 2021-13-45 »' },
      { line: 4, reason: 'ligne illisible (texte après un guillemet fermant)' },
      { line: 5, reason: 'valeur foncière invalide « 12x »' },
      { line: 6, reason: '4 colonnes au lieu de 40' },
      { line: 7, reason: 'coordonnées hors limites (-500, 45.014097)' },
    ]);
    const ids = await db.query<{ id_mutation: string }>(`SELECT id_mutation FROM dvf_mutations WHERE id_mutation LIKE 'T-%' ORDER BY 1`);
    expect(ids.map((i) => i.id_mutation)).toEqual(['T-1', 'T-6']);
    const [run] = await db.query<{ rejects: unknown; rows_rejected: number }>(
      `SELECT rejects, rows_rejected FROM import_runs WHERE id = $1`,
      [r.runId],
    );
    expect(run).toEqual({ rejects: r.rejects, rows_rejected: 5 });
    // One file replaces the (commune, year) pairs it covers: Abzac 2021 now holds the two good rows only.
    expect((await counts()).lines).toBe((before.lines ?? 0) - 164 + 2);
  });

  it('refuses a wrong file type, a wrong encoding and an empty file in French, changing nothing', async () => {
    const before = await counts();
    const latin1 = path.join(dir, 'latin1.txt');
    writeFileSync(latin1, Buffer.from(readFileSync(SAMPLES.dvfRawBondy, 'utf8'), 'latin1'));
    await expect(runImport(db, { path: latin1, startedBy: 'test' })).rejects.toThrow(/« latin1\.txt » n’est pas encodé en UTF-8/);
    const empty = path.join(dir, 'vide.csv');
    writeFileSync(empty, '');
    await expect(runImport(db, { path: empty, startedBy: 'test' })).rejects.toThrow('Le fichier « vide.csv » est vide.');
    // A CSV of none of the known sources (listing feeds are one now, so the file is made here).
    const unknown = path.join(dir, 'inventaire.csv');
    writeFileSync(unknown, 'reference;designation;quantite\nA1;Chaise;4\n');
    await expect(runImport(db, { path: unknown, startedBy: 'test' })).rejects.toThrow(/Type de fichier non reconnu/);
    const headerOnly = path.join(dir, 'entete.csv');
    writeFileSync(headerOnly, `${readFileSync(SAMPLES.dvfAbzac, 'utf8').split('\n')[0]}\n`);
    const h = await runImport(db, { path: headerOnly, startedBy: 'test' });
    expect(h).toMatchObject({ status: 'failed', error: 'Le fichier « entete.csv » ne contient aucune ligne de données.' });
    // An invalid byte far into a file (past what detection reads) fails the import at that point.
    const late = path.join(dir, 'fin-latin1.csv');
    writeFileSync(
      late,
      Buffer.concat([readFileSync(SAMPLES.dvfHendaye), Buffer.from('2019-1,2019-08-30,1,Vente,1,3,,RUE \xe9,1,64700\n', 'latin1')]),
    );
    const l = await runImport(db, { path: late, startedBy: 'test' });
    expect(l.status).toBe('failed');
    expect(l.error).toMatch(/n’est pas encodé en UTF-8/);
    // Forcing the wrong source is refused by the header check.
    const forced = await runImport(db, { path: SAMPLES.dvfAbzac, source: 'ban', startedBy: 'test' });
    expect(forced.error).toMatch(/colonnes BAN absentes/);
    expect(await counts()).toEqual(before);
    const failed = await db.query<{ status: string }>(`SELECT status FROM import_runs WHERE id IN ($1, $2, $3)`, [
      h.runId,
      l.runId,
      forced.runId,
    ]);
    expect(failed.map((f) => f.status)).toEqual(['failed', 'failed', 'failed']);
  });
});
